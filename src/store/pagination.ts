import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { QuireError } from '../errors/index.ts';
import { sha256Hex } from './blobs/content-hash.ts';
import type { Database } from './database-schema.ts';

/** `limit` (1 to 1000, default 50) and `page` (the cursor from a previous answer's `next.page`). */
export interface ListOptions {
  limit?: number;
  page?: string;
}

/** The list envelope of every list: `{ next?: { page }, count, items }`. */
export interface ListPage<T> {
  items: T[];
  /** How many items the whole list holds (all pages). */
  count: number;
  /** Present when there are more items: pass `next.page` as `page` to get them. */
  next?: { page: string };
}

export const defaultListLimit = 50;
export const maxListLimit = 1000;

/** One column of a list's order. The last key must be unique (an id), so the order is total. */
export interface SortKey<Row> {
  column: string;
  direction: 'asc' | 'desc';
  value: (row: Row) => string | number;
}

/**
 * Reads one page of a list with keyset pagination: the cursor holds the sort key of the last item given, and
 * the next page starts strictly after it, so items added or removed meanwhile never make a walk repeat or
 * skip the items that stayed. The cursor also names its list (`scope`: the list and its filters); a cursor from
 * another list is refused with `INVALID_ARGUMENT` on `page`.
 *
 * `query` is the filtered select without order or limit.
 *
 * @example
 * return listPage(db.selectFrom('users').selectAll(), { scope: 'users', keys: byCreation }, options, (rows) => rows.map(toUser));
 */
export async function listPage<TB extends keyof Database, Row, Item>(
  query: SelectQueryBuilder<Database, TB, Row>,
  spec: { scope: string; keys: readonly SortKey<Row>[] },
  options: ListOptions,
  map: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<ListPage<Item>> {
  const limit = checkLimit(options.limit);
  const tag = sha256Hex(spec.scope).slice(0, 16);
  let filtered = query;
  if (options.page !== undefined) {
    const after = decodeCursor(options.page, tag, spec.keys.length);
    filtered = filtered.where(after_(spec.keys, after));
  }
  let ordered = filtered;
  for (const key of spec.keys) ordered = ordered.orderBy(sql.ref(key.column), key.direction);
  const [rows, total] = await Promise.all([
    limit === 0 ? Promise.resolve([] as Row[]) : ordered.limit(limit + 1).execute(),
    query.clearSelect().select(sql<string | number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const items = await map(page);
  const result: ListPage<Item> = { items, count: Number(total.count) };
  if (rows.length > limit && last !== undefined) {
    result.next = { page: encodeCursor(tag, spec.keys.map((key) => key.value(last))) };
  }
  return result;
}

/**
 * Checks a `limit` option: an integer from 0 to 1000 (the published maximum); absent means 50.
 *
 * @example
 * checkLimit(undefined) // → 50
 */
export function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return defaultListLimit;
  if (!Number.isInteger(limit) || limit < 0 || limit > maxListLimit) {
    throw new QuireError('INVALID_ARGUMENT', `limit must be an integer from 0 to ${maxListLimit}, not ${limit}`, { field: 'limit' });
  }
  return limit;
}

function after_<Row>(keys: readonly SortKey<Row>[], values: readonly (string | number)[]): RawBuilder<SqlBool> {
  const alternatives = keys.map((key, index) => {
    const equal = keys.slice(0, index).map((previous, at) => sql`${sql.ref(previous.column)} = ${values[at]}`);
    const beyond = key.direction === 'asc' ? sql`${sql.ref(key.column)} > ${values[index]}` : sql`${sql.ref(key.column)} < ${values[index]}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

function encodeCursor(tag: string, values: (string | number)[]): string {
  return Buffer.from(JSON.stringify({ s: tag, k: values })).toString('base64url');
}

function decodeCursor(page: string, tag: string, length: number): (string | number)[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const cursor = decoded as { s?: unknown; k?: unknown } | undefined;
  if (
    typeof cursor !== 'object' ||
    cursor === null ||
    cursor.s !== tag ||
    !Array.isArray(cursor.k) ||
    cursor.k.length !== length ||
    !cursor.k.every((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
  ) {
    throw new QuireError('INVALID_ARGUMENT', 'page is not a cursor of this list (take it from next.page of the same list)', { field: 'page' });
  }
  return cursor.k as (string | number)[];
}
