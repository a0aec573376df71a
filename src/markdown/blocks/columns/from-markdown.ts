import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { childrenOfType } from '../../tree/children-of-type.ts';
import { columnAttributes, columnsAttributes } from './attributes.ts';
import type { Column, Columns } from './types.ts';

export const columnsReader = attributeTagReader({
  name: 'columns',
  end: 'required',
  schema: columnsAttributes,
  build(_fields, attributes, children) {
    const columns = childrenOfType(children, 'column');
    return columns && withAttributes<Columns>({ type: 'columns', children: columns }, attributes);
  },
});

export const columnReader = attributeTagReader({
  name: 'column',
  end: 'required',
  parent: 'columns',
  schema: columnAttributes,
  build: (fields, attributes, children) => withAttributes<Column>({ type: 'column', ...fields, children: children as FlowContent[] }, attributes),
});
