import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair } from '../../liquid/write-liquid.ts';
import { writeEndTag, writeTagWithArgs } from '../../liquid/write-tag.ts';
import type { Condition } from './types.ts';

export const conditionToMarkdown: Options = {
  handlers: {
    condition: (node: Condition, _parent, state, info) => writeLiquidPair(writeTagWithArgs('if', node.expression), writeEndTag('if'), node, state, info),
  },
};
