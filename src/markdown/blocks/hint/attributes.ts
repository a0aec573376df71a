import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { HintFields } from './types.ts';

/** The attributes of a hint, in the order GitBook writes them. */
export const hintAttributes: AttributeSchema<HintFields> = [stringRule('style'), stringRule('icon')];
