import type { RootContent, RootContentMap } from 'mdast';

/**
 * `children` when every one is a `type` node (a block that only holds tabs, steps, ...), else
 * `undefined`, and the block is then kept as written.
 */
export function childrenOfType<K extends keyof RootContentMap>(children: readonly RootContent[] | undefined, type: K): RootContentMap[K][] | undefined {
  if (!children || !children.every((child) => child.type === type)) return undefined;
  return children as RootContentMap[K][];
}
