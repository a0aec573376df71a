// Reading an inline HTML node that is exactly one tag GitBook writes in its own way. A tag becomes
// a typed node only when writing it back gives the same bytes; anything else stays raw HTML.
import type { Html } from 'mdast';
import type { HtmlTag } from './html-tag.ts';
import { readHtmlTag } from './read-html-tag.ts';
import { writeHtmlTag } from './write-html-tag.ts';

/** The one tag `node` holds, if it holds exactly one, written canonically. */
export function readSingleTag(node: Html): HtmlTag | undefined {
  const read = readHtmlTag(node.value);
  if (!read || read.length !== node.value.length || writeHtmlTag(read.tag) !== node.value) return undefined;
  return read.tag;
}

/** The one opening tag named `name` that `node` holds. */
export function readOpenTag(node: Html, name: string): Extract<HtmlTag, { kind: 'open' }> | undefined {
  const tag = readSingleTag(node);
  return tag?.kind === 'open' && tag.name === name ? tag : undefined;
}

/** Whether `node` is exactly `</name>`. */
export function isCloseTag(node: Html, name: string): boolean {
  return node.value === `</${name}>`;
}
