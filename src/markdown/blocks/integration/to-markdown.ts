import type { Options } from 'mdast-util-to-markdown';
import { writeTag } from '../../liquid/write-tag.ts';
import type { IntegrationBlock } from './types.ts';

export const integrationBlockToMarkdown: Options = {
  handlers: {
    integrationBlock: (node: IntegrationBlock) => writeTag(`@${node.integration}/${node.block}`, node.props),
  },
};
