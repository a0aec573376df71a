import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { TabFields } from './types.ts';

export const tabsAttributes: AttributeSchema<object> = [];

export const tabAttributes: AttributeSchema<TabFields> = [stringRule('title'), stringRule('icon')];
