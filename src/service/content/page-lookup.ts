/**
 * A page of a revision's tree by id or by path without walking the tree on every read. The store hands out the
 * same deeply frozen `pages` array for a revision while it keeps it cached, and a frozen tree never changes, so
 * the first lookup indexes the whole tree once and later ones answer from the index; the index goes when the
 * tree does (WeakMap).
 */
import type { SnapshotPage } from '../../model/index.ts';

interface PageIndex {
  byId: Map<string, SnapshotPage>;
  /** Document and group pages by path. */
  byPath: Map<string, SnapshotPage>;
}

const indexes = new WeakMap<readonly SnapshotPage[], PageIndex>();

/**
 * The page with this id in `pages` (the first depth-first, should a tree hold one twice), or undefined.
 *
 * @example
 * pageById(revision.pages, 'p7')?.title // → 'Install'
 */
export function pageById(pages: readonly SnapshotPage[], id: string): SnapshotPage | undefined {
  return indexOf(pages).byId.get(id);
}

/**
 * The document or group page with this path (`guides/install`) in `pages`, the first depth-first, or undefined.
 *
 * @example
 * pageByPath(revision.pages, 'guides/install')?.id // → 'p7'
 */
export function pageByPath(pages: readonly SnapshotPage[], path: string): SnapshotPage | undefined {
  return indexOf(pages).byPath.get(path);
}

function indexOf(pages: readonly SnapshotPage[]): PageIndex {
  let index = indexes.get(pages);
  if (index === undefined) {
    index = buildIndex(pages);
    // Only a frozen tree cannot change under its index: a tree built in memory is indexed for this call only.
    if (Object.isFrozen(pages)) indexes.set(pages, index);
  }
  return index;
}

function buildIndex(pages: readonly SnapshotPage[]): PageIndex {
  const byId = new Map<string, SnapshotPage>();
  const byPath = new Map<string, SnapshotPage>();
  const visit = (list: readonly SnapshotPage[]) => {
    for (const page of list) {
      if (!byId.has(page.id)) byId.set(page.id, page);
      if (page.type === 'document' || page.type === 'group') {
        if (!byPath.has(page.path)) byPath.set(page.path, page);
        visit(page.pages);
      }
    }
  };
  visit(pages);
  return { byId, byPath };
}
