import type { Options } from 'mdast-util-to-markdown';
import { writeHtmlOpenTag } from '../../html/write-html-element.ts';
import { drawingAttributes } from './attributes.ts';
import type { Drawing } from './types.ts';

export const drawingToMarkdown: Options = { handlers: { drawing: (node: Drawing) => writeHtmlOpenTag('img', drawingAttributes, node) } };
