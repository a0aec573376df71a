import { applyContentChanges, type AppliedContentChanges, type ContentChange, type ContentOrigin } from '../../content/index.ts';
import { QuireError } from '../../errors/index.ts';
import type { RevisionSnapshot } from '../../model/index.ts';
import type { ChangeRequestRecord } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { contentUrls } from '../content/content-urls.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import { moveHeadOrDiscard, retryWhileHeadsMove } from './head-race.ts';
import { mergeBaseOf } from './merge-base.ts';
import { newContentId } from '../spaces/new-content-id.ts';
import { carryOver, takeCarryOver } from './batch-carry-over.ts';
import { recordBatchLinks } from '../links/links.ts';
import type { PublishedChangeRequest, PublishedContentUpdate, PublishedContentUpdateChange, PublishedFile } from '../content/published-content-shapes.ts';
import { maxFileBytesOf, maxGitBatchChangesOf, type ServiceContext } from '../service-context.ts';
import { uploadedBlobSizes } from '../content/uploaded-blobs.ts';
import { revisionContentOf, storeBlobs, storeDocuments } from '../content/stored-content.ts';
import { ChangeRequestUsers, toPublishedChangeRequest } from './to-published-change-request.ts';
import { toPublishedFile } from '../content/to-published-content.ts';

/**
 * The query of `updateChangeRequestContent`: `compat` (default true) answers the change request; false, the
 * outcome. `origin` (Quire's, docs/api-extensions.md): `git` when a Git sync sends the changes, which are then
 * stored as Git wrote them (moves rewrite no link); default: `git` when a change carries `git`, else `service`.
 */
export interface ContentUpdateOptions {
  compat?: boolean;
  origin?: ContentOrigin;
}

/**
 * Applies a batch of up to 50 content changes to a change request, atomically, as one new revision
 * (`POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content`, updateChangeRequestContent): the
 * published `insert_page`, `update_page` (rename, move with `into`/`at`), `delete_page`, `revert_page`,
 * `insert_files` (base64, or Quire's uploaded `blob`), with Markdown bodies whose links to pages and files are resolved; and Quire's `git`
 * fields and `quire_*` changes (docs/api-extensions.md). A bad change refuses the whole batch
 * (`INVALID_ARGUMENT` naming it: `changes[2].into: ...`) and nothing is stored.
 *
 * The new revision's parent is the change request's head, which moves by compare-and-set: when another batch
 * moved it meanwhile, the batch is applied again on top of that one, so concurrent batches never lose one
 * another. A merged change request refuses changes (`CONFLICT`). Needs `edit` on an unlocked space.
 *
 * With `compat: false` the answer is the published `ChangeRequestContentUpdate`: the change request, one entry
 * per page touched (with the address of its stored content) and the uploaded files.
 *
 * @example
 * await updateChangeRequestContent(ctx, actor, spaceId, '1', [
 *   { operation: 'insert_page', title: 'Install', document: { markdown: 'Run `npm i quire`.\n' } },
 * ], { compat: false });
 */
export async function updateChangeRequestContent(
  ctx: ServiceContext,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  changes: readonly ContentChange[],
  options: ContentUpdateOptions = {},
): Promise<PublishedChangeRequest | PublishedContentUpdate> {
  const access = await spaceAccess(ctx, actor, spaceId);
  requireEditable(access, `change the content of change requests of space ${spaceId}`);
  const { id } = await ctx.store.getChangeRequest(spaceId, changeRequestId);
  const uploadedBlobs = await uploadedBlobSizes(ctx.store, changes);

  const { applied, revisionId } = await retryWhileHeadsMove(`update the content of change request ${changeRequestId}`, async () => {
    const changeRequest = await ctx.store.getChangeRequest(spaceId, id);
    if (changeRequest.status === 'merged') throw mergedAlready(changeRequest);
    const snapshot = await ctx.store.getRevision(changeRequest.revision);
    const carried = takeCarryOver(changeRequest.revision);
    const applied = await applyContentChanges(snapshot, (ids) => ctx.store.getDocuments(ids), changes, {
      newId: newContentId,
      revertSource: (revision) => revertSourceOf(ctx, changeRequest, revision),
      pageLocator: await ctx.store.pageLocator(snapshot.pages),
      origin: options.origin,
      uploadedBlobs,
      maxFileBytes: maxFileBytesOf(ctx),
      maxGitChanges: maxGitBatchChangesOf(ctx),
      baseLayout: carried?.layout,
      baseSlugs: carried?.slugs,
    });
    await storeDocuments(ctx.store, applied.documents);
    await storeBlobs(ctx.store, [...applied.files, ...applied.replacedFiles]);
    const next = await ctx.store.putRevision(spaceId, revisionContentOf(applied.snapshot, { type: 'edits', parents: [changeRequest.revision] }));
    const moved = await moveHeadOrDiscard(ctx.store, next, () => ctx.store.setChangeRequestHead(id, changeRequest.revision, next));
    return moved ? { applied, revisionId: next } : undefined;
  });
  // The links of the bodies the batch wrote are extracted and stored (src/store/links/links.ts).
  await recordBatchLinks(ctx, applied);
  // Then (not before: the next batch extends the layout in place) for the next batch, made on the revision just
  // written, which the change request now shows.
  carryOver(revisionId, { layout: applied.layout, slugs: applied.slugs });

  const [record, space] = await Promise.all([ctx.store.getChangeRequest(spaceId, id), ctx.store.getSpace(spaceId)]);
  const changeRequest = await toPublishedChangeRequest(record, space.revisionId, new ChangeRequestUsers(ctx.store, ctx.baseUrl), ctx.baseUrl);
  if (options.compat !== false) return changeRequest;
  return { changeRequest, changes: outcomesOf(ctx, spaceId, id, applied), insertedFiles: insertedFilesOf(ctx, spaceId, revisionId, applied) };
}

function mergedAlready(changeRequest: ChangeRequestRecord): QuireError {
  return new QuireError('CONFLICT', `change request ${changeRequest.number} is merged; its content cannot change (open another one)`, { id: changeRequest.id });
}

async function revertSourceOf(ctx: ServiceContext, changeRequest: ChangeRequestRecord, revisionId: string | undefined): Promise<RevisionSnapshot | undefined> {
  const id = revisionId ?? mergeBaseOf(changeRequest);
  const info = await ctx.store.getRevisionInfo(id).catch(() => undefined);
  if (info === undefined || info.space !== changeRequest.spaceId) return undefined;
  return ctx.store.getRevision(id);
}

function outcomesOf(ctx: ServiceContext, spaceId: string, changeRequestId: string, applied: AppliedContentChanges): PublishedContentUpdateChange[] {
  const pageRef = (pageId: string) => ({
    object: 'page' as const,
    id: pageId,
    urls: { location: contentUrls.page(ctx.baseUrl, spaceId, { kind: 'change-request', changeRequestId }, pageId) },
  });
  return applied.outcomes.map((outcome): PublishedContentUpdateChange => {
    switch (outcome.object) {
      case 'created_page':
        return { object: 'created_page', ...(outcome.ref === undefined ? {} : { ref: outcome.ref }), page: pageRef(outcome.page) };
      case 'updated_page':
        return { object: 'updated_page', page: pageRef(outcome.page) };
      case 'deleted_page':
        return { object: 'deleted_page', page: outcome.page };
    }
  });
}

function insertedFilesOf(ctx: ServiceContext, spaceId: string, revisionId: string, applied: AppliedContentChanges): PublishedFile[] {
  const final = new Map(applied.snapshot.files.map((file) => [file.id, file]));
  return applied.files.flatMap(({ record }) => {
    const file = final.get(record.id);
    return file === undefined ? [] : [toPublishedFile(file, ctx.baseUrl, spaceId, revisionId)];
  });
}
