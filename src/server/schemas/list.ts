import { Type, type TSchema } from 'typebox';
import { maxListLimit } from '../../store/index.ts';

/** The shared list query: `page` (a cursor from `next.page`) and `limit` (1 to 1000, default 50). */
export const PaginationQuery = Type.Object({
  page: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxListLimit })),
});

/**
 * The list envelope of the published spec (`List & { items }`): `{ next?: { page }, count, items }`.
 *
 * @example
 * response: { 200: ListOf(SpaceSchema) }
 */
export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({
    next: Type.Optional(Type.Object({ page: Type.String() })),
    count: Type.Number(),
    items: Type.Array(item),
  });
}
