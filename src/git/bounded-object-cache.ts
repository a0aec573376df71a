import type { RawGitObject } from './git-object.ts';

/**
 * A least-recently-used map of objects bounded by their total size: delta bases a pack read shares between
 * sibling objects, trees read again by the next commit's diff. Objects larger than a tenth of the budget are
 * never kept (one large asset would evict everything else).
 *
 * @example
 * const cache = createBoundedObjectCache(16 * 1024 * 1024);
 * cache.set('pack-1:1234', object);
 * cache.get('pack-1:1234'); // → object, now the most recently used
 */
export interface BoundedObjectCache {
  get(key: string): RawGitObject | undefined;
  set(key: string, object: RawGitObject): void;
}

export function createBoundedObjectCache(budgetBytes: number): BoundedObjectCache {
  const entries = new Map<string, RawGitObject>();
  let total = 0;
  return {
    get(key) {
      const object = entries.get(key);
      if (object !== undefined) {
        entries.delete(key);
        entries.set(key, object);
      }
      return object;
    },
    set(key, object) {
      if (object.bytes.byteLength > budgetBytes / 10 || entries.has(key)) return;
      entries.set(key, object);
      total += object.bytes.byteLength;
      for (const [oldest, evicted] of entries) {
        if (total <= budgetBytes) break;
        entries.delete(oldest);
        total -= evicted.bytes.byteLength;
      }
    },
  };
}
