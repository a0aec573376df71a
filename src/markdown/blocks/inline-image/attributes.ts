import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { InlineImageFields } from './types.ts';

/** In the order of the corpus `images.md`. */
export const inlineImageAttributes: AttributeSchema<InlineImageFields> = [stringRule('url', 'src'), stringRule('alt'), stringRule('size', 'data-size')];
