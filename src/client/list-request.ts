/**
 * A paginated GET on the API: `paginate` over the transport, setting the `page` and `limit` query parameters.
 */
import { paginate } from './paginate.ts';
import type { ListPage } from './paginate.ts';
import type { ApiRequest, Transport } from './transport.ts';

/** Yields every item of the list `call` returns, page by page; `limit` is the page size asked for. */
export function listRequest<T>(transport: Transport, call: ApiRequest, limit: number | undefined): AsyncGenerator<T, void, undefined> {
  const fetchPage = (cursor: string | undefined) =>
    transport.json<ListPage<T>>({ ...call, query: { ...call.query, page: cursor, limit } });
  return paginate(fetchPage, transport.describe(call));
}
