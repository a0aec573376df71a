// Icons: `<i class="fa-github">:github:</i>`.
import type { Parent, PhrasingContent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface IconFields {
  /** The Font Awesome class, such as `fa-github`. */
  name?: string;
}

/** An icon; its content is the text shown where icons are not drawn. */
export interface Icon extends Parent, IconFields {
  type: 'icon';
  attributes?: Attribute[];
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    icon: Icon;
  }
  interface RootContentMap {
    icon: Icon;
  }
}
