// Figures: `<figure><img src="..." alt="..."><figcaption><p>Caption</p></figcaption></figure>`.
// (`![alt](src "caption")` is read as an mdast `image`; the writer keeps it that way.)
import type { Node } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface FigureFields {
  url?: string;
  alt?: string;
}

/** A block image with an optional caption. */
export interface Figure extends Node, FigureFields {
  type: 'figure';
  /** The attributes of `<img>` as written, when they are not the canonical writing of the fields. */
  attributes?: Attribute[];
  /** What `<figcaption>` holds, as written (HTML, usually `<p>...</p>`); absent without `<figcaption>`. */
  caption?: string;
}

declare module 'mdast' {
  interface BlockContentMap {
    figure: Figure;
  }
  interface RootContentMap {
    figure: Figure;
  }
}
