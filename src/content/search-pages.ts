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

/** The pages of one side of a change: those outside the subtrees both sides share. */
export interface ChangedSearchablePages {
  before: SearchablePage[];
  after: SearchablePage[];
}

/** How many document pages a subtree holds, per page object (revisions share unchanged page objects, frozen). */
const documentCounts = new WeakMap<SnapshotPage, number>();

function documentCount(page: SnapshotPage): number {
  let count = documentCounts.get(page);
  if (count === undefined) {
    count = page.type === 'document' ? 1 : 0;
    if (page.type === 'document' || page.type === 'group') for (const child of page.pages) count += documentCount(child);
    documentCounts.set(page, count);
  }
  return count;
}

/** Where each page of a level starts in the depth-first order of document pages. */
function startOrders(level: readonly SnapshotPage[], start: number): number[] {
  const orders: number[] = [];
  let order = start;
  for (const page of level) {
    orders.push(order);
    order += documentCount(page);
  }
  return orders;
}

/**
 * The searchable pages of two page trees (`before`, `after`) outside the subtrees they share: a page object that
 * is the same object (`===`) at the same level, under ancestors of the same titles and at the same place in the
 * order, is skipped with everything below it, on both sides. Revisions share unchanged subtrees, so after a
 * one-page edit this walks the path to the page and the siblings along it, not the whole tree;
 * `diffSearchablePages(changed.before, changed.after)` is then the diff of the whole trees.
 *
 * @example
 * const changed = changedSearchablePages(indexed.pages, head.pages);
 * const { reindex } = diffSearchablePages(changed.before, changed.after); // → the edited page alone
 */
export function changedSearchablePages(before: readonly SnapshotPage[], after: readonly SnapshotPage[]): ChangedSearchablePages {
  const changed: ChangedSearchablePages = { before: [], after: [] };
  const walk = (old: readonly SnapshotPage[], now: readonly SnapshotPage[], oldAncestors: string[], nowAncestors: string[], oldStart: number, nowStart: number): void => {
    const oldOrders = startOrders(old, oldStart);
    const nowOrders = startOrders(now, nowStart);
    const sameAncestors = oldAncestors.length === nowAncestors.length && oldAncestors.every((title, index) => title === nowAncestors[index]);
    const oldById = new Map(old.map((page, index) => [page.id, index]));
    const nowById = new Map(now.map((page, index) => [page.id, index]));
    const shared = (oldIndex: number | undefined, nowIndex: number | undefined): boolean =>
      oldIndex !== undefined && nowIndex !== undefined && sameAncestors && old[oldIndex] === now[nowIndex] && oldOrders[oldIndex] === nowOrders[nowIndex];
    const emit = (out: SearchablePage[], page: SnapshotPage, ancestors: string[], order: number): void => {
      if (page.type !== 'document') return;
      const documentId = 'documentId' in page ? page.documentId : undefined;
      out.push({ pageId: page.id, ...(documentId === undefined ? {} : { documentId }), title: page.title, description: page.description ?? '', path: page.path, ancestors, order });
    };
    const children = (page: SnapshotPage | undefined): readonly SnapshotPage[] => (page !== undefined && (page.type === 'document' || page.type === 'group') ? page.pages : []);
    old.forEach((page, index) => {
      const counterpart = nowById.get(page.id);
      if (shared(index, counterpart)) return;
      emit(changed.before, page, oldAncestors, oldOrders[index]!);
      // A page with a counterpart is walked with it (from the new side, below); one without, alone.
      if (counterpart === undefined) walk(children(page), [], [...oldAncestors, page.title], [], oldOrders[index]! + (page.type === 'document' ? 1 : 0), 0);
    });
    now.forEach((page, index) => {
      const counterpart = oldById.get(page.id);
      if (shared(counterpart, index)) return;
      emit(changed.after, page, nowAncestors, nowOrders[index]!);
      const oldPage = counterpart === undefined ? undefined : old[counterpart];
      const oldOrder = counterpart === undefined ? 0 : oldOrders[counterpart]! + (oldPage!.type === 'document' ? 1 : 0);
      walk(children(oldPage), children(page), oldPage === undefined ? [] : [...oldAncestors, oldPage.title], [...nowAncestors, page.title], oldOrder, nowOrders[index]! + (page.type === 'document' ? 1 : 0));
    });
  };
  walk(before, after, [], [], 0, 0);
  return changed;
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
