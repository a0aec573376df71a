// Cards: `<table data-view="cards">` with a header row naming the columns and one row per card.
import type { Node } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

/** A column; `data-card-target` / `data-card-cover` mark the link and cover columns. */
export interface CardsColumn {
  /** The attributes of `<th>`, as written (`data-hidden`, `data-card-target`, `data-type="..."`). */
  attributes: Attribute[];
  /** What `<th>` holds, as written (HTML). */
  title: string;
}

export interface CardsRow {
  /** What each `<td>` holds, as written (HTML), one per column. */
  cells: string[];
}

/** A grid of cards. */
export interface Cards extends Node {
  type: 'cards';
  /** The attributes of `<table>`, as written, `data-view="cards"` included. */
  attributes: Attribute[];
  columns: CardsColumn[];
  rows: CardsRow[];
}

declare module 'mdast' {
  interface BlockContentMap {
    cards: Cards;
  }
  interface RootContentMap {
    cards: Cards;
  }
}
