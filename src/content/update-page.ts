import type { ChangeRequestContentChangeUpdatePage } from '@gitbook/api';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { existingPage } from './existing-page.ts';
import { readGitBlob } from './git-blob-field.ts';
import { dropGitPaths, parentFor, positionFor, subtreeHeight, withFreeSlug } from './page-placement.ts';
import { readPageFieldUpdate, withFieldValues, withPageFields } from './page-update-fields.ts';
import { readSubmittedDocument } from './submitted-markdown.ts';

/**
 * `update_page`: sets metadata (an empty `emoji`, `icon`, `condition` or `description` removes it), replaces the
 * document (its frontmatter and heading win over the change's fields), renames (`title`, `slug`) and moves
 * (`into`: a page id, or null for the root; `at`: the index among the new siblings). A page that changes parent
 * or slug leaves its folder in the Git layout: its Git path and its descendants' are dropped, and the links to
 * and in them are rewritten after the batch (not in a batch from Git, whose files are kept as Git wrote them).
 * Quire's `git: { oid, path }` (docs/api-extensions.md) sets the Git blob a document page corresponds to, after any
 * move (so a moved page can say where it now lives); such a page is never refused for a slug a sibling has, it
 * takes a unique one (`withFreeSlug`).
 *
 * @example
 * applyUpdatePage(batch, { operation: 'update_page', page: 'pageId', title: 'Setup', into: null, at: 0 }, 1);
 */
export function applyUpdatePage(batch: ContentBatch, change: ChangeRequestContentChangeUpdatePage, index: number): void {
  const { draft } = batch;
  const current = existingPage(draft, change.page, index);
  const fields = readPageFieldUpdate(change as unknown as Record<string, unknown>, index);
  const git = readGitBlob((change as { git?: unknown }).git, index, 'git');
  const markdown = change.document === undefined ? undefined : readSubmittedDocument(change.document, index, { asFile: git !== undefined });
  if (git !== undefined && current.type !== 'document') throw invalidChange(index, 'git', `page ${current.id} is a ${current.type} page, which has no file in Git`);
  if (markdown !== undefined && current.type !== 'document') {
    throw invalidChange(index, 'document', `page ${current.id} is a ${current.type} page, which has no document`);
  }

  let page: SnapshotPage = withPageFields(current, { ...fields, title: markdown?.title ?? fields.title }, index);
  if (markdown !== undefined) page = withFieldValues(page, markdown.fields);

  const oldParent = draft.parentOf(current.id);
  const moves = change.into !== undefined;
  const parent = moves ? parentFor(draft, change.into, index, 'into', subtreeHeight(draft, current.id)) : oldParent;
  const at = positionFor(change.at, index);
  if (parent !== undefined && draft.isWithin(parent, current.id)) {
    throw invalidChange(index, 'into', `page ${current.id} cannot be moved under itself or one of its own subpages`);
  }
  if (parent !== undefined && current.type === 'group') throw invalidChange(index, 'into', `page ${current.id} is a group; groups stay at the root`);

  const parentChanged = parent !== oldParent;
  const askedSlug = 'slug' in page && 'slug' in current && page.slug !== current.slug;
  page = withFreeSlug(draft, page, parent, index, askedSlug || !parentChanged ? 'slug' : 'into', git !== undefined);
  const slugChanged = 'slug' in page && 'slug' in current && page.slug !== current.slug;

  if (page !== current) draft.setPage(current.id, page);
  if (parentChanged) draft.move(current.id, parent, at);
  else if (at !== undefined) draft.move(current.id, parent, at);
  if (parentChanged || slugChanged) dropGitPaths(draft, current.id);
  if (git !== undefined) draft.setPage(current.id, { ...draft.page(current.id)!, git } as SnapshotPage);
  if (markdown !== undefined) batch.submitted.set(current.id, { changeIndex: index, markdown, asFile: git !== undefined });
  batch.updated(current.id);
}
