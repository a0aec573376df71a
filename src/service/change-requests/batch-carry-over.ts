import type { PageTreeSlugs } from '../../content/page-tree-draft.ts';
import type { DirectoryLayout } from '../../format/directory-layout.ts';
import { LruCache } from '../../store/lru-cache.ts';

/** How many laid-out paths and slugs the cache holds in all: a few large change requests, a few MB. */
const maxEntries = 200_000;

/**
 * What a content batch leaves for the next batch made on the revision it wrote: the layout of the tree
 * (`planLayout`) and the page tree draft's slug indexes. A change request filled in many batches then neither
 * lays its tree out nor indexes the slugs of its pages again at each batch: the 200th batch costs about what
 * the first did, although the tree holds 10,000 pages.
 */
export interface BatchCarryOver {
  layout?: DirectoryLayout | undefined;
  slugs?: PageTreeSlugs | undefined;
}

/** By revision id. A revision never changes, so an entry never goes stale; the batch that takes it changes it. */
const carried = new LruCache<BatchCarryOver>(maxEntries);

/**
 * What the batch that wrote `revisionId` left, if this process still holds it; taken, not shared (the batch
 * extends the layout and the indexes in place, so no other batch may see them). A batch that finds nothing
 * works from the tree.
 *
 * @example
 * const { layout, slugs } = takeCarryOver(changeRequest.revision) ?? {};
 */
export function takeCarryOver(revisionId: string): BatchCarryOver | undefined {
  return carried.take(revisionId);
}

/**
 * Keeps what a batch leaves, for the next batch made on the revision it just wrote.
 *
 * @example
 * carryOver(next, { layout: applied.layout, slugs: applied.slugs });
 */
export function carryOver(revisionId: string, leftovers: BatchCarryOver): void {
  const size = (leftovers.layout?.byPath.size ?? 0) + (leftovers.slugs?.size ?? 0);
  if (leftovers.layout === undefined && leftovers.slugs === undefined) return;
  carried.set(revisionId, leftovers, Math.max(1, size));
}
