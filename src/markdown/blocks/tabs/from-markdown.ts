import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { childrenOfType } from '../../tree/children-of-type.ts';
import { tabAttributes, tabsAttributes } from './attributes.ts';
import type { Tab, Tabs } from './types.ts';

export const tabsReader = attributeTagReader({
  name: 'tabs',
  end: 'required',
  schema: tabsAttributes,
  build(_fields, attributes, children) {
    const tabs = childrenOfType(children, 'tab');
    return tabs && withAttributes<Tabs>({ type: 'tabs', children: tabs }, attributes);
  },
});

export const tabReader = attributeTagReader({
  name: 'tab',
  end: 'required',
  parent: 'tabs',
  schema: tabAttributes,
  build: (fields, attributes, children) => withAttributes<Tab>({ type: 'tab', ...fields, children: children as FlowContent[] }, attributes),
});
