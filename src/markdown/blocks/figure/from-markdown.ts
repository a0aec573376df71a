import type { Html } from 'mdast';
import { readAttributes } from '../../attributes/attribute-schema.ts';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { htmlValue } from '../../html/html-value.ts';
import { readHtmlTag } from '../../html/read-html-tag.ts';
import { figureAttributes } from './attributes.ts';
import type { Figure } from './types.ts';
import { writeFigure } from './write-figure.ts';

const prefix = '<figure>';
const captionPattern = /^(?:<figcaption>([\s\S]*?)<\/figcaption>)?<\/figure>$/;

/** Reads an HTML block that is exactly one figure as GitBook writes it; anything else stays HTML. */
export function readFigure(node: Html): Figure | undefined {
  if (!node.value.startsWith(prefix)) return undefined;
  const image = readHtmlTag(node.value.slice(prefix.length));
  if (image?.tag.kind !== 'open' || image.tag.name !== 'img') return undefined;
  const caption = captionPattern.exec(node.value.slice(prefix.length + image.length));
  if (!caption) return undefined;
  const { fields, attributes } = readAttributes(figureAttributes, image.tag.attributes, htmlValue);
  const figure = withAttributes<Figure>({ type: 'figure', ...fields }, attributes);
  const read = caption[1] === undefined ? figure : { ...figure, caption: caption[1] };
  // Only when it writes back the same: spacing, quotes and `/>` are not kept otherwise.
  return writeFigure(read) === node.value ? read : undefined;
}
