import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { codeOptionsAttributes } from './attributes.ts';
import type { CodeOptions } from './types.ts';

export const codeOptionsToMarkdown: Options = {
  handlers: {
    codeOptions: (node: CodeOptions, _parent, state, info) =>
      writeLiquidPair(writeOpenTag('code', codeOptionsAttributes, node), writeEndTag('code'), node, state, info),
  },
};
