import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { fileAttributes } from './attributes.ts';
import type { File } from './types.ts';

export const fileReader = attributeTagReader({
  name: 'file',
  end: 'required',
  schema: fileAttributes,
  build: (fields, attributes, children) => withAttributes<File>({ type: 'file', ...fields, children: children as FlowContent[] }, attributes),
});
