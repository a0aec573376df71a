import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { embedAttributes } from './attributes.ts';
import type { Embed } from './types.ts';

export const embedToMarkdown: Options = {
  handlers: {
    embed(node: Embed, _parent, state, info) {
      const open = writeOpenTag('embed', embedAttributes, node);
      // An embed without a caption is a void tag (FORMAT.md, "Blocks").
      return node.children.length === 0 ? open : writeLiquidPair(open, writeEndTag('embed'), node, state, info);
    },
  },
};
