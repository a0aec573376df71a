import type { Nodes as HastNodes } from 'hast';
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
  const parts: string[] = [];
  const walk = (current: HastNodes) => {
    if (current.type === 'text') parts.push(current.value);
    else if (current.type === 'element' && isChrome(current.properties.className)) return;
    else if (current.type === 'element' || current.type === 'root') {
      for (const child of current.children) walk(child);
      if (current.type === 'element' && !inlineTags.has(current.tagName)) parts.push(' ');
    }
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Heading anchors (`#`) and copy buttons are not text of the page. */
function isChrome(className: unknown): boolean {
  return Array.isArray(className) && className.includes('heading-anchor');
}

const inlineTags = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 'kbd', 'mark', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'del', 'ins']);
