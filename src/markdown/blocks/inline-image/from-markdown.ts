import type { Html } from 'mdast';
import { readAttributes } from '../../attributes/attribute-schema.ts';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { htmlValue } from '../../html/html-value.ts';
import { readOpenTag } from '../../html/read-html-element.ts';
import { inlineImageAttributes } from './attributes.ts';
import type { InlineImage } from './types.ts';

export function readInlineImage(node: Html): InlineImage | undefined {
  const tag = readOpenTag(node, 'img');
  if (!tag || tag.selfClosing) return undefined;
  const { fields, attributes } = readAttributes(inlineImageAttributes, tag.attributes, htmlValue);
  return withAttributes<InlineImage>({ type: 'inlineImage', ...fields }, attributes);
}
