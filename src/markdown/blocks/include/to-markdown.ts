import type { Options } from 'mdast-util-to-markdown';
import { liquidValue } from '../../liquid/liquid-value.ts';
import { writeTagWithArgs } from '../../liquid/write-tag.ts';
import type { Include } from './types.ts';

export const includeToMarkdown: Options = {
  handlers: {
    include: (node: Include) => writeTagWithArgs('include', `"${liquidValue.encode(node.path)}"`),
  },
};
