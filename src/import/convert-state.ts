// The types of hast-util-to-mdast's handlers, reached through rehype-remark, the package Quire depends on.
import type { Options } from 'rehype-remark';

/** A handler of one element name: the hast element in, mdast nodes out. */
export type Handle = NonNullable<NonNullable<Options['handlers']>[string]>;

/** What a handler is given to convert the element's children and to know where it is. */
export type State = Parameters<Handle>[0];

/**
 * Properties this converter sets on hast elements for its handlers (hast-util-to-mdast converts a clone, so
 * only properties reach them). HTML cannot write them: attribute names are lower-cased by the parser and `data-*`
 * ones become `data...`, so none starts with a capital letter.
 */
export const marks = {
  /** On a callout: its hint style. */
  hint: 'QuireHint',
  /** On a `<pre>`: its language. */
  language: 'QuireLanguage',
  /** On a heading: the id the page gave it. */
  anchor: 'QuireAnchor',
} as const;
