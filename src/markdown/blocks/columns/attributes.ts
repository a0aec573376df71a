import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { ColumnFields } from './types.ts';

export const columnsAttributes: AttributeSchema<object> = [];

export const columnAttributes: AttributeSchema<ColumnFields> = [stringRule('width'), stringRule('valign')];
