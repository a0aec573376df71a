import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { isCallout } from './convert-callout.ts';
import { nodeText } from './convert-text.ts';
import { classNames, stringProperty, walkElements, type WalkAction } from './convert-walk.ts';

/*
 * Which part of a page is its content, and what inside it is the site's chrome. The heuristic:
 *
 * 1. The first element that marks itself as the content: `<main>`, then `[role=main]`; then the page's
 *    `<article>` when it has exactly one (a page of several is a listing); then the first of the containers
 *    that documentation generators use (`contentContainers`: GitHub, MkDocs, Docusaurus, Sphinx, Jekyll themes,
 *    VuePress/VitePress, GitBook, Hugo themes...).
 * 2. Else the whole `<body>`, less its page header (`<header>` and `[role=banner]`).
 * 3. Inside what was chosen, the chrome goes everywhere: navigation (`<nav>`, `[role=navigation]`), `<aside>`
 *    and `[role=complementary]` unless they are callouts, `<footer>` and `[role=contentinfo]`, search boxes,
 *    cookie and consent banners, skip links, breadcrumbs, "on this page" tables of contents, "edit this page"
 *    links, hidden elements, forms and their controls (but the checkboxes of task lists), buttons, scripts,
 *    styles, templates and `<noscript>`; and the "¶" / "#" permalinks that generators put in headings.
 */

/** Containers documentation generators put a page's content in, most specific first. */
const contentContainers = [
  '.markdown-body',
  '.theme-doc-markdown',
  '.md-content__inner',
  '.md-content',
  '[itemprop=articleBody]',
  '.rst-content .document',
  '.document .body',
  '.vp-doc',
  '.theme-default-content',
  '.page-inner .markdown-section',
  '.markdown-section',
  '.post-content',
  '.page-content',
  '.docs-content',
  '.doc-content',
  '.main-content',
  '#main-content',
  '.content',
  '#content',
];

/** Elements that are never content. */
const alwaysDropped = new Set(['script', 'style', 'noscript', 'template', 'nav', 'footer', 'form', 'button', 'select', 'textarea', 'dialog', 'menu', 'object', 'embed', 'canvas', 'link', 'meta']);

/** Roles of elements that are never content. */
const chromeRoles = new Set(['navigation', 'contentinfo', 'search', 'banner', 'complementary', 'dialog', 'alertdialog', 'menu', 'menubar', 'toolbar', 'tablist']);

/** Class names (whole, or as a `-` or `_` separated part) of chrome inside content areas. */
const chromeClassParts = new Set(['breadcrumb', 'breadcrumbs', 'toc', 'skip', 'cookie', 'cookies', 'consent', 'gdpr', 'headerlink', 'sidebar', 'pagination']);

/** Class names of whole chrome elements, matched exactly. */
const chromeClasses = new Set(['table-of-contents', 'edit-this-page', 'edit-page', 'page-nav', 'hash-link', 'header-anchor', 'anchorjs-link', 'sr-only', 'visually-hidden', 'screen-reader-text']);

/** Texts of heading permalinks. */
const permalinkTexts = new Set(['', '¶', '#', '§', '🔗', 'link', 'permalink']);

/**
 * The element that holds a parsed page's content (see the heuristic above), with the chrome inside it removed.
 * Mutates and returns part of `document`; a page with no body answers an empty `<div>`.
 *
 * @example
 * ```ts
 * const content = selectMainContent(parseHtmlDocument('<nav>Menu</nav><main><h1>Hi</h1></main>'));
 * content.tagName; // 'main'
 * ```
 */
export function selectMainContent(document: Root): Element {
  const marked = select('main', document) ?? select('[role=main]', document) ?? onlyArticle(document) ?? firstContainer(document);
  if (marked) {
    removeChrome(marked, false);
    return marked;
  }
  const body = select('body', document) ?? { type: 'element', tagName: 'div', properties: {}, children: [] };
  removeChrome(body, true);
  return body;
}

function onlyArticle(document: Root): Element | undefined {
  const articles = selectAll('article', document);
  return articles.length === 1 ? articles[0] : undefined;
}

function firstContainer(document: Root): Element | undefined {
  for (const selector of contentContainers) {
    const found = select(selector, document);
    if (found) return found;
  }
  return undefined;
}

/** Removes the chrome under `root` (see the heuristic above); `pageHeader`: also `<header>`, outside articles. */
function removeChrome(root: Element, pageHeader: boolean): void {
  walkElements(root, (element, parent): WalkAction => {
    if (isChrome(element, parent, pageHeader)) return 'remove';
    return 'continue';
  });
}

function isChrome(element: Element, parent: Root | Element, pageHeader: boolean): boolean {
  const name = element.tagName;
  if (alwaysDropped.has(name)) return true;
  if (name === 'input') return !isTaskCheckbox(element, parent);
  if (element.properties['hidden'] !== undefined && element.properties['hidden'] !== false) return true;
  if (String(element.properties['ariaHidden']) === 'true') return true;
  if (isCallout(element)) return false;
  if (name === 'aside') return true;
  if (pageHeader && name === 'header' && !(parent.type === 'element' && (parent.tagName === 'article' || parent.tagName === 'section'))) return true;
  const role = stringProperty(element, 'role')?.toLowerCase();
  if (role !== undefined && chromeRoles.has(role)) return true;
  const names = [...classNames(element), stringProperty(element, 'id') ?? ''].map((value) => value.toLowerCase());
  if (names.some((value) => chromeClasses.has(value) || value.split(/[-_]+/).some((part) => chromeClassParts.has(part)))) return true;
  if (name === 'a') return isSkipLink(element) || isPermalink(element, parent);
  return false;
}

/** A checkbox at the start of a list item: GFM task lists are written that way. */
function isTaskCheckbox(element: Element, parent: Root | Element): boolean {
  if (stringProperty(element, 'type')?.toLowerCase() !== 'checkbox') return false;
  return parent.type === 'element' && (parent.tagName === 'li' || parent.tagName === 'p' || parent.tagName === 'label');
}

/** "Skip to content": a link to an anchor of the page that says so. */
function isSkipLink(element: Element): boolean {
  const href = stringProperty(element, 'href');
  return href !== undefined && href.startsWith('#') && /^skip\b/i.test(nodeText(element).trim());
}

/** The "¶" or "#" link to itself a generator adds in a heading. */
function isPermalink(element: Element, parent: Root | Element): boolean {
  const href = stringProperty(element, 'href');
  if (href === undefined || !href.startsWith('#')) return false;
  if (parent.type !== 'element' || !/^h[1-6]$/.test(parent.tagName)) return false;
  return permalinkTexts.has(nodeText(element).trim().toLowerCase()) || classNames(element).some((name) => /anchor|permalink|headerlink/i.test(name));
}
