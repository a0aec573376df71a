// The URL a card's target or cover cell holds. GitBook writes it as a link (`<a href="page.md">page.md</a>`,
// `<a href=".gitbook/assets/x.png">x.png</a>`); an image or a bare URL typed into the cell is read too.
import type { ElementContent } from 'hast';
import { hastText } from '../body/node-text.ts';

const bareUrl = /^(?:https?:)?\/\/\S+$/i;

/**
 * The first `href` in a cell, else the first `src`, else the cell's text when it is an absolute URL.
 *
 * @example
 * cardCellUrl(htmlFragment('<a href="guides/start.md">start.md</a>')) // → 'guides/start.md'
 */
export function cardCellUrl(cell: readonly ElementContent[]): string | undefined {
  const written = firstProperty(cell, 'href') ?? firstProperty(cell, 'src');
  if (written !== undefined) return written;
  const text = cell.map((node) => hastText(node)).join('').trim();
  return bareUrl.test(text) ? text : undefined;
}

function firstProperty(nodes: readonly ElementContent[], property: 'href' | 'src'): string | undefined {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    const value = node.properties[property];
    if (typeof value === 'string' && value.trim() !== '') return value;
    const inner = firstProperty(node.children, property);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
