import type { ElementContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { simpleHtmlFragment } from './simple-html-fragment.ts';

/**
 * Parses an HTML fragment held by a block (a figure's caption, an expandable's summary, a card's cell) into hast.
 * What it holds is sanitized with the rest of the page. Plain markup is read without parse5 (`simpleHtmlFragment`,
 * the same nodes).
 *
 * @example
 * htmlFragment('<p>Our <strong>office</strong></p>') // → [{ type: 'element', tagName: 'p', ... }]
 */
export function htmlFragment(html: string): ElementContent[] {
  if (html === '') return [];
  if (!/[<&]/.test(html)) return [{ type: 'text', value: html }];
  return simpleHtmlFragment(html) ?? fromHtml(html, { fragment: true }).children.filter((node): node is ElementContent => node.type !== 'doctype');
}
