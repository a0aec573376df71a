import { QuireError } from '../../errors/index.ts';
import { defaultListLimit, maxListLimit, sha256Hex, type ListOptions } from '../../store/index.ts';
import type { PublishedList } from '../published-shapes.ts';

/*
 * A page of a list the service computes whole (the members who reach a content through their levels, the spaces
 * a member reaches) and that no single query can order and filter. Same contract as the store's lists: keyset
 * cursors (the sort key of the last item given, so a walk neither repeats nor skips the items that stayed),
 * tagged with the list they belong to, and `count` the size of the whole list.
 */

/**
 * One page of `items`, already sorted by `key` (ascending, or descending with `direction: 'desc'`; each key
 * unique). `INVALID_ARGUMENT` on `page` for a cursor of another list.
 *
 * @example
 * pageOfComputedList(members, { scope: `aggregate|${spaceId}`, key: (m) => m.user.id }, { limit: 10 });
 */
export function pageOfComputedList<T>(
  items: readonly T[],
  spec: { scope: string; key: (item: T) => string; direction?: 'asc' | 'desc' },
  options: ListOptions,
): PublishedList<T> {
  const limit = options.limit ?? defaultListLimit;
  if (!Number.isInteger(limit) || limit < 0 || limit > maxListLimit) {
    throw new QuireError('INVALID_ARGUMENT', `limit must be an integer from 0 to ${maxListLimit}, not ${limit}`, { field: 'limit' });
  }
  const tag = sha256Hex(spec.scope).slice(0, 16);
  const descending = spec.direction === 'desc';
  let start = 0;
  if (options.page !== undefined) {
    const after = decodeCursor(options.page, tag);
    start = items.findIndex((item) => (descending ? spec.key(item) < after : spec.key(item) > after));
    if (start === -1) start = items.length;
  }
  const page = items.slice(start, start + limit);
  const last = page[page.length - 1];
  const result: PublishedList<T> = { count: items.length, items: page };
  if (start + limit < items.length && last !== undefined) {
    result.next = { page: Buffer.from(JSON.stringify({ s: tag, k: spec.key(last) })).toString('base64url') };
  }
  return result;
}

function decodeCursor(page: string, tag: string): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const cursor = decoded as { s?: unknown; k?: unknown } | undefined;
  if (typeof cursor !== 'object' || cursor === null || cursor.s !== tag || typeof cursor.k !== 'string') {
    throw new QuireError('INVALID_ARGUMENT', 'page is not a cursor of this list (take it from next.page of the same list)', { field: 'page' });
  }
  return cursor.k;
}
