// Inline images: `<img src="..." alt="..." data-size="line">` inside text.
import type { Node } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface InlineImageFields {
  url?: string;
  alt?: string;
  /** `line` (as high as the text) or `original`. */
  size?: 'line' | 'original' | (string & {});
}

/** An image inside text. */
export interface InlineImage extends Node, InlineImageFields {
  type: 'inlineImage';
  attributes?: Attribute[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    inlineImage: InlineImage;
  }
  interface RootContentMap {
    inlineImage: InlineImage;
  }
}
