// Updates (a changelog): `{% updates format="full" %}` `{% update date="2025-12-25" tags="a,b" %}` ...
// `{% endupdate %}` `{% endupdates %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

export interface UpdatesFields {
  format?: 'full' | (string & {});
}

/** A list of dated updates; only `update` nodes sit directly in it. */
export interface Updates extends Parent, UpdatesFields {
  type: 'updates';
  attributes?: Attribute[];
  children: Update[];
}

export interface UpdateFields {
  /** An ISO date, `YYYY-MM-DD`. */
  date?: string;
  tags?: string[];
}

export interface Update extends Parent, UpdateFields {
  type: 'update';
  attributes?: Attribute[];
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    updates: Updates;
  }
  interface RootContentMap {
    updates: Updates;
    update: Update;
  }
}
