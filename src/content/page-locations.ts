import type { SnapshotPage } from '../model/revision-snapshot.ts';

/** Where a page is in a tree: the page, its parent's id (undefined at the root) and its index among its siblings. */
export interface PageLocation {
  page: SnapshotPage;
  parent: string | undefined;
  index: number;
}

/**
 * Every page of a tree by id, with its place, in tree order (parents before children).
 *
 * @example
 * locatePages(snapshot.pages).get('pageId')?.parent // → 'parentId'
 */
export function locatePages(pages: readonly SnapshotPage[]): Map<string, PageLocation> {
  const locations = new Map<string, PageLocation>();
  const walk = (list: readonly SnapshotPage[], parent: string | undefined) => {
    list.forEach((page, index) => {
      locations.set(page.id, { page, parent, index });
      if (page.type === 'document' || page.type === 'group') walk(page.pages, page.id);
    });
  };
  walk(pages, undefined);
  return locations;
}
