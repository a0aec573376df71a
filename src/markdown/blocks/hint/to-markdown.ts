import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { hintAttributes } from './attributes.ts';
import type { Hint } from './types.ts';

export const hintToMarkdown: Options = {
  handlers: {
    hint: (node: Hint, _parent, state, info) => writeLiquidPair(writeOpenTag('hint', hintAttributes, node), writeEndTag('hint'), node, state, info),
  },
};
