import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { hintAttributes } from './attributes.ts';
import type { Hint } from './types.ts';

export const hintReader = attributeTagReader({
  name: 'hint',
  end: 'required',
  schema: hintAttributes,
  build: (fields, attributes, children): Hint => withAttributes({ type: 'hint', ...fields, children: children as FlowContent[] }, attributes),
});
