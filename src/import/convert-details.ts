import type { Element } from 'hast';
import type { Details, FlowContent } from '../markdown/index.ts';
import { escapeHtml } from './convert-escape-html.ts';
import { collapseWhitespace } from './convert-page-meta.ts';
import type { Handle } from './convert-state.ts';
import { nodeText } from './convert-text.ts';

/**
 * The handler of `<details>`: Quire's expandable block (`<details>`, `<summary>Title</summary>`, the content,
 * `</details>`; FORMAT.md), open when the page had it open. The summary is kept as text ("Details" when the page
 * has none). Inside a table cell, the content alone.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { details: detailsHandler } });
 * ```
 */
export const detailsHandler: Handle = (state, element) => {
  const summary = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'summary');
  const body: Element = { ...element, children: element.children.filter((child) => child !== summary) };
  if (state.inTable) return state.all(element);
  const title = summary ? collapseWhitespace(nodeText(summary)) : '';
  const open = element.properties['open'] !== undefined && element.properties['open'] !== false && element.properties['open'] !== null;
  const details: Details = {
    type: 'details',
    ...(open ? { open: true } : {}),
    summary: escapeHtml(title === '' ? 'Details' : title),
    children: state.toFlow(state.all(body)) as FlowContent[],
  };
  return details;
};
