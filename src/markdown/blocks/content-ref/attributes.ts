import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { ContentRefFields, PageRefFields } from './types.ts';

export const contentRefAttributes: AttributeSchema<ContentRefFields> = [stringRule('url')];

export const pageRefAttributes: AttributeSchema<PageRefFields> = [stringRule('page')];
