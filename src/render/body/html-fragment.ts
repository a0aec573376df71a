import type { ElementContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';

/**
 * Parses an HTML fragment held by a block (a figure's caption, an expandable's summary, a card's cell) into hast.
 * What it holds is sanitized with the rest of the page.
 *
 * @example
 * htmlFragment('<p>Our <strong>office</strong></p>') // → [{ type: 'element', tagName: 'p', ... }]
 */
export function htmlFragment(html: string): ElementContent[] {
  if (html === '') return [];
  if (!/[<&]/.test(html)) return [{ type: 'text', value: html }];
  return fromHtml(html, { fragment: true }).children.filter((node): node is ElementContent => node.type !== 'doctype');
}
