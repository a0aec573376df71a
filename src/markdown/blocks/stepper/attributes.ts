import type { AttributeSchema } from '../../attributes/attribute-schema.ts';

/** Neither tag takes attributes; unknown ones are kept as written. */
export const stepperAttributes: AttributeSchema<object> = [];
