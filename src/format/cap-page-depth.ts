import type { TreeSpec } from './tree-spec.ts';

type ParentSpec = Extract<TreeSpec, { children: TreeSpec[] }>;

function hasChildren(spec: TreeSpec): spec is ParentSpec {
  return 'children' in spec && spec.children.length > 0;
}

/** The descendants of `spec` in reading order, each without children; iterative. */
function flattenedDescendants(spec: ParentSpec): TreeSpec[] {
  const out: TreeSpec[] = [];
  const pending: TreeSpec[] = [...spec.children].reverse();
  while (pending.length > 0) {
    const current = pending.pop()!;
    out.push('children' in current ? { ...current, children: [] } : current);
    if ('children' in current) for (let index = current.children.length - 1; index >= 0; index--) pending.push(current.children[index]!);
  }
  return out;
}

/**
 * Lists, in place, the pages nested deeper than `maxDepth` (top-level pages are level 1) at level `maxDepth`, in
 * reading order right after the page they were under, so no page is lost and no walk over the tree goes deeper.
 * Iterative. Answers how many pages moved up.
 *
 * @example
 * const moved = capPageDepth(tree, 32); // a SUMMARY.md nested 2,000 deep: 1,968 pages listed at level 32
 */
export function capPageDepth(tree: TreeSpec[], maxDepth: number): number {
  let moved = 0;
  const pending: Array<{ siblings: TreeSpec[]; depth: number }> = [{ siblings: tree, depth: 1 }];
  while (pending.length > 0) {
    const { siblings, depth } = pending.pop()!;
    if (depth < maxDepth) {
      for (const spec of siblings) if (hasChildren(spec)) pending.push({ siblings: spec.children, depth: depth + 1 });
      continue;
    }
    if (!siblings.some(hasChildren)) continue;
    // Rebuilt with pushes, not splice(...spread): a level may gain hundreds of thousands of pages.
    const rebuilt: TreeSpec[] = [];
    for (const spec of siblings) {
      if (!hasChildren(spec)) {
        rebuilt.push(spec);
        continue;
      }
      rebuilt.push({ ...spec, children: [] });
      for (const descendant of flattenedDescendants(spec)) {
        rebuilt.push(descendant);
        moved++;
      }
    }
    siblings.length = 0;
    for (const spec of rebuilt) siblings.push(spec);
  }
  return moved;
}
