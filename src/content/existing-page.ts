import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { PageTreeDraft } from './page-tree-draft.ts';

/**
 * The page a change names in `page`, as the batch left it so far; refuses an id that is not in the tree.
 *
 * @example
 * existingPage(draft, change.page, 2) // throws `changes[2].page: page abc is not in the change request`
 */
export function existingPage(draft: PageTreeDraft, pageId: unknown, index: number): SnapshotPage {
  if (typeof pageId !== 'string' || pageId === '') throw invalidChange(index, 'page', 'must be a page id (a non-empty string)');
  const page = draft.page(pageId);
  if (page === undefined) throw invalidChange(index, 'page', `page ${pageId} is not in the change request`);
  return page;
}
