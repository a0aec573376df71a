// Embed: `{% embed url="..." %}`, or with a caption: `{% embed url="..." %}` caption `{% endembed %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

export interface EmbedFields {
  url?: string;
}

/** An embedded URL (video, repository, page). Without children it is written without an end tag. */
export interface Embed extends Parent, EmbedFields {
  type: 'embed';
  attributes?: Attribute[];
  /** The caption. */
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    embed: Embed;
  }
  interface RootContentMap {
    embed: Embed;
  }
}
