import { createHash } from 'node:crypto';
import { QuireError } from '../../errors/index.ts';
import { defaultListLimit, maxListLimit, type ListOptions } from '../../store/index.ts';
import type { PublishedList } from '../published-shapes.ts';

/*
 * Lists that live inside a revision (its files) are paged in memory. The cursor names the revision it was
 * made from and the offset, so a walk through the space's files keeps reading the revision it started on even
 * when the space moves meanwhile: no file is repeated or skipped. It also names its list (`scope`), and a
 * cursor from another list is refused, as the store's cursors are.
 */

/** Where a page of a revision's list starts: the revision and the offset. */
export interface RevisionListCursor {
  revisionId: string;
  offset: number;
}

/**
 * Reads the cursor of `page` (from `next.page`) for the list `scope`, or undefined on a first page.
 *
 * @example
 * const cursor = readRevisionListCursor(options.page, `files|${spaceId}`);
 */
export function readRevisionListCursor(page: string | undefined, scope: string): RevisionListCursor | undefined {
  if (page === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const cursor = decoded as { s?: unknown; r?: unknown; o?: unknown } | undefined;
  if (typeof cursor !== 'object' || cursor === null || cursor.s !== tagOf(scope) || typeof cursor.r !== 'string' || !Number.isInteger(cursor.o) || (cursor.o as number) < 0) {
    throw new QuireError('INVALID_ARGUMENT', 'page is not a cursor of this list (take it from next.page of the same list)', { field: 'page' });
  }
  return { revisionId: cursor.r, offset: cursor.o as number };
}

/**
 * One page of `items` (a list of revision `revisionId`) in the list envelope, from `offset`.
 *
 * @example
 * const page = revisionListPage(files, { revisionId, offset: 0 }, { limit: 100 }, `files|${spaceId}`);
 */
export function revisionListPage<T>(items: readonly T[], start: RevisionListCursor, options: ListOptions, scope: string): PublishedList<T> {
  const limit = options.limit ?? defaultListLimit;
  if (!Number.isInteger(limit) || limit < 0 || limit > maxListLimit) {
    throw new QuireError('INVALID_ARGUMENT', `limit must be an integer from 0 to ${maxListLimit}, not ${limit}`, { field: 'limit' });
  }
  const end = start.offset + limit;
  const page: PublishedList<T> = { count: items.length, items: items.slice(start.offset, end) };
  if (end < items.length && limit > 0) {
    page.next = { page: Buffer.from(JSON.stringify({ s: tagOf(scope), r: start.revisionId, o: end })).toString('base64url') };
  }
  return page;
}

function tagOf(scope: string): string {
  return createHash('sha256').update(scope).digest('hex').slice(0, 16);
}
