// Colours: `<mark style="color:orange;background-color:purple;">text</mark>`.
import type { Parent, PhrasingContent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface MarkFields {
  /** Text colour: a name (`orange`) or a CSS colour. */
  color?: string;
  backgroundColor?: string;
}

/** Coloured text. */
export interface Mark extends Parent, MarkFields {
  type: 'mark';
  /** The attributes as written, when they are not the canonical writing of the fields. */
  attributes?: Attribute[];
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    mark: Mark;
  }
  interface RootContentMap {
    mark: Mark;
  }
}
