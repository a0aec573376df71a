import type { Element, ElementContent } from 'hast';
import type { State } from 'mdast-util-to-hast';
import type { Cards, CardsRow } from '../../markdown/index.ts';
import { element } from '../body/hast-builder.ts';
import { htmlFragment } from '../body/html-fragment.ts';
import { hastText } from '../body/node-text.ts';
import { cardCellUrl } from './card-cell-url.ts';
import { readCardColumns, type CardColumns } from './card-columns.ts';

/**
 * `<table data-view="cards">` → a grid of cards, one a row. The target column makes the whole card a link (a page
 * link is resolved by the link pass like any other, a URL is kept), the cover column gives the image on top and
 * the dark cover column the one shown instead in the dark theme (both are `<img>`, so the link pass marks the files
 * used and the export copies them; quire.css shows one or the other). Hidden columns are never shown; the other
 * cells are the card's text, as written: headings, emphasis and `<i class="fa-…">` icons (left for the icon pass).
 *
 * @example
 * cards(state, node) // → <div class="cards"><div class="card card-linked"><img class="card-cover" …>…</div></div>
 */
export function cards(_state: State, node: Cards): Element {
  return cardsElement(node);
}

/** The grid of cards of a card table, as `cards` renders it (the fast body path builds it too). */
export function cardsElement(node: Cards): Element {
  const columns = readCardColumns(node.columns);
  return element(
    'div',
    { className: ['cards'] },
    node.rows.map((row) => card(row, columns)),
  );
}

function card(row: CardsRow, columns: CardColumns): Element {
  const cell = (index: number | undefined): ElementContent[] => (index === undefined ? [] : htmlFragment(row.cells[index] ?? ''));
  const target = cardCellUrl(cell(columns.target));
  const light = cardCellUrl(cell(columns.cover));
  const dark = cardCellUrl(cell(columns.coverDark));
  const texts = columns.text.map((index) => cell(index)).filter((content) => content.length > 0 && !isBlank(content));
  const body = texts.map((content) => element('div', { className: ['card-cell'] }, content));
  const label = texts.map((content) => labelText(content)).find((value) => value !== '') ?? 'Open';
  const classes = ['card', ...(target ? ['card-linked'] : []), ...(light && dark ? ['card-has-dark-cover'] : [])];
  return element('div', { className: classes }, [
    ...covers(light, dark),
    element('div', { className: ['card-body'] }, body),
    ...(target ? [element('a', { className: ['card-link'], href: target, ariaLabel: label })] : []),
  ]);
}

/** The cover images: the light one, and the dark one for the dark theme; a dark cover alone is the cover. */
function covers(light: string | undefined, dark: string | undefined): Element[] {
  if (light && dark) {
    return [
      element('img', { className: ['card-cover', 'card-cover-light'], src: light, alt: '' }),
      element('img', { className: ['card-cover', 'card-cover-dark'], src: dark, alt: '' }),
    ];
  }
  const only = light ?? dark;
  return only ? [element('img', { className: ['card-cover'], src: only, alt: '' })] : [];
}

function isBlank(content: readonly ElementContent[]): boolean {
  return content.every((node) => node.type === 'text' && node.value.trim() === '');
}

/** The text a screen reader announces for the card's link: the cell's words, without icon names (`:rocket:`). */
function labelText(content: readonly ElementContent[]): string {
  const withoutIcons = (nodes: readonly ElementContent[]): ElementContent[] =>
    nodes.flatMap((node): ElementContent[] => {
      if (node.type !== 'element') return [node];
      return node.tagName === 'i' ? [] : [{ ...node, children: withoutIcons(node.children) }];
    });
  return withoutIcons(content)
    .map((node) => hastText(node))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
