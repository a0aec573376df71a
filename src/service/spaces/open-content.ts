import { QuireError } from '../../errors/index.ts';
import type { ChangeRequestRecord, RevisionInfo, StoredRevision } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess, type SpaceAccess } from '../access/content-access.ts';
import type { ContentLocation } from '../content/content-location.ts';
import type { ServiceContext } from '../service-context.ts';

/** Content opened for reading: the caller's access to the space, the revision, and the change request it came from. */
export interface OpenedContent {
  access: SpaceAccess;
  revision: StoredRevision;
  /** The location, with a change request named by its id (not its number). */
  location: ContentLocation;
  changeRequest?: ChangeRequestRecord;
}

/**
 * Opens the content at `location` in a space the caller may see: the space's current revision, a change
 * request's head, or a revision of that space. `NOT_FOUND` for a change request or revision of another space.
 *
 * @example
 * const { revision } = await openContent(ctx, actor, spaceId, changeRequestContent('2'));
 */
export async function openContent(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation): Promise<OpenedContent> {
  const access = await spaceAccess(ctx, actor, spaceId);
  switch (location.kind) {
    case 'space':
      return { access, location, revision: await ctx.store.getRevision(access.space.revisionId) };
    case 'change-request': {
      const changeRequest = await ctx.store.getChangeRequest(spaceId, location.changeRequestId);
      return { access, changeRequest, location: { kind: 'change-request', changeRequestId: changeRequest.id }, revision: await ctx.store.getRevision(changeRequest.revision) };
    }
    case 'revision':
      await revisionOfSpace(ctx, spaceId, location.revisionId);
      return { access, location, revision: await ctx.store.getRevision(location.revisionId) };
  }
}

/**
 * A revision's record, when it is a revision of the space; `NOT_FOUND` otherwise (another space's revisions
 * are not shown through this one).
 *
 * @example
 * const info = await revisionOfSpace(ctx, spaceId, revisionId);
 */
export async function revisionOfSpace(ctx: ServiceContext, spaceId: string, revisionId: string): Promise<RevisionInfo> {
  const info = await ctx.store.getRevisionInfo(revisionId);
  if (info.space !== spaceId) throw new QuireError('NOT_FOUND', `revision ${revisionId} does not exist in space ${spaceId}`, { kind: 'revision', id: revisionId });
  return info;
}
