import type { ListPage } from '../store/index.ts';
import type { PublishedList } from './published-shapes.ts';

/**
 * A store page as the published list envelope, its items mapped (and those mapped to undefined dropped: things
 * the caller may not see). `count` stays the store's count.
 *
 * @example
 * return toPublishedList(page, (space) => toPublishedSpace(space, level, baseUrl));
 */
export async function toPublishedList<T, U>(page: ListPage<T>, map: (item: T) => U | undefined | Promise<U | undefined>): Promise<PublishedList<U>> {
  const items: U[] = [];
  for (const item of page.items) {
    const mapped = await map(item);
    if (mapped !== undefined) items.push(mapped);
  }
  return { ...(page.next === undefined ? {} : { next: page.next }), count: page.count, items };
}
