import type { RevisionPage, RevisionPageDocument, RevisionPageGroup } from '@gitbook/api';

/** A page that can hold children: documents and groups (groups only at the root). */
export type ParentPage = RevisionPageDocument | RevisionPageGroup;

/** Where a page sits: its parent (undefined at the root), its index among its siblings and its depth. */
export interface PagePlace {
  parent: ParentPage | undefined;
  index: number;
  depth: number;
}

/**
 * Visits every page of a tree depth-first, parents before children, in order.
 *
 * @example
 * walkPages(revision.pages, (page, place) => console.log('  '.repeat(place.depth) + page.title));
 */
export function walkPages(pages: readonly RevisionPage[], visit: (page: RevisionPage, place: PagePlace) => void): void {
  const walk = (list: readonly RevisionPage[], parent: ParentPage | undefined, depth: number) => {
    list.forEach((page, index) => {
      visit(page, { parent, index, depth });
      if (hasChildren(page)) walk(page.pages, page, depth + 1);
    });
  };
  walk(pages, undefined, 0);
}

/** Every page of a tree, depth-first, in order. */
export function flattenPages(pages: readonly RevisionPage[]): RevisionPage[] {
  const all: RevisionPage[] = [];
  walkPages(pages, (page) => all.push(page));
  return all;
}

/** True for documents and groups, the pages that have a `pages` list. */
export function hasChildren(page: RevisionPage): page is ParentPage {
  return page.type === 'document' || page.type === 'group';
}
