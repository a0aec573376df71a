// Page links: `{% content-ref url="page.md" %}` `[page.md](page.md)` `{% endcontent-ref %}`, and the
// legacy `{% page-ref page="page.md" %}`.
import type { Node, Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

export interface ContentRefFields {
  url?: string;
}

/** A link to a page, shown as a card. Its content is the link, as GitBook writes it. */
export interface ContentRef extends Parent, ContentRefFields {
  type: 'contentRef';
  attributes?: Attribute[];
  children: FlowContent[];
}

export interface PageRefFields {
  page?: string;
}

/** The legacy page link, a void tag. */
export interface PageRef extends Node, PageRefFields {
  type: 'pageRef';
  attributes?: Attribute[];
}

declare module 'mdast' {
  interface BlockContentMap {
    contentRef: ContentRef;
    pageRef: PageRef;
  }
  interface RootContentMap {
    contentRef: ContentRef;
    pageRef: PageRef;
  }
}
