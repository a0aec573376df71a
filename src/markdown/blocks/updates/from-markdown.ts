import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { childrenOfType } from '../../tree/children-of-type.ts';
import { updateAttributes, updatesAttributes } from './attributes.ts';
import type { Update, Updates } from './types.ts';

export const updatesReader = attributeTagReader({
  name: 'updates',
  end: 'required',
  schema: updatesAttributes,
  build(fields, attributes, children) {
    const updates = childrenOfType(children, 'update');
    return updates && withAttributes<Updates>({ type: 'updates', ...fields, children: updates }, attributes);
  },
});

export const updateReader = attributeTagReader({
  name: 'update',
  end: 'required',
  parent: 'updates',
  schema: updateAttributes,
  build: (fields, attributes, children) => withAttributes<Update>({ type: 'update', ...fields, children: children as FlowContent[] }, attributes),
});
