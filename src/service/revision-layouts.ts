import type { DirectoryLayout } from '../format/directory-layout.ts';
import { LruCache } from '../store/lru-cache.ts';

/** How many laid-out paths the cache holds in all: a few layouts of large spaces, a few MB. */
const maxLaidOutPaths = 100_000;

/**
 * Layouts (`planLayout`) of revisions that content batches made, by revision id. A revision never changes, so
 * an entry never goes stale. A change request filled in many batches lays its tree out once per batch with
 * it, not twice (the layout of its head comes from here): filling it costs the same per batch at the 200th as
 * at the first, but for the parts of a batch that must look at the whole tree.
 */
const layouts = new LruCache<DirectoryLayout>(maxLaidOutPaths);

/**
 * The layout a content batch made of revision `revisionId`, if this process still holds it.
 *
 * @example
 * const baseLayout = revisionLayout(changeRequest.revision);
 */
export function revisionLayout(revisionId: string): DirectoryLayout | undefined {
  return layouts.get(revisionId);
}

/**
 * Keeps the layout of a revision just written, for the next batch made on top of it.
 *
 * @example
 * if (applied.layout) rememberRevisionLayout(next, applied.layout);
 */
export function rememberRevisionLayout(revisionId: string, layout: DirectoryLayout): void {
  layouts.set(revisionId, layout, Math.max(1, layout.byPath.size));
}
