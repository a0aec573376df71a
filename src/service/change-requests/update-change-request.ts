import { mergeSnapshots } from '../../content/index.ts';
import { QuireError } from '../../errors/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import { moveHeadOrDiscard, retryWhileHeadsMove } from './head-race.ts';
import { mergeBaseOf } from './merge-base.ts';
import { mergeSides, type MergeOutcome } from './merge-change-request.ts';
import type { ServiceContext } from '../service-context.ts';
import { revisionContentOf, storeDocuments } from '../content/stored-content.ts';

/**
 * Brings a change request up to date with its space (`POST .../change-requests/{changeRequestId}/update`):
 * the same three-way merge as `mergeChangeRequest` (base = the revision the change request is based on, ours =
 * the space's head, theirs = the change request's head), whose result becomes the change request's head: an
 * `update` revision (parents: the change request's head, then the space's), or the space's head itself when the
 * change request changed nothing. `revisionMergedAncestor` becomes the space's head, so the change request is
 * no longer `outdated` and its next merge starts from there. Already up to date: answered at once, nothing
 * written. Conflicts: `conflicts`, nothing changed. The head moves by compare-and-set, redone when an edit
 * moved it meanwhile. Needs `edit` on an unlocked space; a merged change request answers `CONFLICT`.
 *
 * @example
 * const { result } = await updateChangeRequestFromSpace(ctx, actor, spaceId, '1'); // → 'update'
 */
export async function updateChangeRequestFromSpace(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string): Promise<MergeOutcome<'update'>> {
  const access = await spaceAccess(ctx, actor, spaceId);
  requireEditable(access, `update change requests of space ${spaceId}`);
  const { id } = await ctx.store.getChangeRequest(spaceId, changeRequestId);

  return retryWhileHeadsMove(`update change request ${changeRequestId}`, async () => {
    const changeRequest = await ctx.store.getChangeRequest(spaceId, id);
    if (changeRequest.status === 'merged') throw new QuireError('CONFLICT', `change request ${changeRequest.number} is merged; there is nothing to update`, { id });
    const head = (await ctx.store.getSpace(spaceId)).revisionId;
    const base = mergeBaseOf(changeRequest);
    if (head === base) return { revision: changeRequest.revision, result: 'update' as const };

    const sides = await mergeSides(ctx.store, base, head, changeRequest);
    const result = await mergeSnapshots(sides.base, sides.ours, sides.theirs, (ids) => ctx.store.getDocuments(ids));
    if (result.kind === 'conflicts') return { revision: changeRequest.revision, result: 'conflicts' as const, conflicts: result.conflicts };
    await storeDocuments(ctx.store, result.documents);
    const fastForward = result.snapshot === sides.ours;
    const next = fastForward ? head : await ctx.store.putRevision(spaceId, revisionContentOf(result.snapshot, { type: 'update', parents: [changeRequest.revision, head] }));
    const moveHead = () => ctx.store.setChangeRequestHead(id, changeRequest.revision, next, { revisionMergedAncestor: head });
    const moved = fastForward ? await moveHead() : await moveHeadOrDiscard(ctx.store, next, moveHead);
    return moved ? { revision: next, result: 'update' as const } : undefined;
  });
}
