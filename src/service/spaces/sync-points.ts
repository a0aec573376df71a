/**
 * Sync points (docs/api-extensions.md `sync-points`): for each repository and branch that syncs a space, the
 * revision and the commit they last agreed on. A space synced from several repositories keeps one per
 * repository and branch, so a sync from one never moves another's.
 */
import type { SyncPointRecord } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { requireLevel, spaceAccess } from '../access/content-access.ts';
import { revisionOfSpace } from './open-content.ts';
import type { ServiceContext } from '../service-context.ts';

/** A sync point as the API shows it. */
export interface PublishedSyncPoint {
  object: 'sync-point';
  /** Who syncs: the repository's identity as the client gives it (Quire's sync: the branch's root commit). */
  repository: string;
  /** The full ref: `refs/heads/main`. */
  ref: string;
  /** The space's revision... */
  revision: string;
  /** ...and the commit it equals, but for these paths of the synced folder (files the space refused); absent: not known. */
  commit: string;
  missing?: string[];
  recordedAt: string;
}

/** What a client records. */
export interface SyncPointBody {
  repository: string;
  ref: string;
  revision: string;
  commit: string;
  /** The paths of the commit's synced folder the revision lacks (files the space refused). */
  missing?: string[] | undefined;
  /**
   * Extension `sync-point-git`: the revision's `git` is recorded too, with `commit` as its `oid` and `ref`, in the
   * same request (what sync otherwise records with `PUT .../revisions/{revisionId}/git` just before).
   */
  git?: { message: string; createdByGitBook: boolean; url?: string | undefined } | undefined;
}

/**
 * Every sync point of a space, newest first (`GET /v1/spaces/{spaceId}/sync-points`).
 *
 * @example
 * const { items } = await listSyncPoints(ctx, actor, spaceId);
 */
export async function listSyncPoints(ctx: ServiceContext, actor: Actor, spaceId: string): Promise<{ items: PublishedSyncPoint[] }> {
  await spaceAccess(ctx, actor, spaceId);
  return { items: (await ctx.store.listSyncPoints(spaceId)).map(toPublishedSyncPoint) };
}

/**
 * Records the sync point of a repository and ref (`PUT /v1/spaces/{spaceId}/sync-points`), replacing the one
 * they had; with `git`, the revision's Git commit first (`sync-point-git`). The revision must be the space's.
 * Needs `edit`.
 *
 * @example
 * await setSyncPoint(ctx, actor, spaceId, { repository: root, ref: 'refs/heads/main', revision, commit });
 */
export async function setSyncPoint(ctx: ServiceContext, actor: Actor, spaceId: string, body: SyncPointBody): Promise<PublishedSyncPoint> {
  const { level } = await spaceAccess(ctx, actor, spaceId);
  requireLevel(level, 'edit', `record sync points of space ${spaceId}`);
  await revisionOfSpace(ctx, spaceId, body.revision);
  if (body.git !== undefined) {
    const { message, createdByGitBook, url } = body.git;
    await ctx.store.setRevisionGit(body.revision, { oid: body.commit, message, createdByGitBook, ...(url === undefined ? {} : { url }), ref: body.ref });
  }
  const record = await ctx.store.setSyncPoint({ spaceId, repository: body.repository, ref: body.ref, revisionId: body.revision, commit: body.commit, missing: body.missing === undefined ? undefined : [...new Set(body.missing)].sort() });
  return toPublishedSyncPoint(record);
}

function toPublishedSyncPoint(record: SyncPointRecord): PublishedSyncPoint {
  return {
    object: 'sync-point',
    repository: record.repository,
    ref: record.ref,
    revision: record.revisionId,
    commit: record.commit,
    ...(record.missing === undefined ? {} : { missing: record.missing }),
    recordedAt: record.recordedAt,
  };
}
