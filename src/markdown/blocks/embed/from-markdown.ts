import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { embedAttributes } from './attributes.ts';
import type { Embed } from './types.ts';

export const embedReader = attributeTagReader({
  name: 'embed',
  end: 'optional',
  schema: embedAttributes,
  build: (fields, attributes, children) => withAttributes<Embed>({ type: 'embed', ...fields, children: (children ?? []) as FlowContent[] }, attributes),
});
