import type { RevisionPageDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { oneSpaceSite, sectionInput, sectionsSite, siteSpaceInput, spaceBundle } from '../inline-site-fixture.ts';
import { fakeIconLibrary, fakePath } from '../icons/fake-icon-library.fixture.ts';
import { planSite } from '../plan-site.ts';
import { notFoundHtml, renderSitePage } from '../render-site-page.ts';
import type { CustomizationInput } from '../site-profile.ts';
import { navigationScript } from './navigation-file.ts';
import { sitemapXml } from './sitemap.ts';
import { themeCss } from './theme-css.ts';

const bundle = () =>
  spaceBundle({
    'README.md': '# Home\n\nWelcome to [guides](guides/README.md).\n',
    'SUMMARY.md': '* [Home](README.md)\n* [Guides](guides/README.md)\n  * [Writing](guides/writing.md)\n',
    'guides/README.md': '---\nicon: rocket\n---\n\n# Guides\n\n## Start\n\n### Details\n',
    'guides/writing.md': '---\ndescription: How we write.\nhidden: false\n---\n\n# Writing\n\nBody.\n',
    '.gitbook/assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  });

/** The HTML of a page (by title) of a one-space site with this customization. */
function html(customization: CustomizationInput, title = 'Guides'): string {
  const plan = planSite(oneSpaceSite(bundle(), customization));
  return renderSitePage(plan, plan.pages.findIndex((page) => page.title === title), new Map(), fakeIconLibrary()).html;
}

describe('page chrome', () => {
  it('loads the stylesheet, the script and the navigation file of its space; does not inline the sidebar', () => {
    const page = html({}, 'Writing');
    expect(page).toContain('<link rel="stylesheet" href="../../assets/quire.css">');
    expect(page).toContain('<script src="../../assets/quire.js"></script>');
    expect(page).toContain('<script src="../../assets/nav-s0.js" defer></script>');
    expect(page).toContain('data-nav="s0"');
    expect(page).toMatch(/data-page="[^"]+"/);
    expect(page).toContain('<nav class="sidebar-nav" id="qr-nav"></nav>');
    expect(page).not.toContain('>Home</a></li>');
  });

  it('shows title, description, breadcrumbs, outline, previous and next', () => {
    const guides = html({});
    expect(guides).toContain('<title>Guides | Site</title>');
    expect(guides).toContain(
      `<h1 class="page-title"><span class="page-icon" aria-hidden="true"><svg class="quire-icon" data-icon="rocket" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path fill="currentColor" d="${fakePath('solid', 'rocket')}"/></svg></span>Guides</h1>`,
    );
    expect(guides).toContain('<li class="depth-2"><a href="#start">Start</a></li><li class="depth-3"><a href="#details">Details</a></li>');
    expect(guides).toContain('<a class="pagination-link previous" href="../index.html" rel="prev"><span class="pagination-label">Previous</span><span class="pagination-title">Home</span></a>');
    expect(guides).toContain('<a class="pagination-link next" href="../guides/writing/index.html" rel="next">');
    const writing = html({}, 'Writing');
    expect(writing).toContain('<p class="page-description">How we write.</p>');
    expect(writing).toContain('<meta name="description" content="How we write.">');
    expect(writing).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs"><a href="../../guides/index.html">Guides</a></nav>');
    expect(html({ pagination: { enabled: false } })).not.toContain('class="pagination"');
  });

  it('header: title, logo for light and dark, links, dropdowns and button styles', () => {
    const page = html({
      title: 'My <Docs>',
      header: {
        logo: { light: 'https://example.com/light.png', dark: 'https://example.com/dark.png' },
        links: [
          { title: 'Menu', to: null, links: [{ title: 'A', to: { kind: 'url', url: 'https://a.example.com' } }] },
          { title: 'Buy', style: 'button-primary', to: { kind: 'url', url: 'https://shop.example.com' } },
          { title: 'Docs', style: 'button-secondary', to: { kind: 'page', page: 'nope' } },
          { title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' } },
        ],
      },
    });
    expect(page).toContain('<img class="logo logo-light" src="https://example.com/light.png" alt="My &lt;Docs&gt;"><img class="logo logo-dark" src="https://example.com/dark.png" alt="My &lt;Docs&gt;">');
    expect(page).toContain('<details class="dropdown header-dropdown"><summary class="header-link">Menu<span class="chevron" aria-hidden="true"></span></summary><div class="menu"><a class="menu-link" href="https://a.example.com" rel="noopener noreferrer">A</a></div></details>');
    expect(page).toContain('<a class="header-link button button-primary" href="https://shop.example.com" rel="noopener noreferrer">Buy</a>');
    expect(page).toContain('<span class="header-link button button-secondary">Docs</span>');
    expect(page).toContain('<span class="header-link">Evil</span>');
    expect(page).not.toContain('javascript:');
  });

  it('drops logos and favicons with unsafe URLs', () => {
    const page = html({ header: { logo: { light: 'javascript:alert(1)', dark: 'x' } }, favicon: { icon: { light: 'data:image/svg+xml,<svg onload=alert(1)>', dark: 'x' } } });
    expect(page).not.toMatch(/logo-light|javascript|onload/);
  });

  it('favicon: an icon per theme, or an emoji', () => {
    expect(html({ favicon: { icon: { light: 'https://example.com/l.png', dark: 'https://example.com/d.png' } } })).toContain(
      '<link rel="icon" href="https://example.com/l.png" media="(prefers-color-scheme: light)">\n<link rel="icon" href="https://example.com/d.png" media="(prefers-color-scheme: dark)">',
    );
    expect(html({ favicon: { emoji: '1f389' } })).toContain(`<link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">🎉</text></svg>')}">`);
  });

  it('announcement banner in its style, with its link', () => {
    const page = html({ announcement: { enabled: true, message: 'New <release>', style: 'warning', link: { title: 'Read', to: { kind: 'url', url: 'https://example.com/news' } } } });
    expect(page).toContain('<div class="announcement" data-style="warning" id="qr-announcement"><div class="announcement-inner"><span class="announcement-text">New &lt;release&gt;</span> <a class="announcement-link" href="https://example.com/news" rel="noopener noreferrer">Read →</a></div>');
    expect(html({ announcement: { enabled: false, message: 'Hidden' } })).not.toContain('announcement');
  });

  it('footer: groups of links and copyright', () => {
    const page = html({ footer: { groups: [{ title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }] }], copyright: '© 2025 Us' } });
    expect(page).toContain('<div class="footer-group"><p class="footer-heading">Company</p><ul><li><a class="footer-link" href="https://example.com/about" rel="noopener noreferrer">About</a></li></ul></div>');
    expect(page).toContain('<p class="copyright">© 2025 Us</p>');
    expect(html({})).not.toContain('site-footer');
  });

  it('footer: a privacy policy link, only to a URL a browser may open', () => {
    expect(html({ privacyPolicy: { url: 'https://example.com/privacy' } })).toContain(
      '<div class="footer-bottom"><a class="footer-link" href="https://example.com/privacy" rel="noopener noreferrer">Privacy policy</a></div>',
    );
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'privacy.html']) expect(html({ privacyPolicy: { url } })).not.toContain('Privacy policy');
  });

  it('themes, corners, depth, link style, sidebar style and external link target as attributes', () => {
    const page = html({
      themes: { default: 'dark', toggeable: false },
      styling: { corners: 'circular', depth: 'flat', links: 'accent', sidebar: { background: 'filled', list: 'line' }, theme: 'bold' },
      externalLinks: { target: 'blank' },
    });
    expect(page).toContain('data-theme="dark" data-theme-default="dark" data-toggle="0" data-corners="circular" data-depth="flat" data-links="accent" data-sidebar="filled" data-list="line" data-style="bold"');
    expect(page).toContain('data-external="blank"');
    expect(page).not.toContain('id="qr-theme"');
    expect(html({ themes: { default: 'system', toggeable: true } })).toContain('id="qr-theme"');
  });

  it('theme colours as custom properties for light and dark, per site space', () => {
    const site = oneSpaceSite(bundle(), {
      styling: {
        primaryColor: { light: '#ff0000', dark: '#00ff00' },
        tint: { color: { light: '#123456', dark: '#654321' } },
        infoColor: { light: '#111111', dark: '#222222' },
        successColor: { light: '#333333', dark: '#444444' },
        warningColor: { light: '#555555', dark: '#666666' },
        dangerColor: { light: '#777777', dark: '#888888' },
      },
    });
    expect(themeCss(planSite(site))).toBe(
      'html[data-ss="s0"]{--primary:#ff0000;--primary-contrast:#ffffff;--info:#111111;--success:#333333;--warning:#555555;--danger:#777777;--tint:#123456}\n' +
        'html[data-ss="s0"][data-theme="dark"]{--primary:#00ff00;--primary-contrast:#111111;--info:#222222;--success:#444444;--warning:#666666;--danger:#888888;--tint:#654321}\n',
    );
  });

  it("applies each site space's own customization over the site's: chrome, colours and attributes", () => {
    const one = siteSpaceInput('one', 'one', { default: true, title: 'One' });
    const two = siteSpaceInput('two', 'two', { title: 'Two' });
    const three = siteSpaceInput('three', 'three', { title: 'Three' });
    const site = sectionsSite([sectionInput('a', 'a', [one, two, three], { default: true })], { one: bundle(), two: bundle(), three: bundle() }, { title: 'Site wide', styling: { primaryColor: { light: '#111111', dark: '#222222' } } });
    site.profile.customizations.siteSpaces = { two: { title: 'Variant two', styling: { primaryColor: { light: '#abcdef', dark: '#fedcba' }, corners: 'straight' } } };
    const plan = planSite(site);
    const first = (space: number) => renderSitePage(plan, plan.pages.findIndex((page) => page.space === space)).html;
    expect(first(0)).toContain('<span class="brand-title">Site wide</span>');
    expect(first(0)).toContain('data-corners="rounded"');
    expect(first(1)).toContain('<span class="brand-title">Variant two</span>');
    expect(first(1)).toContain('data-ss="s1"');
    expect(first(1)).toContain('data-corners="straight"');
    expect(themeCss(plan)).toBe(
      'html[data-ss="s0"],html[data-ss="s2"]{--primary:#111111;--primary-contrast:#ffffff;--info:#787878;--success:#00C950;--warning:#FE9A00;--danger:#FB2C36}\n' +
        'html[data-ss="s0"][data-theme="dark"],html[data-ss="s2"][data-theme="dark"]{--primary:#222222;--primary-contrast:#ffffff;--info:#787878;--success:#00C950;--warning:#FE9A00;--danger:#FB2C36}\n' +
        'html[data-ss="s1"]{--primary:#abcdef;--primary-contrast:#111111;--info:#787878;--success:#00C950;--warning:#FE9A00;--danger:#FB2C36}\n' +
        'html[data-ss="s1"][data-theme="dark"]{--primary:#fedcba;--primary-contrast:#111111;--info:#787878;--success:#00C950;--warning:#FE9A00;--danger:#FB2C36}\n',
    );
  });

  it('section tabs with the current section marked, groups as menus, and the variant switcher', () => {
    const one = siteSpaceInput('one', 'one', { default: true, title: 'One' });
    const two = siteSpaceInput('two', 'two', { title: 'Two' });
    const other = siteSpaceInput('other', 'other', { default: true });
    const site = sectionsSite(
      [sectionInput('a', 'a', [one, two], { default: true, title: 'Alpha' }), { object: 'site-section-group', id: 'g', title: 'Group', children: [sectionInput('b', 'b', [other], { title: 'Beta' })] }],
      { one: bundle(), two: bundle(), other: bundle() },
    );
    const plan = planSite(site);
    const page = renderSitePage(plan, plan.pages.findIndex((candidate) => candidate.title === 'Writing' && candidate.space === 0)).html;
    expect(page).toContain('<a class="section-tab active" href="../../index.html" aria-current="true"><span class="menu-title">Alpha</span></a>');
    expect(page).toContain('<details class="dropdown tab-group"><summary class="section-tab">Group<span class="chevron" aria-hidden="true"></span></summary><div class="menu"><a class="menu-link" href="../../b/index.html"><span class="menu-title">Beta</span></a></div></details>');
    expect(page).toContain('<summary class="variant-current">One<span class="chevron" aria-hidden="true"></span></summary>');
    expect(page).toContain('<a class="menu-link" href="../../two/guides/writing/index.html">Two</a>');
  });

  it('navigation file: the whole sidebar once, as a script', () => {
    const plan = planSite(oneSpaceSite(bundle()));
    const script = navigationScript(plan.spaces[0]!, fakeIconLibrary());
    expect(script.startsWith('window.__quireNav=window.__quireNav||{};window.__quireNav["s0"]=[{"t":"Home","h":"index.html","p":"')).toBe(true);
    expect(script).toContain('"t":"Guides","h":"guides/index.html"');
    expect(script).toContain('"i":"rocket"');
    expect(script).toContain(`\nwindow.__quireIcons=window.__quireIcons||{};window.__quireIcons["s0"]={"rocket":["0 0 512 512","${fakePath('solid', 'rocket')}"]};\n`);
  });

  it('navigation file: one drawing per icon, however many entries name it; none without icons', () => {
    const many = spaceBundle({
      'README.md': '---\nicon: house\n---\n\n# Home\n',
      'SUMMARY.md': `* [Home](README.md)\n${Array.from({ length: 30 }, (_, index) => `* [Page ${index}](p${index}.md)\n`).join('')}`,
      ...Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`p${index}.md`, `---\nicon: ${index % 2 ? 'bolt' : 'fa-house'}\n---\n\n# Page ${index}\n`])),
    });
    const script = navigationScript(planSite(oneSpaceSite(many)).spaces[0]!, fakeIconLibrary());
    expect(script.split(fakePath('solid', 'house'))).toHaveLength(2);
    expect(script.split(fakePath('solid', 'bolt'))).toHaveLength(2);
    expect(script.match(/"i":"house"/g)).toHaveLength(16);
    const plain = navigationScript(planSite(oneSpaceSite(spaceBundle({ 'README.md': '# Home\n' }))).spaces[0]!, fakeIconLibrary());
    expect(plain).not.toContain('__quireIcons');
  });

  it('section tabs draw their icons', () => {
    const one = siteSpaceInput('one', 'one', { default: true });
    const two = siteSpaceInput('two', 'two', { default: true });
    const site = sectionsSite([sectionInput('a', 'a', [one], { default: true, title: 'Alpha', icon: 'bolt' }), sectionInput('b', 'b', [two], { title: 'Beta' })], { one: bundle(), two: bundle() });
    const page = renderSitePage(planSite(site), 0, new Map(), fakeIconLibrary()).html;
    expect(page).toContain(`<span class="tab-icon" aria-hidden="true"><svg class="quire-icon" data-icon="bolt" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path fill="currentColor" d="${fakePath('solid', 'bolt')}"/></svg></span><span class="menu-title">Alpha</span>`);
  });

  it('sitemap with the published URL, or relative; 404 page', () => {
    const plan = planSite(oneSpaceSite(bundle()));
    expect(sitemapXml(plan)).toContain('<loc>index.html</loc>');
    expect(sitemapXml({ ...plan, publishedUrl: 'https://docs.example.com' })).toContain('<loc>https://docs.example.com/guides/writing/</loc>');
    const notFound = notFoundHtml(plan);
    expect(notFound).toContain('<h1 class="page-title">Page not found</h1>');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(notFound).toContain('href="assets/quire.css"');
  });
  it('site title in the header: the customization title, else the site title', () => {
    expect(html({ title: 'Handbook' })).toContain('<span class="brand-title">Handbook</span>');
    expect(html({})).toContain('<a class="brand" href="../index.html"><span class="brand-title">Site</span></a>');
    expect(html({ title: 'Logo site', header: { logo: { light: 'https://example.com/l.png', dark: 'https://example.com/d.png' } } })).toContain('<span class="brand-title with-logo">Logo site</span>');
  });

  it('page cover: a file of the space or a safe URL, for light and dark, at its height; left out when the layout hides it', () => {
    const withCover = (cover: Omit<NonNullable<RevisionPageDocument['cover']>, 'yPos'>, layout: Partial<RevisionPageDocument['layout']> = {}) => {
      const covered = bundle();
      const guides = covered.revision.pages.find((page) => page.title === 'Guides') as RevisionPageDocument;
      Object.assign(guides, { cover: { yPos: 0, ...cover }, layout: { ...guides.layout, ...layout } });
      const plan = planSite(oneSpaceSite(covered));
      return { plan, page: renderSitePage(plan, plan.pages.findIndex((page) => page.title === 'Guides')).html };
    };
    const logo = bundle().revision.files[0]!.id;
    const { plan, page } = withCover({ ref: { kind: 'file', file: logo }, refDark: { kind: 'url', url: 'https://example.com/dark.png' }, height: 320 });
    const href = plan.spaces[0]!.files[logo]!.href;
    expect(plan.usedFiles).toContain(href);
    expect(page).toContain(`<div class="page-cover has-dark" style="height:320px"><img class="cover-light" src="../${href}" alt=""><img class="cover-dark" src="https://example.com/dark.png" alt=""></div>`);
    expect(withCover({ ref: { kind: 'url', url: 'https://example.com/c.png' } }).page).toContain('<div class="page-cover" style="height:240px"><img class="cover-light" src="https://example.com/c.png" alt=""></div>');
    expect(withCover({ ref: { kind: 'url', url: 'javascript:alert(1)' } }).page).not.toMatch(/page-cover|javascript/);
    expect(withCover({ ref: { kind: 'url', url: 'https://example.com/c.png' }, refDark: { kind: 'url', url: 'data:image/svg+xml,<svg onload=alert(1)>' } }).page).not.toMatch(/cover-dark|onload/);
    expect(withCover({ ref: { kind: 'url', url: 'https://example.com/c.png' } }, { cover: false }).page).not.toContain('page-cover');
    expect(withCover({ ref: { kind: 'url', url: 'https://example.com/c.png' }, height: 99_999 }).page).toContain('style="height:700px"');
  });

  it('keys pages in the navigation by their href, not their id: the same site with other page ids is the same bytes', () => {
    const rendered = (site: ReturnType<typeof bundle>) => {
      const plan = planSite(oneSpaceSite(site));
      return [navigationScript(plan.spaces[0]!), ...plan.pages.map((_, index) => renderSitePage(plan, index).html)];
    };
    const renamed = bundle();
    const pages = renamed.revision.pages.flatMap((page) => ('pages' in page ? [page, ...page.pages] : [page]));
    for (const page of pages) Object.assign(page, { id: `other-${page.id}` });
    const original = rendered(bundle());
    expect(rendered(renamed)).toEqual(original);
    const keys = original.slice(1).map((html) => /data-page="([^"]+)"/.exec(html)![1]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(original[0]).toContain(`"p":"${key}"`);
  });

  it('page title with its emoji, and title and description left out when the layout hides them', () => {
    const emoji = bundle();
    const writing = emoji.revision.pages.flatMap((page) => ('pages' in page ? [page, ...page.pages] : [page])).find((page) => page.title === 'Writing') as RevisionPageDocument;
    Object.assign(writing, { emoji: '1f680' });
    let plan = planSite(oneSpaceSite(emoji));
    let page = renderSitePage(plan, plan.pages.findIndex((candidate) => candidate.title === 'Writing')).html;
    expect(page).toContain('<h1 class="page-title"><span class="page-emoji" aria-hidden="true">🚀</span>Writing</h1>');
    const key = plan.pages.find((candidate) => candidate.title === 'Writing')!.navKey;
    expect(page).toContain(`data-page="${key}"`);
    expect(navigationScript(plan.spaces[0]!)).toContain('"t":"Writing","h":"guides/writing/index.html","p":"' + key + '","e":"🚀"');
    Object.assign(writing, { layout: { ...writing.layout, title: false, description: false } });
    plan = planSite(oneSpaceSite(emoji));
    page = renderSitePage(plan, plan.pages.findIndex((candidate) => candidate.title === 'Writing')).html;
    expect(page).not.toMatch(/page-title|page-description/);
    expect(page).toContain('<meta name="description" content="How we write.">');
  });

  it('opens external links of the chrome and of the body in a new tab when the customization says so', () => {
    const links = {
      header: { links: [{ title: 'Shop', to: { kind: 'url', url: 'https://shop.example.com' } }, { title: 'Guides', to: { kind: 'page', page: 'nope' } }] },
      footer: { groups: [{ title: 'More', links: [{ title: 'Blog', to: { kind: 'url', url: 'https://blog.example.com' } }] }] },
      announcement: { enabled: true, message: 'News', link: { title: 'Read', to: { kind: 'url', url: 'https://example.com/news' } } },
    };
    const external = spaceBundle({ 'README.md': '# Home\n\n[Out](https://example.org) and [in](other.md).\n', 'SUMMARY.md': '* [Home](README.md)\n* [Other](other.md)\n', 'other.md': '# Other\n' });
    const render = (target: string) => {
      const plan = planSite(oneSpaceSite(external, { ...links, externalLinks: { target } }));
      return renderSitePage(plan, 0).html;
    };
    const blank = render('blank');
    expect(blank).toContain('<a class="header-link" href="https://shop.example.com" target="_blank" rel="noopener noreferrer">Shop</a>');
    expect(blank).toContain('<a class="footer-link" href="https://blog.example.com" target="_blank" rel="noopener noreferrer">Blog</a>');
    expect(blank).toContain('<a class="announcement-link" href="https://example.com/news" target="_blank" rel="noopener noreferrer">Read →</a>');
    expect(blank).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">Out</a>');
    expect(blank).toContain('<a href="other/index.html">in</a>');
    expect(blank).toContain('data-external="blank"');
    const self = render('self');
    expect(self).not.toContain('target="_blank"');
    expect(self).toContain('data-external="self"');
    const tabs = sectionsSite(
      [sectionInput('a', 'a', [siteSpaceInput('one', 'one', { default: true })], { default: true }), { object: 'site-external-link', id: 'x', title: 'Blog', url: 'https://blog.example.com' }],
      { one: bundle() },
      { externalLinks: { target: 'blank' } },
    );
    expect(renderSitePage(planSite(tabs), 0).html).toContain('<a class="section-tab external" href="https://blog.example.com" target="_blank" rel="noopener noreferrer">Blog</a>');
  });

  it("shows a link of the chrome to another site's space as text: it is not part of this export", () => {
    const page = html({
      header: { links: [{ title: 'Foreign page', to: { kind: 'page', page: 'p1', space: 'space-of-another-site' } }, { title: 'Foreign space', to: { kind: 'space', space: 'space-of-another-site' } }] },
    });
    expect(page).toContain('<span class="header-link">Foreign page</span>');
    expect(page).toContain('<span class="header-link">Foreign space</span>');
  });
});
