import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { FigureFields } from './types.ts';

export const figureAttributes: AttributeSchema<FigureFields> = [stringRule('url', 'src'), stringRule('alt')];
