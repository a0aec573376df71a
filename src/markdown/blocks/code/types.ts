// Code options: `{% code title="..." overflow="wrap" lineNumbers="true" %}` around one fenced block.
import type { Code, Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

export interface CodeOptionsFields {
  title?: string;
  /** `wrap` wraps long lines; GitBook scrolls them otherwise. */
  overflow?: 'wrap' | (string & {});
  lineNumbers?: boolean;
  expandable?: boolean;
  fullWidth?: boolean;
}

/** Display options of the one fenced code block it holds. */
export interface CodeOptions extends Parent, CodeOptionsFields {
  type: 'codeOptions';
  attributes?: Attribute[];
  children: [Code];
}

declare module 'mdast' {
  interface BlockContentMap {
    codeOptions: CodeOptions;
  }
  interface RootContentMap {
    codeOptions: CodeOptions;
  }
}
