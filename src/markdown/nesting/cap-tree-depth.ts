import type { Nodes, Parents, Root } from 'mdast';
import { phrasingParents } from '../tree/phrasing-parents.ts';
import { plainText } from './plain-text.ts';

/**
 * What replaces a node that nests too deep: its text, as a text node inside inline content and as a paragraph
 * among blocks, so the tree stays one that every later stage understands.
 */
function flattened(node: Nodes, parent: Parents): Nodes {
  const text = { type: 'text' as const, value: plainText(node) };
  return phrasingParents.has(parent.type) ? text : { type: 'paragraph', children: [text] };
}

/**
 * Nodes whose children must be of one type (a list holds list items, a table rows, tabs tabs...): one of them is
 * flattened whole when it starts within two levels of the limit, so no list item or row is ever left without its
 * list or table.
 */
const wholeStructures = new Set<string>(['list', 'table', 'tableRow', 'tabs', 'stepper', 'columns', 'updates', 'cards']);

/**
 * Replaces, in place, every node deeper than `maxDepth` (the root's children are at depth 1) that has children
 * of its own by its text (see `flattened`), so no later walk over the tree (all recursive: remark's, the
 * renderer's, the JSON document's) meets a deeper one. Iterative. Answers how many nodes were flattened.
 *
 * @example
 * capTreeDepth(parseMarkdown('*'.repeat(5000) + 'x' + '*'.repeat(5000)), 64) // → 1; the deepest emphasis is now text
 */
export function capTreeDepth(tree: Root, maxDepth: number): number {
  let count = 0;
  const pending: Array<{ parent: Parents; depth: number }> = [{ parent: tree, depth: 0 }];
  while (pending.length > 0) {
    const { parent, depth } = pending.pop()!;
    const children = parent.children as Nodes[];
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      if (!('children' in child)) continue;
      if (depth + 1 + (wholeStructures.has(child.type) ? 2 : 0) >= maxDepth) {
        children[index] = flattened(child, parent);
        count++;
      } else {
        pending.push({ parent: child, depth: depth + 1 });
      }
    }
  }
  return count;
}
