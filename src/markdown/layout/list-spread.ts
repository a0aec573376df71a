// Whether lists and list items are loose (`spread`), as CommonMark defines it (5.3): a list is
// loose when blank lines separate its items, an item when blank lines separate its children.
// mdast-util-from-markdown also counts a blank line after the end of a list when more follows in
// the same container (another list, a block quote, anything inside a block quote), so a list that
// is tight in the source reads as loose, and then writes back with blank lines that change the
// document. We read it again from where the nodes sit: a gap of lines between two siblings of a
// list or an item is a blank line, since every block in a container is a node.
import type { List, ListItem, Node, Parents, Root } from 'mdast';

export function readListSpread(node: Root | Parents): void {
  for (const child of node.children) {
    if ('children' in child) readListSpread(child);
  }
  if (node.type === 'list') readList(node);
}

function readList(list: List): void {
  for (const item of list.children) {
    const spread = separated(item.children);
    if (spread !== undefined) item.spread = spread;
  }
  const spread = separated(list.children);
  if (spread !== undefined) list.spread = spread;
}

/**
 * The line a node's content ends on. micromark counts blank lines after the end of a list item
 * as part of it, and in a block quote (`>` on the blank line) also a blank line after a nested
 * list: a list or an item ends where its last child does.
 */
function endLine(node: Node): number | undefined {
  if (node.type === 'list' || node.type === 'listItem') {
    const children = (node as List | ListItem).children;
    const last = children[children.length - 1];
    if (last) return endLine(last);
  }
  return node.position?.end.line;
}

/** Whether a blank line separates any two of `nodes`; `undefined` when a position is missing. */
function separated(nodes: readonly Node[]): boolean | undefined {
  for (let index = 1; index < nodes.length; index++) {
    const end = endLine(nodes[index - 1]!);
    const start = nodes[index]!.position?.start.line;
    if (end === undefined || start === undefined) return undefined;
    if (start > end + 1) return true;
  }
  return false;
}
