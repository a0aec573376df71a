import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { capHtmlNesting } from './convert-cap-nesting.ts';

/**
 * How deep imported HTML may nest (open elements at once). Real documentation sites nest some 10 to 30 deep;
 * the recursive stages after the tokenizer stay far from the stack's end at this depth.
 */
export const maxImportHtmlDepth = 200;

/** The depth used when a page got past the scan anyway (see `parseHtmlDocument`). */
const fallbackDepth = 32;

const parser = unified().use(rehypeParse).freeze();

// What no later stage can store (src/server/text-fields.ts refuses it): C0 and C1 controls other than tab, line
// feed and carriage return, and unpaired surrogates.
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const unpairedSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Parses a whole HTML page into a hast tree the way a browser would, after removing the characters no stage of
 * Quire stores and the nesting past `maxImportHtmlDepth` (convert-cap-nesting.ts). Never throws on any input: a
 * page that still overflows the stack is parsed again with much less nesting, and at worst as its text alone.
 *
 * @example
 * ```ts
 * const tree = parseHtmlDocument('<title>T</title><p>Hi');
 * tree.children[0]; // the <html> element
 * ```
 */
export function parseHtmlDocument(html: string): Root {
  const clean = html.replace(controlCharacters, '').replace(unpairedSurrogates, '\uFFFD');
  try {
    return parser.parse(capHtmlNesting(clean, maxImportHtmlDepth));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  try {
    return parser.parse(capHtmlNesting(clean, fallbackDepth));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const text = clean.replace(/<[^>]*>?/g, ' ');
    return parser.parse(`<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`);
  }
}
