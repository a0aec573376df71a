import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { DrawingFields } from './types.ts';

export const drawingClass = 'gitbook-drawing';

/** In the order of the corpus `drawing.md`; the class is what makes the image a drawing. */
export const drawingAttributes: AttributeSchema<DrawingFields> = [
  stringRule('url', 'src'),
  stringRule('alt'),
  { attribute: 'class', read: (value) => (value === drawingClass ? {} : undefined), write: () => drawingClass },
];
