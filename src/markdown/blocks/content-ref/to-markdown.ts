import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { contentRefAttributes, pageRefAttributes } from './attributes.ts';
import type { ContentRef, PageRef } from './types.ts';

export const contentRefToMarkdown: Options = {
  handlers: {
    contentRef: (node: ContentRef, _parent, state, info) =>
      writeLiquidPair(writeOpenTag('content-ref', contentRefAttributes, node), writeEndTag('content-ref'), node, state, info),
    pageRef: (node: PageRef) => writeOpenTag('page-ref', pageRefAttributes, node),
  },
};
