import type { Element, Nodes as HastNodes } from 'hast';
import type { Nodes as MdastNodes } from 'mdast';

/**
 * The text of an mdast node, as a reader sees it (inline code and math included, HTML tags left out).
 *
 * @example
 * mdastText({ type: 'heading', depth: 2, children: [{ type: 'text', value: 'Install' }] }) // → 'Install'
 */
export function mdastText(node: MdastNodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') return node.value;
  if ('children' in node) return node.children.map((child) => mdastText(child as MdastNodes)).join('');
  return '';
}

/**
 * The text of a hast tree, blocks separated by spaces: what the search index holds of a page.
 *
 * @example
 * hastText({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Hi' }] }) // → 'Hi'
 */
export function hastText(node: HastNodes): string {
  return textOfCollected(collectText(node, ''));
}

/** What `hastText` makes of the text collected (`collectText`): whitespace collapsed, trimmed. */
export function textOfCollected(collected: string): string {
  return collapseWhitespace(collected).trim();
}

/**
 * `text` with each run of whitespace made one space, as `text.replace(/\s+/g, ' ')` but leaving alone the runs that
 * already are one space (most of them), which that replace rewrites: 0.6 of its time on page texts. Tested against it.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(whitespaceToCollapse, ' ');
}

/** A run of whitespace other than a single space: a space and more, or anything else first. */
const whitespaceToCollapse = /(?: \s|[^\S ])\s*/g;

/**
 * `text` followed by the text of `node`, a space after each block. One string built by concatenation (V8 keeps it as a
 * rope until the whitespace pass reads it) instead of an array of parts joined: a page's text took twice as long.
 */
export function collectText(node: HastNodes, text: string): string {
  if (node.type === 'text') return text + node.value;
  if (node.type === 'element') {
    if (isTextChrome(node)) return text;
    for (const child of node.children) text = collectText(child, text);
    return isInlineTag(node.tagName) ? text : `${text} `;
  }
  if (node.type === 'root') for (const child of node.children) text = collectText(child, text);
  return text;
}

/** Heading anchors (`#`) and copy buttons are not text of the page: nothing in them is collected. */
export function isTextChrome(node: Element): boolean {
  const { className } = node.properties;
  return Array.isArray(className) && className.includes('heading-anchor');
}

/** Whether the text of an element of `tagName` runs on with what follows (no space after it). */
export function isInlineTag(tagName: string): boolean {
  return inlineTags.has(tagName);
}

const inlineTags = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 'kbd', 'mark', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'del', 'ins']);
