import type { Parents } from 'mdast';
import type { Info, Options, State } from 'mdast-util-to-markdown';
import { writeHtmlOpenTag, writeInlineElement } from '../../html/write-html-element.ts';
import { iconAttributes } from './attributes.ts';
import type { Icon } from './types.ts';

function icon(node: Icon, _parent: Parents | undefined, state: State, info: Info): string {
  return writeInlineElement(writeHtmlOpenTag('i', iconAttributes, node), 'i', node, state, info);
}
icon.peek = () => '<';

export const iconToMarkdown: Options = { handlers: { icon } };
