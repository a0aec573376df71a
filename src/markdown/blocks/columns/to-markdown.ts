import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { columnAttributes, columnsAttributes } from './attributes.ts';
import type { Column, Columns } from './types.ts';

export const columnsToMarkdown: Options = {
  handlers: {
    columns: (node: Columns, _parent, state, info) =>
      writeLiquidPair(writeOpenTag('columns', columnsAttributes, node), writeEndTag('columns'), node, state, info),
    column: (node: Column, _parent, state, info) => writeLiquidPair(writeOpenTag('column', columnAttributes, node), writeEndTag('column'), node, state, info),
  },
};
