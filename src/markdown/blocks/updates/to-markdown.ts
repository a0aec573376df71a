import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { updateAttributes, updatesAttributes } from './attributes.ts';
import type { Update, Updates } from './types.ts';

export const updatesToMarkdown: Options = {
  handlers: {
    updates: (node: Updates, _parent, state, info) =>
      writeLiquidPair(writeOpenTag('updates', updatesAttributes, node), writeEndTag('updates'), node, state, info),
    update: (node: Update, _parent, state, info) => writeLiquidPair(writeOpenTag('update', updateAttributes, node), writeEndTag('update'), node, state, info),
  },
};
