// Writing Liquid blocks: the opening tag from a node's fields, and a pair around flow content.
import type { Parents } from 'mdast';
import type { Info, State } from 'mdast-util-to-markdown';
import type { Attribute } from '../attributes/attribute.ts';
import { writeAttributes, type AttributeSchema } from '../attributes/attribute-schema.ts';
import { liquidValue } from './liquid-value.ts';
import { writeTag } from './write-tag.ts';

/** `{% name ... %}` for a node with the fields of `schema` and, maybe, its written attributes. */
export function writeOpenTag<F>(name: string, schema: AttributeSchema<F>, node: Partial<F> & { attributes?: Attribute[] | undefined }): string {
  return writeTag(name, writeAttributes(schema, node, node.attributes, liquidValue));
}

type FlowParent = Parameters<State['containerFlow']>[0];

/**
 * Writes `open`, the node's children and `close`, each tag on its own line directly against the
 * content, as GitBook's exporter does. Empty content gives a blank line between the tags
 * (`{% swagger-description %}` in the corpus `api-blocks.md`).
 */
export function writeLiquidPair(open: string, close: string, node: FlowParent & Parents, state: State, info: Info): string {
  const tracker = state.createTracker(info);
  let value = tracker.move(`${open}\n`);
  value += tracker.move(state.containerFlow(node, tracker.current()));
  value += tracker.move(`\n${close}`);
  return value;
}
