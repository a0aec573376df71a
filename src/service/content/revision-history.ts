import type { GitSyncCommit } from '@gitbook/api';
import type { ListOptions, RevisionInfo } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { requireLevel, spaceAccess } from '../access/content-access.ts';
import { toPublishedList } from '../list-page.ts';
import { revisionOfSpace } from '../spaces/open-content.ts';
import type { PublishedGitCommit, PublishedRevisionInfo } from './published-content-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * A space's revisions, newest first, without their content (Quire's `GET /v1/spaces/{spaceId}/revisions`,
 * docs/api-extensions.md `revision-history`): every revision, the change requests' too. The space's own
 * history is the chain of first parents from its head; a `merge` revision names the change request it merged.
 *
 * @example
 * const { items } = await listSpaceRevisions(ctx, actor, spaceId, { limit: 100 });
 * items[0].id === space.revision // → true, after a merge
 */
export async function listSpaceRevisions(ctx: ServiceContext, actor: Actor, spaceId: string, options: ListOptions = {}): Promise<PublishedList<PublishedRevisionInfo>> {
  await spaceAccess(ctx, actor, spaceId);
  return toPublishedList(await ctx.store.listRevisions(spaceId, { order: 'desc' }, options), toPublishedRevisionInfo);
}

/**
 * Records the Git commit a revision corresponds to (Quire's `PUT .../revisions/{revisionId}/git`): the
 * revision's only mutable part, which `metadata=false` leaves out. Setting it again replaces it. Needs `edit`.
 *
 * @example
 * await setRevisionGit(ctx, actor, spaceId, revisionId, { oid: 'c0ffee…', message: 'Import', createdByGitBook: false });
 */
export async function setRevisionGit(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string, git: PublishedGitCommit): Promise<PublishedRevisionInfo> {
  const { level } = await spaceAccess(ctx, actor, spaceId);
  requireLevel(level, 'edit', `record the Git commit of revisions of space ${spaceId}`);
  await revisionOfSpace(ctx, spaceId, revisionId);
  const commit: GitSyncCommit = {
    oid: git.oid,
    message: git.message,
    createdByGitBook: git.createdByGitBook,
    ...(git.url === undefined ? {} : { url: git.url }),
    ...(git.ref === undefined ? {} : { ref: git.ref }),
  };
  return toPublishedRevisionInfo(await ctx.store.setRevisionGit(revisionId, commit));
}

/**
 * A revision's record as Quire's `revision-info`.
 *
 * @example
 * toPublishedRevisionInfo(await store.getRevisionInfo(id)).object // → 'revision-info'
 */
export function toPublishedRevisionInfo(info: RevisionInfo): PublishedRevisionInfo {
  return {
    object: 'revision-info',
    id: info.id,
    type: info.type,
    parents: [...info.parents],
    createdAt: info.createdAt,
    ...(info.git === undefined ? {} : { git: { ...info.git } }),
    ...(info.mergedFromChangeRequest === undefined ? {} : { mergedFrom: info.mergedFromChangeRequest }),
  };
}
