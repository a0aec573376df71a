import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { FileFields } from './types.ts';

export const fileAttributes: AttributeSchema<FileFields> = [stringRule('src')];
