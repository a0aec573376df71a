import { diff3, resolveRegion } from './diff3.ts';

/**
 * Three-way merge of an ordered list of unique ids (the subpages of a page, the files of a revision). Each list
 * holds the ids that end up in the merged list as that side has them. The order is merged where the two sides'
 * moves do not interfere; ids both sides inserted at the same place are put in a fixed order (by their first id),
 * so the result does not depend on which side is "ours". Undefined when the moves interfere.
 *
 * @example
 * mergeOrder(['a', 'b', 'c'], ['b', 'a', 'c'], ['a', 'b', 'c', 'd']) // → ['b', 'a', 'c', 'd']
 */
export function mergeOrder(base: readonly string[], ours: readonly string[], theirs: readonly string[]): string[] | undefined {
  const merged: string[] = [];
  for (const region of diff3(base, ours, theirs)) {
    if (region.kind === 'stable') {
      merged.push(...region.items);
      continue;
    }
    const resolved = resolveRegion(region);
    if (resolved !== undefined) merged.push(...resolved);
    else if (region.base.length === 0) merged.push(...[region.ours, region.theirs].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)).flat());
    else return undefined;
  }
  // An id moved to two different places would now be there twice.
  const expected = new Set([...ours, ...theirs]);
  return merged.length === expected.size && new Set(merged).size === merged.length ? merged : undefined;
}
