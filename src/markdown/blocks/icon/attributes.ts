import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { IconFields } from './types.ts';

/** An `<i>` is an icon when its class is a Font Awesome one. */
export const iconClass = /^fa-\S+$/;

export const iconAttributes: AttributeSchema<IconFields> = [stringRule('name', 'class')];
