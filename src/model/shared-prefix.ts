/**
 * What a new list shares with the list it was made from: its first `length` elements are `base`'s, the same
 * objects in the same places. The page tree draft records it for the root list it builds (a change request
 * filled batch after batch appends to a long root list), so that the store encodes, indexes and reads back
 * only the part after the prefix instead of visiting every root page at every batch (issue 12: the last of
 * 200 batches cost several times the first).
 *
 * Recorded lists are frozen: the record stays true for as long as the list lives.
 */
export interface SharedPrefix<T> {
  base: readonly T[];
  length: number;
}

const prefixes = new WeakMap<readonly unknown[], SharedPrefix<unknown>>();

/**
 * Records that `list` starts with `base`'s first `length` elements, and freezes `list`. Ignored when the lists
 * do not agree at the prefix's ends (a cheap guard against a caller's mistake: every element is not compared).
 *
 * @example
 * const pages = Object.freeze([...input.slice(0, 9000), added]);
 * recordSharedPrefix(pages, input, 9000);
 */
export function recordSharedPrefix<T>(list: readonly T[], base: readonly T[], length: number): void {
  if (length <= 0 || length > list.length || length > base.length || list === base) return;
  if (list[0] !== base[0] || list[length - 1] !== base[length - 1]) return;
  Object.freeze(list);
  prefixes.set(list, { base, length });
}

/**
 * The prefix `list` shares with the list it was made from, when one was recorded.
 *
 * @example
 * sharedPrefixOf(pages) // → { base: input, length: 9000 }
 */
export function sharedPrefixOf<T>(list: readonly T[]): SharedPrefix<T> | undefined {
  return prefixes.get(list) as SharedPrefix<T> | undefined;
}
