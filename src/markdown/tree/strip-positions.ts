import type { Root } from 'mdast';

/** A copy of `tree` without `position` fields, to compare trees by content. */
export function stripPositions(tree: Root): Root {
  return JSON.parse(JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value))) as Root;
}
