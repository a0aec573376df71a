import { writeHtmlOpenTag } from '../../html/write-html-element.ts';
import { figureAttributes } from './attributes.ts';
import type { Figure } from './types.ts';

export function writeFigure(node: Figure): string {
  const caption = node.caption === undefined ? '' : `<figcaption>${node.caption}</figcaption>`;
  return `<figure>${writeHtmlOpenTag('img', figureAttributes, node)}${caption}</figure>`;
}
