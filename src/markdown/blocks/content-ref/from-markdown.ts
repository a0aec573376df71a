import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { contentRefAttributes, pageRefAttributes } from './attributes.ts';
import type { ContentRef, PageRef } from './types.ts';

export const contentRefReader = attributeTagReader({
  name: 'content-ref',
  end: 'required',
  schema: contentRefAttributes,
  build: (fields, attributes, children) => withAttributes<ContentRef>({ type: 'contentRef', ...fields, children: children as FlowContent[] }, attributes),
});

export const pageRefReader = attributeTagReader({
  name: 'page-ref',
  end: 'none',
  schema: pageRefAttributes,
  build: (fields, attributes) => withAttributes<PageRef>({ type: 'pageRef', ...fields }, attributes),
});
