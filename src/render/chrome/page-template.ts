import type { OutlineEntry } from '../body/body-context.ts';
import { emptyIconLibrary } from '../icons/icon-library.ts';
import { createIconRenderer, type IconRenderer } from '../icons/icon-renderer.ts';
import type { ChromeLink, PagePlan, SitePlan, SpacePlan, TabItem } from '../route-data.ts';
import { escapeHtml } from './html-escape.ts';
import { navigationPath } from './navigation-file.ts';

/** The files every page loads, relative to the bundle's root. */
export const stylesheetPath = 'assets/quire.css';
export const scriptPath = 'assets/quire.js';

/** What one page shows: its route data, its rendered body and outline. Components only display this. */
export interface PageView {
  plan: SitePlan;
  space: SpacePlan;
  /** Undefined for pages that are not pages of a space (the 404 page). */
  page: PagePlan | undefined;
  /** From the page's folder to the bundle's root: `../../`. */
  prefix: string;
  title: string;
  bodyHtml: string;
  outline: OutlineEntry[];
  /** Draws the page's icon and the section tabs' icons (without it: the neutral fallback). */
  icons?: IconRenderer;
}

/**
 * The chrome shared by the pages of a site space at one depth (header, tabs, footer): rendered once, reused.
 * Pages at the same depth link to the same relative URLs, so 10,000 pages cost a handful of renders.
 */
export type ChromeCache = Map<string, { header: { start: string; end: string }; footer: string; head: string }>;

/**
 * A complete HTML page. The sidebar is not in it: the page names its site space's navigation file and its own id,
 * and the site script draws the tree (DESIGN.md, performance: the navigation is not inlined into every page).
 *
 * @example
 * const html = pageHtml({ plan, space, page, prefix: '../', title: page.title, bodyHtml, outline }, new Map());
 */
export function pageHtml(view: PageView, cache: ChromeCache): string {
  const { plan, space, page, prefix } = view;
  const key = `${space.index}|${prefix}`;
  const icons = view.icons ?? createIconRenderer(emptyIconLibrary, space.customization.icons);
  let chrome = cache.get(key);
  if (chrome === undefined) {
    chrome = { head: headHtml(space, prefix), header: headerHtml(plan, space, prefix, icons), footer: footerHtml(space, prefix) };
    cache.set(key, chrome);
  }
  const c = space.customization;
  const options = page?.options;
  const sidebar = options?.sidebar ?? true;
  const outline = (options?.outline ?? false) && view.outline.length > 0;
  const themeDefault = c.themes.default;
  const htmlAttributes = [
    `lang="${c.locale}"`,
    `data-ss="${space.key}"`,
    `data-theme="${themeDefault === 'dark' ? 'dark' : 'light'}"`,
    `data-theme-default="${themeDefault}"`,
    `data-toggle="${c.themes.toggeable ? '1' : '0'}"`,
    `data-corners="${c.corners}"`,
    `data-depth="${c.depth}"`,
    `data-links="${c.links}"`,
    `data-sidebar="${c.sidebar.background}"`,
    `data-list="${c.sidebar.list}"`,
    `data-style="${c.theme}"`,
    `data-root="${prefix}"`,
    `data-nav="${space.key}"`,
    ...(page ? [`data-page="${escapeHtml(page.navKey)}"`] : []),
    `data-external="${c.externalLinksTarget}"`,
  ];
  const pageTitle = view.title === plan.title || view.title === space.chrome.title ? escapeHtml(view.title) : `${escapeHtml(view.title)} | ${escapeHtml(space.chrome.title)}`;
  return [
    `<!doctype html>\n<html ${htmlAttributes.join(' ')}>\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n`,
    `<title>${pageTitle}</title>\n`,
    page?.description ? `<meta name="description" content="${escapeHtml(page.description)}">\n` : '',
    page?.noRobotsIndex || !page ? '<meta name="robots" content="noindex">\n' : '',
    chrome.head,
    '</head>\n<body>\n<a class="skip-link" href="#qr-content">Skip to content</a>\n',
    chrome.header.start,
    page?.languages ? languageSwitcherHtml(page.languages, prefix) : '',
    chrome.header.end,
    `<div class="layout${sidebar ? '' : ' no-sidebar'}${outline ? '' : ' no-outline'}${options?.wide ? ' wide' : ''}">\n`,
    sidebar ? sidebarHtml(page, prefix) : '',
    '<main class="page" id="qr-content">\n',
    page ? articleHtml(view, page, prefix, icons) : view.bodyHtml,
    '</main>\n',
    outline ? outlineHtml(view.outline) : '',
    '</div>\n',
    chrome.footer,
    '</body>\n</html>\n',
  ].join('');
}

// Sun and moon, drawn with the current colour; CSS shows the one for the other theme.
const themeIcons =
  '<svg class="icon-sun" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/></svg>' +
  '<svg class="icon-moon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"><path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"/></svg>';

function headHtml(space: SpacePlan, prefix: string): string {
  const { favicon } = space.chrome;
  const icons = favicon.light
    ? `<link rel="icon" href="${escapeHtml(favicon.light)}" media="(prefers-color-scheme: light)">\n<link rel="icon" href="${escapeHtml(favicon.dark ?? favicon.light)}" media="(prefers-color-scheme: dark)">\n`
    : favicon.emoji
      ? `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${escapeHtml(favicon.emoji)}</text></svg>`)}">\n`
      : '';
  return [
    icons,
    `<link rel="stylesheet" href="${prefix}${stylesheetPath}">\n`,
    `<script src="${prefix}${scriptPath}"></script>\n`,
    `<script src="${prefix}${navigationPath(space)}" defer></script>\n`,
  ].join('');
}

function linkHtml(link: ChromeLink, prefix: string, className: string, target: 'self' | 'blank', extra = ''): string {
  const title = escapeHtml(link.title);
  if (link.href === undefined) return `<span class="${className}">${title}${extra}</span>`;
  const href = link.external ? link.href : prefix + link.href;
  const blank = link.external && target === 'blank' ? ' target="_blank"' : '';
  const rel = link.external ? ' rel="noopener noreferrer"' : '';
  return `<a class="${className}" href="${escapeHtml(href)}"${blank}${rel}>${title}${extra}</a>`;
}

/** The header, in two parts: the page's language switcher (the one part that differs between pages) goes between them. */
function headerHtml(plan: SitePlan, space: SpacePlan, prefix: string, icons: IconRenderer): { start: string; end: string } {
  const { chrome, customization } = space;
  const target = customization.externalLinksTarget;
  const parts: string[] = [];
  if (chrome.announcement) {
    const { announcement } = chrome;
    const link = announcement.link ? ` ${linkHtml(announcement.link, prefix, 'announcement-link', target, ' →')}` : '';
    parts.push(
      `<div class="announcement" data-style="${announcement.style}" id="qr-announcement"><div class="announcement-inner"><span class="announcement-text">${escapeHtml(announcement.message)}</span>${link}</div><button type="button" class="announcement-close" aria-label="Dismiss">×</button></div>\n`,
    );
  }
  const logo = chrome.logo
    ? `<img class="logo logo-light" src="${escapeHtml(chrome.logo.light)}" alt="${escapeHtml(chrome.title)}"><img class="logo logo-dark" src="${escapeHtml(chrome.logo.dark)}" alt="${escapeHtml(chrome.title)}">`
    : '';
  const links = chrome.headerLinks
    .map((item) => {
      const className = item.style === 'link' ? 'header-link' : `header-link button ${item.style === 'button-primary' ? 'button-primary' : 'button-secondary'}`;
      if (item.children.length === 0) return linkHtml(item, prefix, className, target);
      const menu = item.children.map((child) => linkHtml(child, prefix, 'menu-link', target)).join('');
      return `<details class="dropdown header-dropdown"><summary class="${className}">${escapeHtml(item.title)}<span class="chevron" aria-hidden="true"></span></summary><div class="menu">${item.href ? linkHtml(item, prefix, 'menu-link', target) : ''}${menu}</div></details>`;
    })
    .join('');
  const toggle = customization.themes.toggeable
    ? `<button type="button" class="theme-toggle" id="qr-theme" aria-label="Switch between light and dark mode" title="Switch between light and dark mode">${themeIcons}</button>`
    : '';
  parts.push(
    '<header class="site-header">\n<div class="header-bar">\n',
    '<button type="button" class="sidebar-toggle" id="qr-menu" aria-label="Open the table of contents" aria-controls="qr-sidebar"><span aria-hidden="true"></span></button>\n',
    `<a class="brand" href="${prefix}index.html">${logo}<span class="brand-title${logo ? ' with-logo' : ''}">${escapeHtml(chrome.title)}</span></a>\n`,
    `<div class="header-search"><button type="button" class="search-button" id="qr-search-open" aria-label="Search"><span class="search-icon" aria-hidden="true"></span><span class="search-label">Search…</span><kbd>/</kbd></button></div>\n`,
    links ? `<nav class="header-links" aria-label="Links">${links}</nav>\n` : '',
  );
  const end = [toggle, '</div>\n', tabsHtml(plan.tabs, space, prefix, target, icons), '</header>\n'];
  return { start: parts.join(''), end: end.join('') };
}

/**
 * The language switcher: each language of the section's variants, named in itself (`lang`), leading to the same
 * page in that language (`hreflang`).
 */
function languageSwitcherHtml(languages: NonNullable<PagePlan['languages']>, prefix: string): string {
  const current = languages.find((entry) => entry.current);
  const items = languages
    .map(
      (entry) =>
        `<a class="menu-link${entry.current ? ' active' : ''}" href="${prefix}${entry.href}" hreflang="${entry.language}" lang="${entry.language}"${entry.current ? ' aria-current="true"' : ''}>${escapeHtml(entry.name)}</a>`,
    )
    .join('');
  return `<details class="dropdown header-dropdown language-switcher" id="qr-languages"><summary class="header-link" aria-label="Language: ${escapeHtml(current?.name ?? '')}"><span lang="${current?.language ?? ''}">${escapeHtml(current?.name ?? '')}</span><span class="chevron" aria-hidden="true"></span></summary><div class="menu">${items}</div></details>\n`;
}

function tabsHtml(tabs: TabItem[], space: SpacePlan, prefix: string, target: 'self' | 'blank', icons: IconRenderer): string {
  if (tabs.length < 2 && !tabs.some((tab) => tab.kind !== 'section')) return '';
  const contains = (tab: TabItem): boolean => (tab.kind === 'section' ? tab.sectionId === space.sectionId : tab.kind === 'group' ? tab.children.some(contains) : false);
  const icon = (tab: TabItem) => (tab.icon ? `<span class="tab-icon" aria-hidden="true">${icons.html(tab.icon)}</span>` : '');
  const item = (tab: TabItem, inMenu: boolean): string => {
    const className = inMenu ? 'menu-link' : 'section-tab';
    if (tab.kind === 'section') {
      const current = tab.sectionId === space.sectionId;
      const description = inMenu && tab.description ? `<span class="menu-description">${escapeHtml(tab.description)}</span>` : '';
      return `<a class="${className}${current ? ' active' : ''}" href="${prefix}${tab.href}"${current ? ' aria-current="true"' : ''}>${icon(tab)}<span class="menu-title">${escapeHtml(tab.title)}</span>${description}</a>`;
    }
    if (tab.kind === 'link') return linkHtml({ title: tab.title, href: tab.href, external: true }, prefix, `${className} external`, target);
    const children = tab.children.map((child) => item(child, true)).join('');
    if (inMenu) return `<div class="menu-group"><span class="menu-heading">${escapeHtml(tab.title)}</span>${children}</div>`;
    return `<details class="dropdown tab-group"><summary class="section-tab${contains(tab) ? ' active' : ''}">${icon(tab)}${escapeHtml(tab.title)}<span class="chevron" aria-hidden="true"></span></summary><div class="menu">${children}</div></details>`;
  };
  return `<nav class="section-tabs" aria-label="Sections"><div class="section-tabs-inner">${tabs.map((tab) => item(tab, false)).join('')}</div></nav>\n`;
}

function sidebarHtml(page: PagePlan | undefined, prefix: string): string {
  const variants = page && page.variants.length > 1 ? variantSwitcher(page, prefix) : '';
  return `<aside class="sidebar" id="qr-sidebar" aria-label="Table of contents">${variants}<nav class="sidebar-nav" id="qr-nav"></nav></aside>\n`;
}

function variantSwitcher(page: PagePlan, prefix: string): string {
  const current = page.variants.find((variant) => variant.current);
  const items = page.variants
    .map((variant) => `<a class="menu-link${variant.current ? ' active' : ''}" href="${prefix}${variant.href}"${variant.current ? ' aria-current="true"' : ''}>${escapeHtml(variant.title)}</a>`)
    .join('');
  return `<details class="dropdown variant-switcher" id="qr-variants"><summary class="variant-current">${escapeHtml(current?.title ?? '')}<span class="chevron" aria-hidden="true"></span></summary><div class="menu">${items}</div></details>`;
}

function articleHtml(view: PageView, page: PagePlan, prefix: string, icons: IconRenderer): string {
  const parts: string[] = [];
  if (page.breadcrumbs.length) {
    parts.push(
      `<nav class="breadcrumbs" aria-label="Breadcrumbs">${page.breadcrumbs
        .map((crumb) => (crumb.href ? `<a href="${prefix}${crumb.href}">${escapeHtml(crumb.title)}</a>` : `<span>${escapeHtml(crumb.title)}</span>`))
        .join('<span class="crumb-separator" aria-hidden="true">/</span>')}</nav>\n`,
    );
  }
  if (page.cover && page.options.cover) {
    const src = (href: string) => escapeHtml(/^(?:[a-z]+:|\/\/)/i.test(href) ? href : prefix + href);
    const dark = page.cover.dark ? `<img class="cover-dark" src="${src(page.cover.dark)}" alt="">` : '';
    parts.push(
      `<div class="page-cover${dark ? ' has-dark' : ''}" style="height:${Math.max(10, Math.min(700, Math.round(page.cover.height)))}px"><img class="cover-light" src="${src(page.cover.light)}" alt="">${dark}</div>\n`,
    );
  }
  if (page.options.title || (page.options.description && page.description)) {
    const emoji = page.emoji
      ? `<span class="page-emoji" aria-hidden="true">${escapeHtml(page.emoji)}</span>`
      : page.icon
        ? `<span class="page-icon" aria-hidden="true">${icons.html(page.icon)}</span>`
        : '';
    parts.push(
      '<header class="page-header">',
      page.options.title ? `<h1 class="page-title">${emoji}${escapeHtml(page.title)}</h1>` : '',
      page.options.description && page.description ? `<p class="page-description">${escapeHtml(page.description)}</p>` : '',
      '</header>\n',
    );
  }
  parts.push(`<div class="markdown">\n${view.bodyHtml}</div>\n`);
  if (page.options.pagination && (page.previous || page.next)) {
    const link = (entry: { title: string; href: string }, direction: 'previous' | 'next') =>
      `<a class="pagination-link ${direction}" href="${prefix}${entry.href}" rel="${direction === 'previous' ? 'prev' : 'next'}"><span class="pagination-label">${direction === 'previous' ? 'Previous' : 'Next'}</span><span class="pagination-title">${escapeHtml(entry.title)}</span></a>`;
    parts.push(`<nav class="pagination" aria-label="Previous and next">${page.previous ? link(page.previous, 'previous') : '<span></span>'}${page.next ? link(page.next, 'next') : ''}</nav>\n`);
  }
  return parts.join('');
}

function outlineHtml(outline: OutlineEntry[]): string {
  const badge = (method: string | undefined) => (method ? `<span class="http-method outline-method" data-method="${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>` : '');
  const items = outline.map((entry) => `<li class="depth-${entry.depth}"><a href="#${escapeHtml(entry.id)}">${badge(entry.method)}${escapeHtml(entry.text)}</a></li>`).join('');
  return `<aside class="outline" aria-label="On this page"><div class="outline-inner"><p class="outline-title">On this page</p><ul>${items}</ul></div></aside>\n`;
}

function footerHtml(space: SpacePlan, prefix: string): string {
  const { chrome, customization } = space;
  const target = customization.externalLinksTarget;
  const groups = chrome.footerGroups
    .map((group) => `<div class="footer-group"><p class="footer-heading">${escapeHtml(group.title)}</p><ul>${group.links.map((link) => `<li>${linkHtml(link, prefix, 'footer-link', target)}</li>`).join('')}</ul></div>`)
    .join('');
  const logo = chrome.footerLogo
    ? `<img class="logo logo-light" src="${escapeHtml(chrome.footerLogo.light)}" alt=""><img class="logo logo-dark" src="${escapeHtml(chrome.footerLogo.dark)}" alt="">`
    : '';
  const privacy = chrome.privacyPolicy ? linkHtml({ title: 'Privacy policy', href: chrome.privacyPolicy, external: true }, prefix, 'footer-link', target) : '';
  if (!groups && !logo && !chrome.copyright && !privacy) return '';
  return [
    '<footer class="site-footer"><div class="footer-inner">',
    logo ? `<div class="footer-logo">${logo}</div>` : '',
    groups ? `<div class="footer-groups">${groups}</div>` : '',
    chrome.copyright || privacy ? `<div class="footer-bottom">${chrome.copyright ? `<p class="copyright">${escapeHtml(chrome.copyright)}</p>` : ''}${privacy}</div>` : '',
    '</div></footer>\n',
  ].join('');
}
