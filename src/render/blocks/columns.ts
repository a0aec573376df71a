import type { Element, ElementContent } from 'hast';
import type { Column, ColumnFields, Columns } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';

/** `{% columns %}` → side-by-side columns that stack on narrow screens. Widths are checked when the tree is finished. */
export function columns(state: State, node: Columns): Element {
  return columnsElement(node.children.map((child) => column(state, child)));
}

/** The row of rendered columns. */
export function columnsElement(columns: Element[]): Element {
  return element('div', { className: ['columns'] }, columns);
}

export function column(state: State, node: Column): Element {
  return columnElement(node, state.all(node));
}

/** One column of `width` and `valign` around its rendered content. */
export function columnElement(node: ColumnFields, children: ElementContent[]): Element {
  const valign = node.valign === 'middle' || node.valign === 'bottom' || node.valign === 'top' ? node.valign : undefined;
  return element('div', { className: ['column'], dataWidth: node.width, dataValign: valign }, children);
}
