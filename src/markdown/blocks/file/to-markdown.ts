import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { fileAttributes } from './attributes.ts';
import type { File } from './types.ts';

export const fileToMarkdown: Options = {
  handlers: {
    file: (node: File, _parent, state, info) => writeLiquidPair(writeOpenTag('file', fileAttributes, node), writeEndTag('file'), node, state, info),
  },
};
