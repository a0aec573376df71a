import type { Element, ElementContent } from 'hast';
import type { Cards, CardsColumn } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';
import { htmlFragment } from '../body/html-fragment.ts';
import { hastText } from '../body/node-text.ts';

/**
 * `<table data-view="cards">` → a grid of cards. The `data-card-target` column makes the whole card a link, the
 * `data-card-cover` column gives its image, hidden columns are not shown; the others are the card's text.
 */
export function cards(_state: State, node: Cards): Element {
  const has = (column: CardsColumn | undefined, name: string) => column?.attributes.some((attribute) => attribute.name === name) ?? false;
  return element(
    'div',
    { className: ['cards'] },
    node.rows.map((row) => {
      let target: string | undefined;
      let cover: string | undefined;
      const cells: ElementContent[] = [];
      row.cells.forEach((cell, index) => {
        const column = node.columns[index];
        const content = htmlFragment(cell);
        if (has(column, 'data-card-target')) target ??= firstUrl(content, 'href');
        else if (has(column, 'data-card-cover')) cover ??= firstUrl(content, 'href') ?? firstUrl(content, 'src');
        else if (!has(column, 'data-hidden') && content.length > 0) cells.push(element('div', { className: ['card-cell'] }, content));
      });
      const label = cells.map((cell) => hastText(cell)).find((value) => value !== '') ?? 'Open';
      return element('div', { className: target ? ['card', 'card-linked'] : ['card'] }, [
        ...(cover ? [element('img', { className: ['card-cover'], src: cover, alt: '' })] : []),
        element('div', { className: ['card-body'] }, cells),
        ...(target ? [element('a', { className: ['card-link'], href: target, ariaLabel: label })] : []),
      ]);
    }),
  );
}

/** The first `href` (or `src`) in a cell. */
function firstUrl(nodes: ElementContent[], property: 'href' | 'src'): string | undefined {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    const value = node.properties[property];
    if (typeof value === 'string' && value !== '') return value;
    const inner = firstUrl(node.children, property);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
