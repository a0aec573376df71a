// Quire static export: the one script every page loads (in <head>, so the theme is set before the first paint).
// It draws the sidebar from the site space's navigation file, and runs the theme toggle, the search box (its index
// is loaded with <script> tags on first use: fetch fails from file://), tabs, dropdowns and copy buttons.
// No framework, no build step; plain ES2019 that works from file:// and any static server.
(function () {
  'use strict';
  var doc = document.documentElement;
  var root = doc.getAttribute('data-root') || '';
  var storage = {
    get: function (key) {
      try { return window.localStorage.getItem(key); } catch { return null; }
    },
    set: function (key, value) {
      try { window.localStorage.setItem(key, value); } catch { /* storage is optional */ }
    },
  };

  // Theme: the reader's choice when the site lets them choose, else the site's default (system: the OS's).
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  var themeDefault = doc.getAttribute('data-theme-default') || 'light';
  var toggleable = doc.getAttribute('data-toggle') === '1';
  function preferredTheme() {
    var chosen = toggleable ? storage.get('quire-theme') : null;
    if (chosen === 'light' || chosen === 'dark') return chosen;
    if (themeDefault === 'system') return media && media.matches ? 'dark' : 'light';
    return themeDefault === 'dark' ? 'dark' : 'light';
  }
  doc.setAttribute('data-theme', preferredTheme());
  if (media && media.addEventListener) media.addEventListener('change', function () { doc.setAttribute('data-theme', preferredTheme()); });

  function ready(fn) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
    else fn();
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  var externalBlank = doc.getAttribute('data-external') === 'blank';

  // Sidebar: drawn from window.__quireNav[key]; branches open along the current page, the others on demand.
  function drawSidebar() {
    var container = document.getElementById('qr-nav');
    var key = doc.getAttribute('data-nav');
    var tree = window.__quireNav && window.__quireNav[key];
    if (!container || !tree) return;
    // Icons of entries: one drawing per icon name in the navigation file, an <svg> built per entry from it.
    var icons = window.__quireIcons && window.__quireIcons[key];
    var current = doc.getAttribute('data-page');
    var trail = [];
    (function find(items, path) {
      for (var i = 0; i < items.length; i++) {
        var item = items[i];
        if (item.p === current) { trail = path.concat(item); return true; }
        if (item.c && find(item.c, path.concat(item))) return true;
      }
      return false;
    })(tree, []);
    var currentLink = null;

    function navIcon(name, drawing) {
      var svgNs = 'http://www.w3.org/2000/svg';
      var span = element('span', 'nav-icon');
      span.setAttribute('aria-hidden', 'true');
      var svg = document.createElementNS(svgNs, 'svg');
      svg.setAttribute('class', 'quire-icon');
      svg.setAttribute('data-icon', name);
      svg.setAttribute('viewBox', drawing[0]);
      svg.setAttribute('focusable', 'false');
      var path = document.createElementNS(svgNs, 'path');
      path.setAttribute('fill', 'currentColor');
      path.setAttribute('d', drawing[1]);
      svg.appendChild(path);
      span.appendChild(svg);
      return span;
    }
    function list(items) {
      var ul = element('ul');
      for (var i = 0; i < items.length; i++) ul.appendChild(entry(items[i]));
      return ul;
    }
    function entry(item) {
      var li = element('li', item.g ? 'nav-group' : 'nav-item');
      if (item.g) {
        li.appendChild(element('span', 'nav-group-title', item.t));
        if (item.c) li.appendChild(list(item.c));
        return li;
      }
      var row = element('div', 'nav-row');
      var link = element(item.h ? 'a' : 'span', 'nav-link' + (item.x ? ' nav-external' : ''));
      if (item.h) {
        link.setAttribute('href', item.x ? item.h : root + item.h);
        if (item.x) {
          link.setAttribute('rel', 'noopener noreferrer');
          if (externalBlank) link.setAttribute('target', '_blank');
        }
      }
      if (item.e) link.appendChild(element('span', 'nav-emoji', item.e));
      else if (item.i && icons && icons[item.i]) link.appendChild(navIcon(item.i, icons[item.i]));
      link.appendChild(element('span', 'nav-label', item.t));
      if (item.m) {
        var method = element('span', 'http-method nav-method', item.m.toUpperCase());
        method.setAttribute('data-method', item.m);
        link.appendChild(method);
      }
      if (item.p && item.p === current) {
        link.setAttribute('aria-current', 'page');
        currentLink = link;
      }
      row.appendChild(link);
      li.appendChild(row);
      if (item.c) {
        var toggle = element('button', 'nav-toggle');
        toggle.type = 'button';
        toggle.setAttribute('aria-label', 'Show or hide ' + item.t);
        row.appendChild(toggle);
        var open = trail.indexOf(item) !== -1;
        var drawn = null;
        var show = function (state) {
          if (state && !drawn) { drawn = list(item.c); li.appendChild(drawn); }
          if (drawn) drawn.hidden = !state;
          li.classList.toggle('open', state);
          toggle.setAttribute('aria-expanded', state ? 'true' : 'false');
        };
        show(open);
        toggle.addEventListener('click', function () { show(!li.classList.contains('open')); });
      }
      return li;
    }
    container.appendChild(list(tree));
    if (currentLink) {
      var sidebar = document.getElementById('qr-sidebar');
      var top = currentLink.offsetTop - (sidebar ? sidebar.clientHeight / 3 : 0);
      if (sidebar && top > 0) sidebar.scrollTop = top;
    }
  }

  function textOf(selector) {
    var node = document.querySelector(selector);
    return node ? node.textContent.trim() : '';
  }

  function themeToggle() {
    var button = document.getElementById('qr-theme');
    if (!button) return;
    button.addEventListener('click', function () {
      var next = doc.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
      doc.setAttribute('data-theme', next);
      storage.set('quire-theme', next);
    });
  }

  function tabs() {
    document.addEventListener('click', function (event) {
      var tab = event.target.closest && event.target.closest('.tabs .tab');
      if (!tab) return;
      var container = tab.closest('.tabs');
      var index = tab.getAttribute('data-tab');
      var buttons = container.querySelectorAll(':scope > .tabs-bar > .tab');
      for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute('aria-selected', buttons[i] === tab ? 'true' : 'false');
      var panels = container.querySelectorAll(':scope > .tab-panel');
      for (var j = 0; j < panels.length; j++) panels[j].hidden = panels[j].getAttribute('data-tab') !== index;
    });
  }

  function dropdowns() {
    var all = document.querySelectorAll('details.dropdown');
    for (var i = 0; i < all.length; i++) {
      all[i].addEventListener('toggle', function (event) {
        if (!event.target.open) return;
        for (var j = 0; j < all.length; j++) if (all[j] !== event.target) all[j].open = false;
      });
    }
    document.addEventListener('click', function (event) {
      for (var k = 0; k < all.length; k++) if (all[k].open && !all[k].contains(event.target)) all[k].open = false;
    });
    document.addEventListener('keydown', function (event) {
      if (event.key !== 'Escape') return;
      for (var k = 0; k < all.length; k++) all[k].open = false;
      doc.classList.remove('sidebar-open');
    });
  }

  function mobileMenu() {
    var button = document.getElementById('qr-menu');
    if (!button) return;
    button.addEventListener('click', function () { doc.classList.toggle('sidebar-open'); });
    document.addEventListener('click', function (event) {
      if (!doc.classList.contains('sidebar-open')) return;
      var sidebar = document.getElementById('qr-sidebar');
      if (sidebar && !sidebar.contains(event.target) && !button.contains(event.target)) doc.classList.remove('sidebar-open');
    });
  }

  function announcement() {
    var banner = document.getElementById('qr-announcement');
    if (!banner) return;
    var text = banner.textContent || '';
    if (storage.get('quire-announcement') === text) { banner.hidden = true; return; }
    var close = banner.querySelector('.announcement-close');
    if (close) close.addEventListener('click', function () { banner.hidden = true; storage.set('quire-announcement', text); });
  }

  function copyButtons() {
    var blocks = document.querySelectorAll('.code-block');
    for (var i = 0; i < blocks.length; i++) {
      (function (block) {
        var button = element('button', 'copy-button', 'Copy');
        button.type = 'button';
        button.addEventListener('click', function () {
          var code = block.querySelector('code');
          var value = code ? code.textContent : '';
          var done = function () { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 1500); };
          if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(value).then(done, function () { fallbackCopy(value); done(); });
          else { fallbackCopy(value); done(); }
        });
        block.appendChild(button);
      })(blocks[i]);
    }
  }
  function fallbackCopy(value) {
    var area = element('textarea');
    area.value = value;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try { document.execCommand('copy'); } catch { /* nothing more to try */ }
    area.remove();
  }

  // "On this page": the heading in view is marked in the outline.
  function outlineSpy() {
    var links = document.querySelectorAll('.outline a[href^="#"]');
    if (!links.length || !window.IntersectionObserver) return;
    var byId = {};
    var headings = [];
    for (var i = 0; i < links.length; i++) {
      var id = decodeURIComponent(links[i].getAttribute('href').slice(1));
      var heading = document.getElementById(id);
      if (heading) { byId[id] = links[i]; headings.push(heading); }
    }
    var visible = {};
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { visible[entry.target.id] = entry.isIntersecting; });
      var active = null;
      for (var j = 0; j < headings.length; j++) if (visible[headings[j].id]) { active = headings[j].id; break; }
      if (!active) return;
      for (var key in byId) byId[key].classList.toggle('active', key === active);
    }, { rootMargin: '-80px 0px -60% 0px' });
    headings.forEach(function (heading) { observer.observe(heading); });
  }

  // Search: the index (assets/search-index.js) and MiniSearch load on first use; results group by section and variant.
  function search() {
    var opener = document.getElementById('qr-search-open');
    if (!opener) return;
    var dialog = null;
    var input = null;
    var results = null;
    var engine = null;
    var loading = null;
    var active = -1;

    function load() {
      if (loading) return loading;
      loading = new Promise(function (resolve, reject) {
        var script = function (src) {
          return new Promise(function (done, fail) {
            var tag = document.createElement('script');
            tag.src = root + src;
            tag.onload = done;
            tag.onerror = function () { fail(new Error('could not load ' + src)); };
            document.head.appendChild(tag);
          });
        };
        script('assets/minisearch.js')
          .then(function () { return script('assets/search-index.js'); })
          .then(function () {
            var data = window.__quireSearch;
            engine = window.MiniSearch.loadJS(data.index, data.options);
            resolve(engine);
          })
          .catch(reject);
      });
      return loading;
    }

    function build() {
      dialog = element('div', 'search-dialog');
      dialog.id = 'qr-search';
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Search');
      var panel = element('div', 'search-panel');
      var field = element('label', 'search-field');
      field.appendChild(element('span', 'search-icon'));
      input = element('input', 'search-input');
      input.type = 'search';
      input.id = 'qr-search-input';
      input.placeholder = 'Search the docs…';
      input.setAttribute('autocomplete', 'off');
      input.setAttribute('spellcheck', 'false');
      field.appendChild(input);
      field.appendChild(element('kbd', '', 'Esc'));
      results = element('div', 'search-results');
      results.id = 'qr-search-results';
      var footer = element('div', 'search-footer');
      footer.appendChild(element('span', '', '↑↓ to move'));
      footer.appendChild(element('span', '', '↵ to open'));
      footer.appendChild(element('span', '', 'Esc to close'));
      panel.appendChild(field);
      panel.appendChild(results);
      panel.appendChild(footer);
      dialog.appendChild(panel);
      dialog.hidden = true;
      document.body.appendChild(dialog);
      dialog.addEventListener('click', function (event) { if (event.target === dialog) close(); });
      input.addEventListener('input', run);
      input.addEventListener('keydown', function (event) {
        var items = results.querySelectorAll('.search-result');
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          if (!items.length) return;
          active = (active + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
          mark(items);
        } else if (event.key === 'Enter') {
          var target = items[active >= 0 ? active : 0];
          if (target) { event.preventDefault(); window.location.href = target.href; }
        } else if (event.key === 'Escape') {
          close();
        }
      });
    }

    function mark(items) {
      for (var i = 0; i < items.length; i++) items[i].classList.toggle('active', i === active);
      if (items[active]) items[active].scrollIntoView({ block: 'nearest' });
    }

    function highlight(text, terms) {
      var fragment = document.createDocumentFragment();
      if (!terms.length) { fragment.appendChild(document.createTextNode(text)); return fragment; }
      var pattern = new RegExp('(' + terms.map(function (term) { return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }).join('|') + ')', 'gi');
      var last = 0;
      text.replace(pattern, function (match, _group, offset) {
        fragment.appendChild(document.createTextNode(text.slice(last, offset)));
        fragment.appendChild(element('mark', '', match));
        last = offset + match.length;
        return match;
      });
      fragment.appendChild(document.createTextNode(text.slice(last)));
      return fragment;
    }

    function run() {
      var query = input.value.trim();
      active = -1;
      results.textContent = '';
      if (!query) return;
      if (!engine) {
        results.appendChild(element('div', 'search-empty', 'Loading the search index…'));
        load().then(run, function () {
          results.textContent = '';
          results.appendChild(element('div', 'search-empty', 'The search index could not be loaded.'));
        });
        return;
      }
      var found = engine.search(query, { prefix: true, fuzzy: 0.2, boost: { title: 3, headings: 2 }, combineWith: 'AND' }).slice(0, 40);
      if (!found.length) {
        results.appendChild(element('div', 'search-empty', 'No results for “' + query + '”'));
        return;
      }
      var terms = query.split(/\s+/).filter(function (term) { return term.length > 1; });
      var groups = [];
      var byKey = {};
      found.forEach(function (hit) {
        var key = [hit.section || '', hit.variant || ''].join('\u0000');
        if (!byKey[key]) {
          byKey[key] = { title: [hit.section, hit.variant].filter(Boolean).join(' › '), hits: [] };
          groups.push(byKey[key]);
        }
        byKey[key].hits.push(hit);
      });
      // The reader's own section and variant first, then the others in order of their best result.
      var here = [textOf('.section-tab.active'), textOf('#qr-variants > summary')].filter(Boolean).join(' › ');
      var rank = function (group) { return group.title === here ? 0 : here && here.indexOf(group.title) === 0 ? 1 : 2; };
      groups = groups.map(function (group, index) { return { group: group, index: index }; })
        .sort(function (a, b) { return rank(a.group) - rank(b.group) || a.index - b.index; })
        .map(function (entry) { return entry.group; });
      groups.forEach(function (group) {
        var section = element('div', 'search-group');
        if (group.title) section.appendChild(element('div', 'search-group-title', group.title));
        group.hits.forEach(function (hit) {
          var link = element('a', 'search-result');
          link.href = root + hit.href;
          var title = element('span', 'search-result-title');
          title.appendChild(highlight(hit.title, terms));
          link.appendChild(title);
          if (hit.excerpt) {
            var excerpt = element('span', 'search-result-excerpt');
            excerpt.appendChild(highlight(hit.excerpt, terms));
            link.appendChild(excerpt);
          }
          section.appendChild(link);
        });
        results.appendChild(section);
      });
    }

    function open() {
      if (!dialog) build();
      dialog.hidden = false;
      input.focus();
      input.select();
      load().catch(function () { /* reported when searching */ });
    }
    function close() {
      if (dialog) dialog.hidden = true;
    }
    opener.addEventListener('click', open);
    document.addEventListener('keydown', function (event) {
      var typing = event.target && (event.target.tagName === 'INPUT' || event.target.tagName === 'TEXTAREA' || event.target.isContentEditable);
      if ((event.key === '/' && !typing) || (event.key === 'k' && (event.metaKey || event.ctrlKey))) {
        event.preventDefault();
        open();
      }
    });
  }

  ready(function () {
    drawSidebar();
    themeToggle();
    tabs();
    dropdowns();
    mobileMenu();
    announcement();
    copyButtons();
    outlineSpy();
    search();
  });
})();
