import { matchSequences } from './sequence-diff.ts';

/**
 * A region of a three-way comparison: `stable` where base, ours and theirs agree, `changed` where at least one
 * side differs from the base (each side's part of the region, possibly empty).
 */
export type Diff3Region =
  | { kind: 'stable'; items: string[] }
  | { kind: 'changed'; base: string[]; ours: string[]; theirs: string[] };

/**
 * Splits three sequences into stable and changed regions (the diff3 algorithm: Khanna, Kunal and Pierce, "A
 * Formal Investigation of Diff3"): a stable region is where an element of the base is matched on both sides by
 * the longest common subsequences; everything between stable regions is a changed region.
 *
 * @example
 * diff3(['a', 'b', 'c'], ['A', 'b', 'c'], ['a', 'b', 'C'])
 * // → [changed a→A / a, stable b, changed c / c→C]
 */
export function diff3(base: readonly string[], ours: readonly string[], theirs: readonly string[]): Diff3Region[] {
  const toOurs = matchSequences(base, ours);
  const toTheirs = matchSequences(base, theirs);
  const regions: Diff3Region[] = [];
  let b = 0;
  let o = 0;
  let t = 0;
  while (b < base.length || o < ours.length || t < theirs.length) {
    let run = 0;
    while (b + run < base.length && toOurs[b + run] === o + run && toTheirs[b + run] === t + run) run++;
    if (run > 0) {
      regions.push({ kind: 'stable', items: base.slice(b, b + run) });
      b += run;
      o += run;
      t += run;
      continue;
    }
    // The next base element matched on both sides ends the changed region.
    let next = b;
    while (next < base.length && (toOurs[next] === -1 || toTheirs[next] === -1)) next++;
    const oursEnd = next < base.length ? toOurs[next]! : ours.length;
    const theirsEnd = next < base.length ? toTheirs[next]! : theirs.length;
    regions.push({ kind: 'changed', base: base.slice(b, next), ours: ours.slice(o, oursEnd), theirs: theirs.slice(t, theirsEnd) });
    b = next;
    o = oursEnd;
    t = theirsEnd;
  }
  return regions;
}

/**
 * The items a changed region resolves to when only one side changed it, or both made the same change;
 * undefined when both changed it differently.
 *
 * @example
 * resolveRegion({ kind: 'changed', base: ['a'], ours: ['A'], theirs: ['a'] }) // → ['A']
 */
export function resolveRegion(region: Extract<Diff3Region, { kind: 'changed' }>): string[] | undefined {
  const { base, ours, theirs } = region;
  if (sameItems(ours, theirs)) return ours;
  if (sameItems(ours, base)) return theirs;
  if (sameItems(theirs, base)) return ours;
  return undefined;
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
