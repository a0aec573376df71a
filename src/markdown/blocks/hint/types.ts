// Hint: `{% hint style="info" icon="..." %}` ... `{% endhint %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

/** The styles GitBook offers; other values are kept as written. */
export type HintStyle = 'info' | 'success' | 'warning' | 'danger' | (string & {});

export interface HintFields {
  style?: HintStyle;
  icon?: string;
}

/** A callout box. */
export interface Hint extends Parent, HintFields {
  type: 'hint';
  /** The attributes as written, when they are not the canonical writing of the fields. */
  attributes?: Attribute[];
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    hint: Hint;
  }
  interface RootContentMap {
    hint: Hint;
  }
}
