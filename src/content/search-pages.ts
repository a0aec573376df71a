import type { SnapshotPage } from '../model/index.ts';

/** A document page as the search index records it: what its rows are made of, and where it stands. */
export interface SearchablePage {
  pageId: string;
  /** The body's document; absent for a page without a body. */
  documentId?: string;
  title: string;
  description: string;
  /** The page's path in the space (`guides/install`). */
  path: string;
  /** The titles of its ancestors (groups and pages), from the top to its parent. */
  ancestors: string[];
  /** Its place in the page tree, depth first from 0: ties in ranking go by it. */
  order: number;
}

/** What to do to an index that holds `indexed` so that it holds `head`. */
export interface SearchPagesDiff {
  /** Pages whose rows must be (re)written: new, or with another body, title or description. */
  reindex: SearchablePage[];
  /** Pages whose rows stay, but whose path, ancestors or place changed. */
  relocate: SearchablePage[];
  /** Ids of pages that are no longer there. */
  remove: string[];
}

/**
 * The document pages of a page tree, depth first, with their ancestors' titles and their place. Links, groups
 * and computed pages have no body and are not searched (groups appear as ancestors).
 *
 * @example
 * searchablePages(revision.pages).map((page) => page.path) // → ['readme', 'guides', 'guides/install']
 */
export function searchablePages(pages: readonly SnapshotPage[]): SearchablePage[] {
  const out: SearchablePage[] = [];
  const walk = (level: readonly SnapshotPage[], ancestors: string[]): void => {
    for (const page of level) {
      if (page.type === 'document') {
        const documentId = 'documentId' in page ? page.documentId : undefined;
        out.push({
          pageId: page.id,
          ...(documentId === undefined ? {} : { documentId }),
          title: page.title,
          description: page.description ?? '',
          path: page.path,
          ancestors,
          order: out.length,
        });
      }
      if (page.type === 'document' || page.type === 'group') walk(page.pages, [...ancestors, page.title]);
    }
  };
  walk(pages, []);
  return out;
}

/**
 * Compares what an index holds with the pages of the new head, by page id: a page is re-indexed only when what
 * its rows are made of changed (`documentId`, title, description); a page that only moved is relocated.
 *
 * @example
 * const { reindex, relocate, remove } = diffSearchablePages(indexedPages, searchablePages(head.pages));
 */
export function diffSearchablePages(indexed: readonly SearchablePage[], head: readonly SearchablePage[]): SearchPagesDiff {
  const before = new Map(indexed.map((page) => [page.pageId, page]));
  const diff: SearchPagesDiff = { reindex: [], relocate: [], remove: [] };
  for (const page of head) {
    const old = before.get(page.pageId);
    before.delete(page.pageId);
    if (old === undefined || old.documentId !== page.documentId || old.title !== page.title || old.description !== page.description) diff.reindex.push(page);
    else if (old.path !== page.path || old.order !== page.order || !sameList(old.ancestors, page.ancestors)) diff.relocate.push(page);
  }
  diff.remove = [...before.keys()];
  return diff;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
