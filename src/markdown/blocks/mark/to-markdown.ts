import type { Parents } from 'mdast';
import type { Info, Options, State } from 'mdast-util-to-markdown';
import { writeHtmlOpenTag, writeInlineElement } from '../../html/write-html-element.ts';
import { markAttributes } from './attributes.ts';
import type { Mark } from './types.ts';

function mark(node: Mark, _parent: Parents | undefined, state: State, info: Info): string {
  return writeInlineElement(writeHtmlOpenTag('mark', markAttributes, node), 'mark', node, state, info);
}
mark.peek = () => '<';

export const markToMarkdown: Options = { handlers: { mark } };
