import type { Options } from 'mdast-util-to-markdown';
import { writeHtmlOpenTag } from '../../html/write-html-element.ts';
import { inlineImageAttributes } from './attributes.ts';
import type { InlineImage } from './types.ts';

function inlineImage(node: InlineImage): string {
  return writeHtmlOpenTag('img', inlineImageAttributes, node);
}
inlineImage.peek = () => '<';

export const inlineImageToMarkdown: Options = { handlers: { inlineImage } };
