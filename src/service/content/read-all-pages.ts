import { maxListLimit, type ListOptions, type ListPage } from '../../store/index.ts';

/**
 * Every item of a store list, page after page (1,000 at a time). For the service's own walks (the siblings of a
 * level, the inside of a collection), never for a client's list.
 *
 * @example
 * const children = await readAllPages((options) => store.listCollections({ organizationId, parentId }, options));
 */
export async function readAllPages<T>(list: (options: ListOptions) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const result = await list({ limit: maxListLimit, ...(page === undefined ? {} : { page }) });
    items.push(...result.items);
    page = result.next?.page;
  } while (page !== undefined);
  return items;
}
