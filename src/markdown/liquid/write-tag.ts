import type { Attribute } from '../attributes/attribute.ts';

/** Writes `{% name a="b" c %}`, the canonical form of a tag: one space between the parts. */
export function writeTag(name: string, attributes: readonly Attribute[] = []): string {
  return writeTagWithArgs(name, attributes.map(writeAttribute).join(' '));
}

/** Writes `{% name args %}` for tags whose arguments are not attributes (`if`, `include`). */
export function writeTagWithArgs(name: string, args: string): string {
  return args === '' ? `{% ${name} %}` : `{% ${name} ${args} %}`;
}

/** Writes the end tag of a block: `{% endname %}`. */
export function writeEndTag(name: string): string {
  return `{% end${name} %}`;
}

function writeAttribute(attribute: Attribute): string {
  return attribute.value === null ? attribute.name : `${attribute.name}=${attribute.quote}${attribute.value}${attribute.quote}`;
}
