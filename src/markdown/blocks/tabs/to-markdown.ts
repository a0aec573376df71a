import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { tabAttributes, tabsAttributes } from './attributes.ts';
import type { Tab, Tabs } from './types.ts';

export const tabsToMarkdown: Options = {
  handlers: {
    tabs: (node: Tabs, _parent, state, info) => writeLiquidPair(writeOpenTag('tabs', tabsAttributes, node), writeEndTag('tabs'), node, state, info),
    tab: (node: Tab, _parent, state, info) => writeLiquidPair(writeOpenTag('tab', tabAttributes, node), writeEndTag('tab'), node, state, info),
  },
};
