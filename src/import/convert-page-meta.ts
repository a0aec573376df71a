import type { Root } from 'hast';
import { nodeText, resolveUrl } from './convert-text.ts';
import { findElements, stringProperty } from './convert-walk.ts';

/** What a page says about itself in its `<head>`. */
export interface PageMeta {
  /** The text of `<title>`, whitespace collapsed; undefined when absent or blank. */
  title?: string;
  /** `<meta name="description">`, whitespace collapsed; undefined when absent or blank. */
  description?: string;
  /** The base for relative URLs: `<base href>` resolved against the page's URL, else the page's URL. */
  base: URL;
}

/**
 * The title, description and base URL of a parsed page (`url`: its final URL, after redirects). Only the first
 * `<base>` with an `href` counts, as in browsers; one that does not resolve is ignored.
 *
 * @example
 * ```ts
 * readPageMeta(parseHtmlDocument('<base href="/docs/"><title> A  page </title>'), 'https://x.test/a/b.html');
 * // { title: 'A page', base: URL('https://x.test/docs/') }
 * ```
 */
export function readPageMeta(document: Root, url: string): PageMeta {
  const page = new URL(url);
  const [titleElement] = findElements(document, (element) => element.tagName === 'title');
  const [description] = findElements(document, (element) => element.tagName === 'meta' && stringProperty(element, 'name')?.toLowerCase() === 'description');
  const [base] = findElements(document, (element) => element.tagName === 'base' && stringProperty(element, 'href') !== undefined);
  const title = titleElement ? collapseWhitespace(nodeText(titleElement)) : '';
  const content = description ? collapseWhitespace(stringProperty(description, 'content') ?? '') : '';
  return {
    ...(title === '' ? {} : { title }),
    ...(content === '' ? {} : { description: content }),
    base: (base && resolveUrl(stringProperty(base, 'href')!, page)) || page,
  };
}

/**
 * `text` on one line: runs of whitespace become one space, none at the ends.
 *
 * @example
 * ```ts
 * collapseWhitespace('  Install\n   Lantern '); // 'Install Lantern'
 * ```
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
