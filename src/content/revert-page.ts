import type { ChangeRequestContentChangeRevertPage } from '@gitbook/api';
import type { RevisionSnapshot, SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { checkSlugIsFree, dropGitPaths } from './page-placement.ts';
import { locatePages, type PageLocation } from './page-locations.ts';

/** The snapshots `revert_page` changes restore from, by revision id (`undefined`: the change request's base). */
export type RevertSources = ReadonlyMap<string | undefined, RevisionSnapshot | undefined>;

/**
 * `revert_page` without `block`: puts a page back as it is in the source revision (the change request's base
 * unless `revision` names another). A page the source does not have is removed with its subpages; a page the
 * tree no longer has is restored under its old parent (the root when that parent is gone too) at its old index,
 * with those of its old subpages that are gone too; a page in both gets its fields and document back and stays
 * where it is. Reverting single blocks (`block`) is refused: bodies are Markdown, without block keys.
 *
 * @example
 * applyRevertPage(batch, { operation: 'revert_page', page: 'pageId' }, 0, sources);
 */
export function applyRevertPage(batch: ContentBatch, change: ChangeRequestContentChangeRevertPage, index: number, sources: RevertSources): void {
  if (change.block !== undefined) {
    throw invalidChange(index, 'block', 'reverting single blocks is not supported by this server (page bodies are Markdown, without block keys); omit block to revert the whole page');
  }
  if (typeof change.page !== 'string' || change.page === '') throw invalidChange(index, 'page', 'must be a page id (a non-empty string)');
  if (change.revision !== undefined && typeof change.revision !== 'string') throw invalidChange(index, 'revision', 'must be a revision id');
  const source = sources.get(change.revision);
  if (source === undefined) {
    throw change.revision === undefined
      ? invalidChange(index, undefined, 'the change request has no base revision to revert to')
      : invalidChange(index, 'revision', `revision ${change.revision} is not a revision of the space`);
  }

  const { draft } = batch;
  const locations = locatePages(source.pages);
  const old = locations.get(change.page);
  const present = draft.has(change.page);
  if (old === undefined && !present) throw invalidChange(index, 'page', `page ${change.page} is neither in the change request nor in the revision to revert to`);

  if (old === undefined) {
    for (const id of draft.remove(change.page)) batch.deleted(id);
    return;
  }
  if (!present) {
    restore(batch, old, locations, source, index);
    return;
  }

  const current = draft.page(change.page)!;
  const parent = draft.parentOf(current.id);
  const restored = withoutChildren(old.page);
  checkSlugIsFree(draft, restored, parent, index, 'page');
  const slugChanged = 'slug' in restored && 'slug' in current && restored.slug !== current.slug;
  if (slugChanged) dropGitPaths(draft, current.id);
  draft.setPage(current.id, parent === old.parent ? restored : withoutGit(restored));
  restoreHead(batch, source, current.id);
  batch.submitted.delete(current.id);
  batch.updated(current.id);
}

/** Restores a page the tree no longer has, then its old subpages that are gone too. */
function restore(batch: ContentBatch, old: PageLocation, locations: ReadonlyMap<string, PageLocation>, source: RevisionSnapshot, index: number): void {
  const { draft } = batch;
  const parentPage = old.parent === undefined ? undefined : draft.page(old.parent);
  const underOldParent = old.parent !== undefined && parentPage !== undefined && (parentPage.type === 'document' || parentPage.type === 'group');
  const parent = underOldParent ? old.parent : undefined;
  if (old.page.type === 'group' && parent !== undefined) throw invalidChange(index, 'page', `group ${old.page.id} can only be restored at the root`);
  const page = underOldParent || old.parent === undefined ? withoutChildren(old.page) : withoutGit(withoutChildren(old.page));
  checkSlugIsFree(draft, page, parent, index, 'page');
  draft.insert(page, parent, old.index);
  restoreHead(batch, source, page.id);
  batch.created(page.id, undefined);
  if (old.page.type !== 'document' && old.page.type !== 'group') return;
  for (const child of old.page.pages) {
    if (!draft.has(child.id)) restore(batch, locations.get(child.id)!, locations, source, index);
  }
}

function restoreHead(batch: ContentBatch, source: RevisionSnapshot, pageId: string): void {
  const head = source.source.heads[pageId];
  if (head === undefined) delete batch.heads[pageId];
  else batch.heads[pageId] = head;
}

function withoutChildren(page: SnapshotPage): SnapshotPage {
  return page.type === 'document' || page.type === 'group' ? ({ ...page, pages: [] } as SnapshotPage) : page;
}

function withoutGit(page: SnapshotPage): SnapshotPage {
  if (page.type !== 'document' || page.git === undefined) return page;
  const { git: _git, ...rest } = page;
  return rest as SnapshotPage;
}
