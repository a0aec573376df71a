import type { Element, ElementContent, Properties, Text } from 'hast';

/**
 * An element: `element('div', { className: ['hint'] }, children)`. Properties use hast names (`className`,
 * `dataTab`, `ariaHidden`); `undefined` values are left out.
 *
 * @example
 * element('a', { href: 'x.md' }, [text('X')])
 */
export function element(tagName: string, properties: Record<string, Properties[string] | undefined> = {}, children: ElementContent[] = []): Element {
  const props: Properties = {};
  // for…in, not Object.entries: pages make thousands of elements, and the entries' arrays were most of this call.
  for (const key in properties) {
    const value = properties[key];
    if (value !== undefined) props[key] = value;
  }
  return { type: 'element', tagName, properties: props, children };
}

/** A text node. */
export function text(value: string): Text {
  return { type: 'text', value };
}
