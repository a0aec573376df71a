import type { Element } from 'hast';
import { capTreeDepth } from '../markdown/nesting/cap-tree-depth.ts';
import { stringifyMarkdown } from '../markdown/stringify-markdown.ts';
import { maxMarkdownDepth } from '../model/nesting-limits.ts';
import { collapseWhitespace, readPageMeta } from './convert-page-meta.ts';
import { parseHtmlDocument } from './convert-parse.ts';
import { resolveReferences } from './convert-references.ts';
import { nodeText, resolveUrl } from './convert-text.ts';
import { contentToMdast, markContent } from './convert-to-mdast.ts';
import { findElements, stringProperty } from './convert-walk.ts';
import { selectMainContent } from './main-content.ts';

export interface ConvertOptions {
  /** The page's final URL (after redirects): the base for relative links and images. */
  url: string;
  /** For each link in the main content (absolute URL, fragment kept): the href to write instead, or undefined to keep the absolute URL. */
  rewriteLink?: (absoluteUrl: string) => string | undefined;
  /** For each image: the src to write instead (e.g. a relative path under .gitbook/assets/), or undefined to keep the absolute URL. */
  rewriteImage?: (absoluteUrl: string) => string | undefined;
}

export interface ConvertedPage {
  /** <title> or the first <h1> of the main content (h1 removed from the body when used as the title), trimmed; 'Untitled' when none. */
  title: string;
  /** <meta name="description"> when present. */
  description?: string;
  /** The main content as Quire Markdown (ends with one newline). */
  markdown: string;
  /** Every distinct link of the main content, absolute, http(s) only, in document order, fragment removed. */
  links: string[];
  /** Every distinct image src of the main content, absolute, http(s) or data: excluded, in order. */
  images: string[];
}

/**
 * A converted tree nests at most this deep, well under what Quire's parser reads back unchanged
 * (`maxMarkdownDepth`): a list nested that deep in HTML is flattened to text here, not when the page is read.
 */
const maxConvertedDepth = maxMarkdownDepth - 16;

/**
 * Converts a page of a website into a Quire page: its title, description, and main content as Quire Markdown
 * (FORMAT.md), with the links and images it holds. Pure and synchronous; safe on hostile input (any nesting, any
 * size, scripts, event handlers, `javascript:` URLs: none of it reaches the Markdown, which holds no raw HTML but
 * the forms of Quire's dialect).
 *
 * - Main content: see the heuristic in main-content.ts.
 * - Title: the first `<h1>` of the main content, removed from the body; else `<title>`; else 'Untitled'. The
 *   heading is preferred because `<title>` usually carries the site's name too ("Install · Lantern").
 * - Links and images: see convert-references.ts; `links` and `images` are the absolute URLs before rewriting.
 *
 * @example
 * ```ts
 * const page = convertHtmlPage(html, {
 *   url: 'https://docs.example.com/guide/install.html',
 *   rewriteLink: (url) => (url.startsWith('https://docs.example.com/') ? toMarkdownPath(url) : undefined),
 *   rewriteImage: (url) => `.gitbook/assets/${url.split('/').pop()}`,
 * });
 * page.title; // 'Installation'
 * ```
 */
export function convertHtmlPage(html: string, options: ConvertOptions): ConvertedPage {
  const page = new URL(options.url);
  const document = parseHtmlDocument(html);
  const meta = readPageMeta(document, page.href);
  const content = selectMainContent(document);
  const title = takeTitleHeading(content) ?? meta.title ?? 'Untitled';
  markContent(content);
  const references = resolveReferences(content, { page, base: meta.base, rewriteLink: options.rewriteLink, rewriteImage: options.rewriteImage });
  const tree = contentToMdast(content);
  capTreeDepth(tree, maxConvertedDepth);
  const markdown = `${stringifyMarkdown(tree).replace(/\s+$/, '')}\n`;
  return {
    title,
    ...(meta.description === undefined ? {} : { description: meta.description }),
    markdown: markdown === '\n' ? '' : markdown,
    links: references.links,
    images: references.images,
  };
}

/** The text of the first `<h1>` of the content, which is removed; undefined when there is none with text. */
function takeTitleHeading(content: Element): string | undefined {
  const [heading] = findElements(content, (element) => element.tagName === 'h1');
  if (!heading) return undefined;
  const text = collapseWhitespace(nodeText(heading));
  if (text === '') return undefined;
  removeElement(content, heading);
  return text;
}

function removeElement(root: Element, target: Element): void {
  const pending: Array<Element> = [root];
  while (pending.length > 0) {
    const parent = pending.pop()!;
    const index = parent.children.indexOf(target);
    if (index !== -1) {
      parent.children.splice(index, 1);
      return;
    }
    for (const child of parent.children) if (child.type === 'element') pending.push(child);
  }
}

/**
 * The same-site links of a whole page (nav included), for crawling: absolute, fragment removed, http(s) only,
 * distinct, in document order. Same site: the same origin (scheme, host and port) as `url`.
 *
 * @example
 * ```ts
 * discoverLinks('<nav><a href="b.html#x">B</a><a href="https://else.test/">E</a></nav>', 'https://x.test/a.html');
 * // ['https://x.test/b.html']
 * ```
 */
export function discoverLinks(html: string, url: string): string[] {
  const page = new URL(url);
  const document = parseHtmlDocument(html);
  const { base } = readPageMeta(document, page.href);
  const found = new Set<string>();
  for (const element of findElements(document, (candidate) => candidate.tagName === 'a' || candidate.tagName === 'area')) {
    const href = stringProperty(element, 'href');
    const target = href === undefined ? undefined : resolveUrl(href, href.startsWith('#') ? page : base);
    if (target === undefined || !/^https?:$/.test(target.protocol) || target.origin !== page.origin) continue;
    target.hash = '';
    found.add(target.href);
  }
  return [...found];
}
