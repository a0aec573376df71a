// Drawings: `<img src=".gitbook/assets/x.drawing.svg" alt="..." class="gitbook-drawing">` as a block.
import type { Node } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface DrawingFields {
  /** The SVG GitBook stores the drawing as. */
  url?: string;
  alt?: string;
}

/** A drawing made in GitBook's editor. */
export interface Drawing extends Node, DrawingFields {
  type: 'drawing';
  attributes?: Attribute[];
}

declare module 'mdast' {
  interface BlockContentMap {
    drawing: Drawing;
  }
  interface RootContentMap {
    drawing: Drawing;
  }
}
