import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { EmbedFields } from './types.ts';

export const embedAttributes: AttributeSchema<EmbedFields> = [stringRule('url')];
