import type { Element } from 'hast';
import type { Column, Columns } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';

/** `{% columns %}` → side-by-side columns that stack on narrow screens. Widths are checked when the tree is finished. */
export function columns(state: State, node: Columns): Element {
  return element(
    'div',
    { className: ['columns'] },
    node.children.map((child) => column(state, child)),
  );
}

export function column(state: State, node: Column): Element {
  const valign = node.valign === 'middle' || node.valign === 'bottom' || node.valign === 'top' ? node.valign : undefined;
  return element('div', { className: ['column'], dataWidth: node.width, dataValign: valign }, state.all(node));
}
