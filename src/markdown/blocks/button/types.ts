// Buttons: `<a href="..." class="button primary" data-icon="...">Label</a>`.
import type { Parent, PhrasingContent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface ButtonFields {
  url?: string;
  /** The second class: `primary` or `secondary`. */
  kind?: 'primary' | 'secondary' | (string & {});
  /** A Font Awesome icon name, without the `fa-` prefix. */
  icon?: string;
}

/** A link drawn as a button; its content is the label. */
export interface Button extends Parent, ButtonFields {
  type: 'button';
  attributes?: Attribute[];
  children: PhrasingContent[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    button: Button;
  }
  interface RootContentMap {
    button: Button;
  }
}
