import type { Attribute } from './attribute.ts';

/** Copies `attributes` onto a node only when there is something to keep (see attribute-schema.ts). */
export function withAttributes<N extends object>(node: N, attributes: Attribute[] | undefined): N & { attributes?: Attribute[] } {
  return attributes ? { ...node, attributes } : node;
}
