import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { booleanRule, stringRule } from '../../attributes/attribute-rules.ts';
import type { CodeOptionsFields } from './types.ts';

/** In the order GitBook writes them (the corpus `code-block.md`). */
export const codeOptionsAttributes: AttributeSchema<CodeOptionsFields> = [
  stringRule('title'),
  stringRule('overflow'),
  booleanRule('lineNumbers'),
  booleanRule('expandable'),
  booleanRule('fullWidth'),
];
