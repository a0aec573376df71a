import type { LiquidTagReader } from '../../liquid/tag-reader.ts';
import type { IntegrationBlock } from './types.ts';

const integrationName = /^@([^/\s]+)\/(\S+)$/;

export const integrationBlockReader: LiquidTagReader = {
  name: integrationName,
  end: 'none',
  read(tag): IntegrationBlock | undefined {
    const [, integration, block] = integrationName.exec(tag.name) ?? [];
    if (!integration || !block || !tag.attributes) return undefined;
    return { type: 'integrationBlock', integration, block, props: tag.attributes };
  },
};
