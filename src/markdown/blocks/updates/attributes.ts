import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { listRule, stringRule } from '../../attributes/attribute-rules.ts';
import type { UpdateFields, UpdatesFields } from './types.ts';

export const updatesAttributes: AttributeSchema<UpdatesFields> = [stringRule('format')];

/** `tags="a,b"` is a comma-separated list. */
export const updateAttributes: AttributeSchema<UpdateFields> = [stringRule('date'), listRule('tags')];
