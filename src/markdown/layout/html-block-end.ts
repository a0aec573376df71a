// Where an HTML block ends in a tight list item. In CommonMark an HTML block of kind 6 or 7 (a block
// tag such as `<figure>`, or one complete tag alone on its line) runs until a blank line; here it
// also ends before a Liquid tag line (liquid/html-flow-before-tag.ts). mdast-util-to-markdown puts
// that blank line after an `html` node, but not after the nodes GitBook's dialect writes as such a
// block (figures, drawings, card tables, details): in a tight item the code or text after a figure
// became part of its HTML when read back. And before a block written as a tag, the blank line it
// did put made a tight item loose when read back.
import type { Join } from 'mdast-util-to-markdown';
import { gitbookNodeTypes, type GitbookNodeType } from '../node-types.ts';
import { htmlBlockStart } from '../html/html-block-start.ts';

/** The flow nodes whose Markdown ends with an HTML block of kind 6 or 7 (`<figure>…</figure>`, `</details>`). */
export const htmlBlockNodeTypes: ReadonlySet<string> = new Set<GitbookNodeType>(['cards', 'details', 'drawing', 'figure']);

/** The dialect's nodes that are not written as a Liquid tag: HTML, math, and the inline ones. */
const notTagLine = new Set<GitbookNodeType>([...(htmlBlockNodeTypes as ReadonlySet<GitbookNodeType>), 'math', 'button', 'icon', 'inlineImage', 'inlineMath', 'mark']);

/** The flow nodes whose Markdown starts with a Liquid tag line (`{% hint ... %}`, `{% @acme/map %}`, ...): all the others. */
export const tagLineNodeTypes: ReadonlySet<string> = new Set<string>(gitbookNodeTypes.filter((type) => !notTagLine.has(type)));

function endsWithHtmlBlock(node: { type: string; value?: unknown }): boolean {
  if (htmlBlockNodeTypes.has(node.type)) return true;
  return node.type === 'html' && typeof node.value === 'string' && htmlBlockStart(node.value.split('\n', 1)[0]!) !== undefined;
}

/** In a tight list or item: a blank line after an HTML block, none when a tag line follows it. */
export const htmlBlockEnd: Join = (left, right, parent) => {
  if (!('spread' in parent) || parent.spread !== false || !endsWithHtmlBlock(left)) return undefined;
  return tagLineNodeTypes.has(right.type) ? 0 : 1;
};
