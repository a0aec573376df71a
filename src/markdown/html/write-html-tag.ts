import type { Attribute } from '../attributes/attribute.ts';
import type { HtmlTag } from './html-tag.ts';

/** Writes a tag the way GitBook does: one space between attributes, `<img ...>` without `/`. */
export function writeHtmlTag(tag: HtmlTag): string {
  if (tag.kind === 'close') return `</${tag.name}>`;
  return `<${tag.name}${tag.attributes.map((attribute) => ` ${writeHtmlAttribute(attribute)}`).join('')}${tag.selfClosing ? ' /' : ''}>`;
}

function writeHtmlAttribute(attribute: Attribute): string {
  return attribute.value === null ? attribute.name : `${attribute.name}=${attribute.quote}${attribute.value}${attribute.quote}`;
}
