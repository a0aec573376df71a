/**
 * Walks a paginated list of the published API: `{ next?: { page }, count?, items }`, asking for the next page
 * with the `page` query parameter until `next` is absent (published spec, components `List`, `listPage`).
 */
import { ApiInvalidResponseError } from './api-errors.ts';

/** One page of a list, as the published `List` envelope. */
export type ListPage<T> = {
  readonly items: readonly T[];
  readonly next?: { readonly page: string } | undefined;
  readonly count?: number | undefined;
};

/** Fetches the page named by `cursor` (`undefined` for the first). */
export type FetchListPage<T> = (cursor: string | undefined) => Promise<ListPage<T>>;

/** Where the list comes from, for error messages. */
export type ListSource = { readonly method: string; readonly url: string; readonly route: string };

/**
 * Yields every item of every page, fetching a page only when the previous one is used up.
 * A page without an `items` array, or a cursor the walk has already followed (a server bug that would
 * loop forever), throws API_INVALID_RESPONSE.
 *
 * @example
 * for await (const changeRequest of paginate((page) => fetchChangeRequests({ page }), source)) {
 *   console.log(changeRequest.number);
 * }
 */
export async function* paginate<T>(fetchPage: FetchListPage<T>, source: ListSource): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    if (typeof page !== 'object' || page === null || !Array.isArray(page.items)) {
      throw new ApiInvalidResponseError({ ...source, status: 200, problem: 'a list page without an items array' });
    }
    yield* page.items;
    const next = page.next?.page;
    if (next === undefined) return;
    if (typeof next !== 'string' || seen.has(next)) {
      throw new ApiInvalidResponseError({ ...source, status: 200, problem: `a next page cursor ${JSON.stringify(next)} that was already followed` });
    }
    seen.add(next);
    cursor = next;
  }
}
