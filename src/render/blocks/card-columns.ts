// What each column of a card table is for. GitBook's exporter marks them on the header cells: `data-card-target`
// (the page or URL the card opens), `data-card-cover` and `data-card-cover-dark` (the cover image, and the one
// for the dark theme), `data-hidden` (a column the card does not show). The other columns are the card's text.
import type { CardsColumn } from '../../markdown/index.ts';

export interface CardColumns {
  target?: number;
  cover?: number;
  coverDark?: number;
  /** The columns shown as the card's text, in order. */
  text: number[];
}

/**
 * The roles of a card table's columns, by index; the first column marked for a role takes it.
 *
 * @example
 * readCardColumns([{ attributes: [], title: '' }, { attributes: [{ name: 'data-card-target', value: null, quote: '' }], title: '' }])
 * // → { target: 1, text: [0] }
 */
export function readCardColumns(columns: readonly CardsColumn[]): CardColumns {
  const roles: CardColumns = { text: [] };
  columns.forEach((column, index) => {
    const has = (name: string) => column.attributes.some((attribute) => attribute.name.toLowerCase() === name);
    if (has('data-card-target')) roles.target ??= index;
    else if (has('data-card-cover')) roles.cover ??= index;
    else if (has('data-card-cover-dark')) roles.coverDark ??= index;
    else if (!has('data-hidden')) roles.text.push(index);
  });
  return roles;
}
