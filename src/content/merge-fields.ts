import { deepEqual } from './deep-equal.ts';

/** The result of merging one value three ways. */
export type MergedValue<T> = { ok: true; value: T } | { ok: false };

/**
 * Three-way merge of one value: a change on one side only is taken, the same change on both sides is fine,
 * different changes are a conflict.
 *
 * @example
 * mergeValue('a', 'b', 'a') // → { ok: true, value: 'b' }
 * mergeValue('a', 'b', 'c') // → { ok: false }
 */
export function mergeValue<T>(base: T, ours: T, theirs: T): MergedValue<T> {
  if (ours === theirs || deepEqual(ours, theirs)) return { ok: true, value: ours };
  if (deepEqual(ours, base)) return { ok: true, value: theirs };
  if (deepEqual(theirs, base)) return { ok: true, value: ours };
  return { ok: false };
}

/**
 * Three-way merge of the fields of a record (a page, a file, ...), field by field. `skip` lists fields merged
 * elsewhere; `onConflict` decides for a field both sides changed differently: a value to take, or undefined
 * after recording a conflict. A field whose merged value is `undefined` is left out.
 *
 * @example
 * mergeFields({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 3 }, new Set(), () => undefined) // → { a: 2, b: 3 }
 */
export function mergeFields(
  base: object | undefined,
  ours: object,
  theirs: object,
  skip: ReadonlySet<string>,
  onConflict: (field: string) => { value: unknown } | undefined,
): Record<string, unknown> {
  const [b, o, t] = [(base ?? {}) as Record<string, unknown>, ours as Record<string, unknown>, theirs as Record<string, unknown>];
  const merged: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(b), ...Object.keys(o), ...Object.keys(t)]);
  for (const key of keys) {
    if (skip.has(key)) continue;
    const result = mergeValue(b[key], o[key], t[key]);
    const value = result.ok ? result.value : onConflict(key)?.value;
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/**
 * True when two records have equal fields, leaving out `skip`.
 *
 * @example
 * sameFields({ a: 1, path: 'x' }, { a: 1, path: 'y' }, new Set(['path'])) // → true
 */
export function sameFields(a: object, b: object, skip: ReadonlySet<string>): boolean {
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!skip.has(key) && !deepEqual(left[key], right[key])) return false;
  return true;
}
