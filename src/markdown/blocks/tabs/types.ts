// Tabs: `{% tabs %}` `{% tab title="..." icon="..." %}` ... `{% endtab %}` ... `{% endtabs %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

/** A set of tabs; only `tab` nodes sit directly in it. */
export interface Tabs extends Parent {
  type: 'tabs';
  /** The attributes as written; `{% tabs %}` takes none, so any here are unknown ones. */
  attributes?: Attribute[];
  children: Tab[];
}

export interface TabFields {
  title?: string;
  icon?: string;
}

/** One tab of a `tabs` block. */
export interface Tab extends Parent, TabFields {
  type: 'tab';
  attributes?: Attribute[];
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    tabs: Tabs;
  }
  interface RootContentMap {
    tabs: Tabs;
    tab: Tab;
  }
}
