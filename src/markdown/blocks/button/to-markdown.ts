import type { Parents } from 'mdast';
import type { Info, Options, State } from 'mdast-util-to-markdown';
import { writeHtmlOpenTag, writeInlineElement } from '../../html/write-html-element.ts';
import { buttonAttributes } from './attributes.ts';
import type { Button } from './types.ts';

function button(node: Button, _parent: Parents | undefined, state: State, info: Info): string {
  return writeInlineElement(writeHtmlOpenTag('a', buttonAttributes, node), 'a', node, state, info);
}
button.peek = () => '<';

export const buttonToMarkdown: Options = { handlers: { button } };
