// What the plan carries for integration blocks (`{% @integration/block prop="…" %}`): rendering is synchronous (in
// a worker pool), so each distinct block is rendered by its integration before the pages are, and the result (a
// ContentKit element, or why there is none) waits in `plan.integrationBlocks` under the block's key.
import type { ContentKitRootElement } from '@gitbook/api';
import type { Attribute } from '../../markdown/index.ts';

/** One distinct integration block of a plan: which block of which integration, with which props, in which space. */
export interface IntegrationBlockReference {
  key: string;
  /** The integration's name: `hello-block` in `@hello-block/hello`. */
  integration: string;
  /** The block's id within the integration (the ContentKit `componentId`): `hello`. */
  block: string;
  /** The props as written, Liquid escapes removed; a bare attribute is `true`. */
  props: Record<string, string | true>;
  /** The space the block is written in: the render reads that space's installation and its configuration. */
  spaceId: string;
}

/**
 * A block as the plan holds it: the element its integration rendered (with the state its dynamic bindings read),
 * or the reason the page shows instead.
 */
export type RenderedIntegrationBlock = { element: ContentKitRootElement; state?: Record<string, unknown> } | { error: string };

/**
 * The key of a block in `plan.integrationBlocks`: the same block with the same props in the same space renders once.
 *
 * @example
 * integrationBlockKey('space1', 'hello-block', 'hello', { name: 'Ada' }) // → 'space1 @hello-block/hello {"name":"Ada"}'
 */
export function integrationBlockKey(spaceId: string, integration: string, block: string, props: Record<string, string | true>): string {
  return `${spaceId} @${integration}/${block} ${JSON.stringify(props)}`;
}

/**
 * The props of a block as its integration receives them: values unescaped (Liquid escapes a backslash before `"`,
 * `\` and `%}`), bare attributes `true`, a repeated name keeping its last value.
 *
 * @example
 * integrationBlockProps([{ name: 'name', value: 'A \\"B\\"', quote: '"' }]) // → { name: 'A "B"' }
 */
export function integrationBlockProps(attributes: readonly Attribute[]): Record<string, string | true> {
  const props: Record<string, string | true> = {};
  for (const attribute of attributes) props[attribute.name] = attribute.value === null ? true : unescapeLiquid(attribute.value);
  return props;
}

/** Liquid escapes a backslash before `"`, `\` and `%}`. */
export function unescapeLiquid(value: string): string {
  return value.replace(/\\(.)/gs, '$1');
}
