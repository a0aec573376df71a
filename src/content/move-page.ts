import type { RevisionPage } from '@gitbook/api';
import { QuireError } from '../errors/quire-error.ts';
import { relinkBundle } from '../format/relink.ts';
import { assignPagePaths } from '../model/page-paths.ts';
import { flattenPages, hasChildren } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';

/** Where a page goes: under a parent (a document or a group; none for the top level), at an index. */
export interface PageDestination {
  parentId?: string;
  index: number;
}

/**
 * Moves a page (with its children) to another place in the tree. When it changes parent, its file and its
 * children's files move to the new parent's folder, and every relative link to them or inside them is
 * rewritten; a move among siblings only reorders SUMMARY.md.
 *
 * @example
 * const moved = movePage(bundle, 'pageId', { parentId: 'guidesPageId', index: 0 });
 */
export function movePage(bundle: RevisionBundle, pageId: string, destination: PageDestination): RevisionBundle {
  const pages = structuredClone(bundle.revision.pages);
  const found = findPage(pages, pageId);
  if (!found) throw new QuireError('NOT_FOUND', `page ${pageId} is not in the revision`, { pageId });
  const { page, siblings } = found;

  let target: RevisionPage[] = pages;
  if (destination.parentId !== undefined) {
    const parent = findPage(pages, destination.parentId)?.page;
    if (!parent || !hasChildren(parent)) throw new QuireError('INVALID_ARGUMENT', `parent ${destination.parentId} is not a document or group of the revision`, { field: 'parentId' });
    if (parent.id === page.id || flattenPages([page]).some((descendant) => descendant.id === parent.id)) {
      throw new QuireError('INVALID_ARGUMENT', `page ${pageId} cannot move under itself or one of its children`, { field: 'parentId' });
    }
    if (page.type === 'group') throw new QuireError('INVALID_ARGUMENT', 'a group can only be at the top level', { field: 'parentId' });
    target = parent.pages as RevisionPage[];
  }
  if (!Number.isInteger(destination.index) || destination.index < 0) {
    throw new QuireError('INVALID_ARGUMENT', `index must be a whole number of 0 or more, got ${destination.index}`, { field: 'index' });
  }

  const changesFolder = target !== siblings;
  siblings.splice(siblings.indexOf(page), 1);
  target.splice(Math.min(destination.index, target.length), 0, page);
  if (changesFolder) {
    // The page and its children leave their folder: their Git paths no longer say where they live.
    for (const moved of flattenPages([page])) if (moved.type === 'document') delete moved.git;
  }
  assignPagePaths(pages);
  return relinkBundle(bundle, { ...bundle, revision: { ...bundle.revision, pages } });
}

function findPage(pages: RevisionPage[], pageId: string): { page: RevisionPage; siblings: RevisionPage[] } | undefined {
  for (const page of pages) {
    if (page.id === pageId) return { page, siblings: pages };
    if (hasChildren(page)) {
      const found = findPage(page.pages as RevisionPage[], pageId);
      if (found) return found;
    }
  }
  return undefined;
}
