import { QuireError } from '../../errors/index.ts';
import { defaultListLimit, maxListLimit, sha256Hex, type ListOptions } from '../../store/index.ts';

/*
 * Pages of a search result. A search is ranked afresh on every request, so its cursor is a position in the
 * ranking (an offset), tagged with the search it belongs to (where, and the query): ranks stay the positions in
 * the whole result (`rank` in the published `SearchPageResult`), and a cursor of another search is refused.
 */

/** Which part of a ranked result to answer, and the tag its cursors carry. */
export interface SearchWindow {
  offset: number;
  limit: number;
  tag: string;
}

/**
 * The window `options` ask for in the search `scope` (`space|<id>|<query>`); `INVALID_ARGUMENT` naming `page`
 * for a cursor of another search, naming `limit` for a bad limit.
 *
 * @example
 * const window = searchWindow(`space|${spaceId}|${query}`, { limit: 20 }); // → { offset: 0, limit: 20, tag }
 */
export function searchWindow(scope: string, options: ListOptions): SearchWindow {
  const limit = options.limit ?? defaultListLimit;
  if (!Number.isInteger(limit) || limit < 0 || limit > maxListLimit) {
    throw new QuireError('INVALID_ARGUMENT', `limit must be an integer from 0 to ${maxListLimit}, not ${limit}`, { field: 'limit' });
  }
  const tag = sha256Hex(`search|${scope}`).slice(0, 16);
  if (options.page === undefined) return { offset: 0, limit, tag };
  let cursor: { s?: unknown; o?: unknown } | undefined;
  try {
    cursor = JSON.parse(Buffer.from(options.page, 'base64url').toString('utf8')) as { s?: unknown; o?: unknown };
  } catch {
    cursor = undefined;
  }
  if (typeof cursor !== 'object' || cursor === null || cursor.s !== tag || !Number.isSafeInteger(cursor.o) || (cursor.o as number) < 0) {
    throw new QuireError('INVALID_ARGUMENT', 'page is not a cursor of this search (take it from next.page of the same search)', { field: 'page' });
  }
  return { offset: cursor.o as number, limit, tag };
}

/**
 * The `next` of a window's answer: a cursor to the following window when `total` goes beyond this one.
 *
 * @example
 * const next = nextSearchWindow(window, hits.total); // → { page: 'eyJzIjoi...' } or undefined
 */
export function nextSearchWindow(window: SearchWindow, total: number): { page: string } | undefined {
  const offset = window.offset + window.limit;
  if (offset >= total || window.limit === 0) return undefined;
  return { page: Buffer.from(JSON.stringify({ s: window.tag, o: offset })).toString('base64url') };
}
