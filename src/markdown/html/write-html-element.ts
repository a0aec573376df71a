// Writing typed HTML elements: the tag from a node's fields, and a tag pair around inline content.
import type { Info, State } from 'mdast-util-to-markdown';
import type { Attribute } from '../attributes/attribute.ts';
import { writeAttributes, type AttributeSchema } from '../attributes/attribute-schema.ts';
import { htmlValue } from './html-value.ts';
import { writeHtmlTag } from './write-html-tag.ts';

/** `<name ...>` for a node with the fields of `schema` and, maybe, its written attributes. */
export function writeHtmlOpenTag<F>(name: string, schema: AttributeSchema<F>, node: Partial<F> & { attributes?: Attribute[] | undefined }): string {
  return writeHtmlTag({ kind: 'open', name, attributes: writeAttributes(schema, node, node.attributes, htmlValue), selfClosing: false });
}

type PhrasingParent = Parameters<State['containerPhrasing']>[0];

/** `open`, the node's inline content, `</name>`. */
export function writeInlineElement(open: string, name: string, node: PhrasingParent, state: State, info: Info): string {
  const tracker = state.createTracker(info);
  let value = tracker.move(open);
  value += tracker.move(state.containerPhrasing(node, { ...tracker.current(), before: '>', after: '<' }));
  value += tracker.move(`</${name}>`);
  return value;
}
