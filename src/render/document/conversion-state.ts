import type { DocumentBlock } from '@gitbook/api';
import type { Definition, Nodes } from 'mdast';
import type { Container } from './allowed-children.ts';
import type { ReferenceResolver } from './document-context.ts';

/** What the conversion of one page carries from node to node. */
export interface ConversionState {
  readonly refs: ReferenceResolver;
  /** Link reference definitions (`[label]: url`), by their mdast `identifier`. */
  readonly definitions: ReadonlyMap<string, Definition>;
  /** Heading ids given so far: ids are unique in the page. */
  readonly headingIds: Set<string>;
  /**
   * The text a void block or a table value stands for (a file's path, an embed's URL, a card's link text),
   * for when it has to become a link because its container does not accept it.
   */
  readonly labels: WeakMap<object, string>;
  /** Converts flow content (blocks) into blocks that `container` accepts. */
  blocks(nodes: readonly Nodes[], container: Container): DocumentBlock[];
}

