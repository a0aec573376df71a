import type { Html } from 'mdast';
import { readAttributes } from '../../attributes/attribute-schema.ts';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeValue } from '../../html/attribute-value.ts';
import { htmlValue } from '../../html/html-value.ts';
import { readOpenTag } from '../../html/read-html-element.ts';
import { drawingAttributes, drawingClass } from './attributes.ts';
import type { Drawing } from './types.ts';

/** Reads an HTML block that is exactly one `<img class="gitbook-drawing">`. */
export function readDrawing(node: Html): Drawing | undefined {
  const tag = readOpenTag(node, 'img');
  if (!tag || tag.selfClosing || attributeValue(tag.attributes, 'class') !== drawingClass) return undefined;
  const { fields, attributes } = readAttributes(drawingAttributes, tag.attributes, htmlValue);
  return withAttributes<Drawing>({ type: 'drawing', ...fields }, attributes);
}
