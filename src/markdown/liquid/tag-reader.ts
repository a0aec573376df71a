import type { RootContent } from 'mdast';
import type { Attribute } from '../attributes/attribute.ts';

/** Whether a tag needs `{% endname %}`, may have one, or never has one. */
export type TagEnd = 'required' | 'optional' | 'none';

/** A tag as a reader sees it. */
export interface TagInput {
  name: string;
  /** The text after the name, trimmed. */
  args: string;
  /** `args` read as attributes, or `undefined` when they are not a list of attributes. */
  attributes: Attribute[] | undefined;
}

/**
 * How a block family reads its Liquid tag into a node. Tags no reader claims, and tags a reader
 * turns down (it returns `undefined`), stay `liquidTag` / `liquidBlock` nodes, written verbatim.
 */
export interface LiquidTagReader {
  /** The tag name, or a pattern for a family of names (`@integration/block`). */
  readonly name: string | RegExp;
  readonly end: TagEnd;
  /** The block this tag must sit directly in (`tab` in `tabs`), by tag name. */
  readonly parent?: string;
  /**
   * Builds the node. `children` is the content between the tags, already read, for a pair; it is
   * `undefined` for a tag without an end tag.
   */
  read(tag: TagInput, children: RootContent[] | undefined): RootContent | undefined;
}

/** The reader for a tag name, if any. */
export function findTagReader(readers: readonly LiquidTagReader[], name: string): LiquidTagReader | undefined {
  return readers.find((reader) => (typeof reader.name === 'string' ? reader.name === name : reader.name.test(name)));
}
