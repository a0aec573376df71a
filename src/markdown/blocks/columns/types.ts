// Columns: `{% columns %}` `{% column width="50%" valign="middle" %}` ... `{% endcolumn %}` `{% endcolumns %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

/** Side-by-side columns; only `column` nodes sit directly in it. */
export interface Columns extends Parent {
  type: 'columns';
  attributes?: Attribute[];
  children: Column[];
}

export interface ColumnFields {
  /** A CSS width, such as `50%`. */
  width?: string;
  valign?: 'top' | 'middle' | 'bottom' | (string & {});
}

export interface Column extends Parent, ColumnFields {
  type: 'column';
  attributes?: Attribute[];
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    columns: Columns;
  }
  interface RootContentMap {
    columns: Columns;
    column: Column;
  }
}
