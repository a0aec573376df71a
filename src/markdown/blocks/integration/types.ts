// Integration blocks: `{% @integration/block prop="..." %}`.
import type { Node } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';

/** A block an integration renders (`{% @mermaid/diagram content="..." %}`). A void tag. */
export interface IntegrationBlock extends Node {
  type: 'integrationBlock';
  /** The integration's name: `mermaid` in `@mermaid/diagram`. */
  integration: string;
  /** The block's name within the integration: `diagram` in `@mermaid/diagram`. */
  block: string;
  /**
   * The block's props as written, in order; values keep their Liquid escapes. Integrations define
   * their own props, so there is no schema to read them into fields.
   */
  props: Attribute[];
}

declare module 'mdast' {
  interface BlockContentMap {
    integrationBlock: IntegrationBlock;
  }
  interface RootContentMap {
    integrationBlock: IntegrationBlock;
  }
}
