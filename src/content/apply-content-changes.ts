import { QuireError } from '../errors/quire-error.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import { ContentBatch, type ApplyContentContext } from './content-batch.ts';
import { applyDeleteFile } from './delete-file.ts';
import { applyDeletePage } from './delete-page.ts';
import { applyDeleteReusableContent } from './delete-reusable-content.ts';
import type { DocumentLookup } from './document-lookup.ts';
import { applyInsertFiles } from './insert-files.ts';
import { applyInsertPageKind } from './insert-page-kind.ts';
import { applyInsertPage } from './insert-page.ts';
import { PageTreeDraft } from './page-tree-draft.ts';
import { contentOperations, type ContentChange } from './quire-changes.ts';
import { applyRevertPage, type RevertSources } from './revert-page.ts';
import { applySetDirectory } from './set-directory.ts';
import { settleBatch, type AppliedContentChanges } from './settle-batch.ts';
import { applyUpdateFile } from './update-file.ts';
import { applyUpdatePage } from './update-page.ts';
import { applyUpsertReusableContent } from './upsert-reusable-content.ts';

/** The most changes one batch may hold (the published `maxItems`). */
export const maxChangesPerBatch = 50;
/**
 * The most changes a batch sent with `origin: 'git'` may hold (Quire's `git-batches` extension): a sync sends a
 * repository's files in a tenth of the round trips and revisions.
 */
export const maxGitChangesPerBatch = 500;

/**
 * Applies a batch of content changes (the published `updateChangeRequestContent`: `insert_page`, `update_page`,
 * `delete_page`, `revert_page`, `insert_files`, and Quire's `quire_*` changes and `git` fields of
 * docs/api-extensions.md) to a snapshot, in order and atomically: the result, or a
 * `QuireError('INVALID_ARGUMENT')` whose message and `data.field` name the change and its field
 * (`changes[3].into`), and nothing changed. Pure apart from `documents` (bodies fetched when pages moved) and
 * `context.revertSource`; the input snapshot is never changed, and the parts the batch did not touch are shared
 * with the result.
 *
 * Links in submitted Markdown are resolved after every change of the batch, against the final tree, and written
 * as relative paths of the Git layout (see `resolveSubmittedLinks`), so stored bodies stay ready to be written
 * out as a directory; existing bodies are relinked when pages or files moved in the service. A batch from Git
 * (`context.origin`, see `ApplyContentContext`) is stored as Git wrote it: nothing is relinked.
 *
 * @example
 * const applied = await applyContentChanges(snapshot, (ids) => store.getDocuments(ids), [
 *   { operation: 'insert_page', ref: 'intro', title: 'Intro', document: { markdown: 'See [setup](./setup.md).\n' } },
 *   { operation: 'insert_page', ref: 'setup', document: { markdown: '# Setup\n\nRun it.\n' } },
 * ], { newId: () => randomId() });
 * applied.outcomes // → [{ object: 'created_page', page: '…', ref: 'intro' }, { object: 'created_page', page: '…', ref: 'setup' }]
 */
export async function applyContentChanges(
  snapshot: RevisionSnapshot,
  documents: DocumentLookup,
  changes: readonly ContentChange[],
  context: ApplyContentContext,
): Promise<AppliedContentChanges> {
  checkBatch(changes, context);
  const sources = await revertSources(changes, context);
  const batch = new ContentBatch(snapshot, new PageTreeDraft(snapshot.pages, context.pageLocator, context.baseSlugs), context, comesFromGit(changes, context));
  changes.forEach((change, index) => applyChange(batch, change, index, sources));
  return settleBatch(batch, documents);
}

function checkBatch(changes: readonly ContentChange[], context: ApplyContentContext): void {
  const gitMax = context?.maxGitChanges ?? maxGitChangesPerBatch;
  const max = context?.origin === 'git' ? gitMax : maxChangesPerBatch;
  if (!Array.isArray(changes) || changes.length === 0 || changes.length > max) {
    const more = context?.origin === 'git' ? '' : ` (${gitMax} with origin=git, extension git-batches)`;
    throw new QuireError('INVALID_ARGUMENT', `changes: must be a list of 1 to ${max} changes${more}`, { field: 'changes' });
  }
  if (typeof context?.newId !== 'function') throw new QuireError('INVALID_ARGUMENT', 'context.newId must be a function', { field: 'context.newId' });
  changes.forEach((change: unknown, index) => {
    if (typeof change !== 'object' || change === null || Array.isArray(change)) throw invalidChange(index, undefined, 'must be an object with an operation');
  });
}

/**
 * A batch comes from Git when its sender says so (`origin: 'git'`), or, unless it says otherwise, when one of its
 * changes carries `git` (a file of the repository, with its blob id).
 */
function comesFromGit(changes: readonly ContentChange[], context: ApplyContentContext): boolean {
  if (context.origin !== undefined) return context.origin === 'git';
  return changes.some((change) => {
    const fields = change as unknown as Record<string, unknown>;
    if (fields['git'] !== undefined) return true;
    const files = fields['files'];
    return Array.isArray(files) && files.some((file: unknown) => typeof file === 'object' && file !== null && (file as Record<string, unknown>)['git'] !== undefined);
  });
}

/** Fetches, once each, the snapshots the `revert_page` changes of the batch restore from. */
async function revertSources(changes: readonly ContentChange[], context: ApplyContentContext): Promise<RevertSources> {
  const sources = new Map<string | undefined, RevisionSnapshot | undefined>();
  if (context.revertSource === undefined) return sources;
  for (const change of changes) {
    if (change.operation !== 'revert_page' || change.block !== undefined) continue;
    const revision = typeof change.revision === 'string' ? change.revision : undefined;
    if (!sources.has(revision)) sources.set(revision, await context.revertSource(revision));
  }
  return sources;
}

function applyChange(batch: ContentBatch, change: ContentChange, index: number, sources: RevertSources): void {
  switch (change.operation) {
    case 'insert_page':
      return applyInsertPage(batch, change, index);
    case 'update_page':
      return applyUpdatePage(batch, change, index);
    case 'delete_page':
      return applyDeletePage(batch, change, index);
    case 'revert_page':
      return applyRevertPage(batch, change, index, sources);
    case 'insert_files':
      return applyInsertFiles(batch, change, index);
    case 'quire_insert_page':
      return applyInsertPageKind(batch, change, index);
    case 'quire_update_file':
      return applyUpdateFile(batch, change, index);
    case 'quire_delete_file':
      return applyDeleteFile(batch, change, index);
    case 'quire_upsert_reusable_content':
      return applyUpsertReusableContent(batch, change, index);
    case 'quire_delete_reusable_content':
      return applyDeleteReusableContent(batch, change, index);
    case 'quire_set_directory':
      return applySetDirectory(batch, change, index);
    default: {
      const operation: unknown = (change as { operation?: unknown }).operation;
      throw invalidChange(index, 'operation', `must be one of ${contentOperations.join(', ')} (got ${JSON.stringify(operation) ?? 'nothing'})`);
    }
  }
}
