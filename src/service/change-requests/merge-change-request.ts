import { mergeSnapshots, type MergeConflict } from '../../content/index.ts';
import { QuireError } from '../../errors/index.ts';
import type { RevisionSnapshot } from '../../model/index.ts';
import type { ChangeRequestRecord, Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import { HeadMoved, moveHeadOrDiscard, retryWhileHeadsMove } from './head-race.ts';
import { queueSpaceContentUpdated } from '../integrations/integration-deliveries.ts';
import { mergeBaseOf } from './merge-base.ts';
import { oneMergeAtATime } from './one-merge-at-a-time.ts';
import { refreshSearchIndexAfterCommit } from '../search/search.ts';
import type { ServiceContext } from '../service-context.ts';
import { contentSnapshot, revisionContentOf, storeDocuments } from '../content/stored-content.ts';

/**
 * The answer of merge and update: the resulting revision and `merge` / `update`, or `conflicts` with the
 * revision that stays (nothing changed) and, as Quire's extension (docs/api-extensions.md), what conflicted.
 */
export interface MergeOutcome<R extends 'merge' | 'update'> {
  revision: string;
  result: R | 'conflicts';
  conflicts?: MergeConflict[];
}

/**
 * Merges a change request into its space (`POST .../change-requests/{changeRequestId}/merge`): a three-way
 * merge of the revisions, base = the revision the change request is based on, ours = the space's head, theirs =
 * the change request's head. When the space has not moved since the base, the change request's content is
 * taken as it is (a fast-forward of the content: nothing is merged and no content object is written); when the
 * two sides touched different things they are combined; when they did not, the answer is `conflicts` and
 * nothing changes. A merge makes a `merge` revision (parents: the space's head, then the change request's)
 * that names the change request, and moves the space's head to it by compare-and-set in the transaction that
 * marks the change request merged; when another merge moved the head first, everything is redone on top of the
 * new head, so racing merges never lose an update; merges of one space in one process are queued
 * (`oneMergeAtATime`), so only other processes' merges race. Needs `edit` on an unlocked space; a merged or archived
 * change request answers `CONFLICT`.
 *
 * @example
 * const { revision, result } = await mergeChangeRequest(ctx, actor, spaceId, '1'); // result → 'merge'
 */
export async function mergeChangeRequest(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string): Promise<MergeOutcome<'merge'>> {
  const access = await spaceAccess(ctx, actor, spaceId);
  requireEditable(access, `merge change requests of space ${spaceId}`);
  const { id } = await ctx.store.getChangeRequest(spaceId, changeRequestId);

  const outcome = await oneMergeAtATime(ctx.store, spaceId, () => mergeOnHead(ctx, actor, spaceId, id, changeRequestId));
  // The head moved (committed): the search index follows it, here rather than on the next search.
  if (outcome.result === 'merge') await refreshSearchIndexAfterCommit(ctx, spaceId);
  return outcome;
}

/** The merge itself, redone on top of the space's new head while another merge moves it. */
function mergeOnHead(ctx: ServiceContext, actor: Actor, spaceId: string, id: string, changeRequestId: string): Promise<MergeOutcome<'merge'>> {
  return retryWhileHeadsMove(`merge change request ${changeRequestId}`, async () => {
    const changeRequest = await ctx.store.getChangeRequest(spaceId, id);
    if (changeRequest.status === 'merged') throw new QuireError('CONFLICT', `change request ${changeRequest.number} is merged already`, { id });
    if (changeRequest.status === 'archived') throw new QuireError('CONFLICT', `change request ${changeRequest.number} is archived; reopen it (status open or draft) to merge it`, { id });
    const head = (await ctx.store.getSpace(spaceId)).revisionId;
    const base = mergeBaseOf(changeRequest);

    let merged: RevisionSnapshot;
    if (head === base) {
      merged = contentSnapshot(await ctx.store.getRevision(changeRequest.revision));
    } else {
      const sides = await mergeSides(ctx.store, base, head, changeRequest);
      const result = await mergeSnapshots(sides.base, sides.ours, sides.theirs, (ids) => ctx.store.getDocuments(ids));
      if (result.kind === 'conflicts') return { revision: head, result: 'conflicts' as const, conflicts: result.conflicts };
      await storeDocuments(ctx.store, result.documents);
      merged = result.snapshot;
    }
    const revision = await ctx.store.putRevision(spaceId, revisionContentOf(merged, { type: 'merge', parents: [head, changeRequest.revision], mergedFromChangeRequest: id }));
    await moveHeadOrDiscard(ctx.store, revision, () =>
      ctx.store.transaction(async (store) => {
        // The change request's head must still be what was merged, and the space's head what was merged into.
        if (!(await store.setChangeRequestHead(id, changeRequest.revision, changeRequest.revision))) throw new HeadMoved();
        if (!(await store.setSpaceHead(spaceId, head, revision))) throw new HeadMoved();
        await store.markChangeRequestMerged(id, { revisionMerged: revision, mergedBy: actor.user.id });
        await queueSpaceContentUpdated(ctx, spaceId, revision);
        return true;
      }),
    );
    return { revision, result: 'merge' as const };
  });
}

/**
 * The three sides of a merge of a change request with its space, as content snapshots (one object for
 * revisions that are the same, so the merge sees at once which side did not move).
 *
 * @example
 * const { base, ours, theirs } = await mergeSides(store, mergeBaseOf(cr), space.revisionId, cr);
 */
export async function mergeSides(store: Store, base: string, head: string, changeRequest: ChangeRequestRecord): Promise<{ base: RevisionSnapshot; ours: RevisionSnapshot; theirs: RevisionSnapshot }> {
  const cache = new Map<string, Promise<RevisionSnapshot>>();
  const read = (revisionId: string) => {
    let found = cache.get(revisionId);
    if (found === undefined) {
      found = store.getRevision(revisionId).then(contentSnapshot);
      cache.set(revisionId, found);
    }
    return found;
  };
  const [baseSnapshot, ours, theirs] = await Promise.all([read(base), read(head), read(changeRequest.revision)]);
  return { base: baseSnapshot, ours, theirs };
}
