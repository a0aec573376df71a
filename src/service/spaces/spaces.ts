import { QuireError, isQuireError } from '../../errors/index.ts';
import { spaceRetentionMs, type DefaultLevel, type EditMode, type ListOptions, type SpacePatch, type Visibility } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { absentWhenNotFound, collectionAccess, ContentLevels, requireLevel, requireParent, spaceAccess, type SpaceAccess } from '../access/content-access.ts';
import { placeInLevel, rekeySiblings, type ContentPosition } from '../content/content-position.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedList, PublishedSpace } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { toPublishedSpace } from '../to-published.ts';
import { refreshSearchIndexAfterCommit } from '../search/search.ts';

/** The body of `createSpace` that Quire uses. A new space starts with an empty first revision. */
export interface SpaceCreation {
  title?: string;
  emoji?: string;
  /** A collection of the organization. */
  parent?: string;
  editMode?: EditMode;
}

/** What `PATCH /v1/spaces/{spaceId}` may change. `emoji: null` removes the emoji. */
export interface SpaceUpdate {
  title?: string;
  emoji?: string | null;
  editMode?: EditMode;
  defaultLevel?: DefaultLevel;
  visibility?: Visibility;
}

/** Where to move a space or collection: another parent (null: the top level), a place among siblings, or both. */
export interface ContentMove {
  parent?: string | null;
  position?: ContentPosition;
}

/** What a delete did: `deleted` (205), or `absent`: nothing the caller can see had that id (204). */
export type DeleteOutcome = 'deleted' | 'absent';

const untitled = 'Untitled';

/**
 * Creates a space in an organization (`POST /v1/orgs/{organizationId}/spaces`), at the end of its level. Needs
 * the `create` or `admin` role, and the `create` level on the parent collection when one is given.
 *
 * @example
 * const space = await createSpace(ctx, actor, orgId, { title: 'Handbook', emoji: '📘' });
 */
export async function createSpace(ctx: ServiceContext, actor: Actor, organizationId: string, input: SpaceCreation): Promise<PublishedSpace> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin', 'create'], `create spaces in organization ${organizationId}`);
  const levels = new ContentLevels(ctx, access);
  if (input.parent !== undefined) await requireParent(levels, organizationId, input.parent, 'parent');
  const space = await ctx.store.createSpace({
    organizationId,
    title: input.title ?? untitled,
    ...(input.emoji === undefined ? {} : { emoji: input.emoji }),
    ...(input.parent === undefined ? {} : { parentId: input.parent }),
    ...(input.editMode === undefined ? {} : { editMode: input.editMode }),
  });
  await refreshSearchIndexAfterCommit(ctx, space.id);
  return toPublishedSpace(space, await levels.of(space), ctx.baseUrl);
}

/**
 * A space the caller may see (`GET /v1/spaces/{spaceId}`).
 *
 * @example
 * const space = await getSpace(ctx, actor, spaceId);
 */
export async function getSpace(ctx: ServiceContext, actor: Actor, spaceId: string): Promise<PublishedSpace> {
  const { space, level } = await spaceAccess(ctx, actor, spaceId);
  return toPublishedSpace(space, level, ctx.baseUrl);
}

/**
 * Changes a space's title, emoji, edit mode, default level or visibility (`PATCH /v1/spaces/{spaceId}`). Needs
 * the `admin` level on the space.
 *
 * @example
 * await updateSpace(ctx, actor, spaceId, { title: 'Guides', editMode: 'locked' });
 */
export async function updateSpace(ctx: ServiceContext, actor: Actor, spaceId: string, update: SpaceUpdate): Promise<PublishedSpace> {
  const { space, level, levels } = await spaceAccess(ctx, actor, spaceId);
  requireLevel(level, 'admin', `update space ${spaceId}`);
  if (update.visibility === 'in-collection' && space.parentId === undefined) {
    throw new QuireError('INVALID_ARGUMENT', 'visibility in-collection is only for spaces in a collection, and this space is at the top level', { field: 'visibility' });
  }
  const patch: SpacePatch = {};
  if (update.title !== undefined) patch.title = update.title;
  if (update.emoji !== undefined) patch.emoji = update.emoji ?? '';
  if (update.editMode !== undefined) patch.editMode = update.editMode;
  if (update.defaultLevel !== undefined) patch.defaultLevel = update.defaultLevel;
  if (update.visibility !== undefined) patch.visibility = update.visibility;
  const updated = await ctx.store.updateSpace(spaceId, patch);
  return toPublishedSpace(updated, await levels.of(updated), ctx.baseUrl);
}

/**
 * Soft-deletes a space (`DELETE /v1/spaces/{spaceId}`): it leaves every list, can be restored for 7 days and
 * is then gone for good. `absent` when there is no live space with that id that the caller can see (deleting
 * twice, another organization's id), so deletes are idempotent and ids cannot be probed. Needs `admin`.
 *
 * @example
 * const outcome = await deleteSpace(ctx, actor, spaceId); // → 'deleted'
 */
export async function deleteSpace(ctx: ServiceContext, actor: Actor, spaceId: string): Promise<DeleteOutcome> {
  const found = await absentWhenNotFound(() => spaceAccess(ctx, actor, spaceId));
  if (found === undefined) return 'absent';
  requireLevel(found.level, 'admin', `delete space ${spaceId}`);
  // A deleted space leaves every site that showed it, in the same transaction.
  return ctx.store.transaction(async (tx) => {
    await tx.removeSpaceFromSites(spaceId);
    return (await tx.deleteSpace(spaceId)) ? 'deleted' : 'absent';
  });
}

/**
 * Restores a space deleted less than 7 days ago (`POST /v1/spaces/{spaceId}/restore`); a live space is
 * answered as it is. After 7 days the space is gone: `NOT_FOUND`. Needs `admin`. A space whose collection was
 * deleted or transferred meanwhile comes back at the top level of its organization.
 *
 * @example
 * const space = await restoreSpace(ctx, actor, spaceId);
 */
export async function restoreSpace(ctx: ServiceContext, actor: Actor, spaceId: string): Promise<PublishedSpace> {
  const expired = (cause?: unknown) =>
    new QuireError('NOT_FOUND', `space ${spaceId} does not exist, or was deleted more than 7 days ago`, { kind: 'space', id: spaceId }, { cause });
  let access: SpaceAccess;
  try {
    access = await spaceAccess(ctx, actor, spaceId, { includeDeleted: true });
  } catch (error) {
    throw isQuireError(error, 'NOT_FOUND') ? expired(error) : error;
  }
  requireLevel(access.level, 'admin', `restore space ${spaceId}`);
  const { deletedAt } = access.space;
  if (deletedAt === undefined) return toPublishedSpace(access.space, access.level, ctx.baseUrl);
  if (Date.parse(deletedAt) + spaceRetentionMs <= ctx.clock().getTime()) throw expired();
  let restored = await ctx.store.restoreSpace(spaceId);
  if (restored.parentId !== undefined) {
    const parent = await ctx.store.getCollection(restored.parentId).catch(() => undefined);
    if (parent === undefined || parent.organizationId !== restored.organizationId) {
      restored = await ctx.store.updateSpace(spaceId, { parentId: null, ...(restored.visibility === 'in-collection' ? { visibility: 'private' as const } : {}) });
    }
  }
  return toPublishedSpace(restored, await access.levels.of(restored), ctx.baseUrl);
}

/**
 * Copies a space (`POST /v1/spaces/{spaceId}/duplicate`): a new space next to it, titled "<title> (copy)",
 * whose first revision has the same content. Content is content-addressed, so the copy shares every stored
 * object with the original and writes almost nothing. Change requests and history are not copied. Needs to see
 * the space, and the `create` or `admin` role in its organization.
 *
 * @example
 * const copy = await duplicateSpace(ctx, actor, spaceId); // copy.revision !== original.revision, same pages
 */
export async function duplicateSpace(ctx: ServiceContext, actor: Actor, spaceId: string): Promise<PublishedSpace> {
  const { space, levels } = await spaceAccess(ctx, actor, spaceId);
  requireOrganizationRole(levels.access, ['admin', 'create'], `duplicate space ${spaceId}`);
  const revision = await ctx.store.getRevision(space.revisionId);
  const copy = await ctx.store.createSpace({
    organizationId: space.organizationId,
    ...(space.parentId === undefined ? {} : { parentId: space.parentId }),
    title: copyTitle(space.title),
    emoji: space.emoji,
    visibility: space.visibility,
    ...(space.editMode === undefined ? {} : { editMode: space.editMode }),
    defaultLevel: space.defaultLevel,
    content: {
      pages: revision.pages,
      files: revision.files,
      reusableContents: revision.reusableContents,
      tags: revision.tags,
      ...(revision.variables === undefined ? {} : { variables: revision.variables }),
      source: revision.source,
    },
  });
  await refreshSearchIndexAfterCommit(ctx, copy.id);
  return toPublishedSpace(copy, await levels.of(copy), ctx.baseUrl);
}

/**
 * Moves a space to another collection of its organization, or to the top level (`parent: null`), and/or to a
 * place among its siblings (`POST /v1/spaces/{spaceId}/move`). Without a position it goes to the end. Needs
 * `admin` on the space and `create` on the destination collection.
 *
 * @example
 * await moveSpace(ctx, actor, spaceId, { parent: collectionId, position: { before: { type: 'space', space: other } } });
 */
export async function moveSpace(ctx: ServiceContext, actor: Actor, spaceId: string, move: ContentMove): Promise<PublishedSpace> {
  const { space, level, levels } = await spaceAccess(ctx, actor, spaceId);
  requireLevel(level, 'admin', `move space ${spaceId}`);
  const parentId = move.parent === undefined ? (space.parentId ?? null) : move.parent;
  if (parentId !== null) await requireParent(levels, space.organizationId, parentId, 'parent');
  const patch: SpacePatch = { parentId };
  if (parentId === null && space.visibility === 'in-collection') patch.visibility = 'private';
  const moved = await ctx.store.transaction(async (store) => {
    if (move.position !== undefined) {
      const placement = await placeInLevel(store, { organizationId: space.organizationId, parentId }, { kind: 'space', id: spaceId }, move.position);
      await rekeySiblings(store, placement);
      patch.position = placement.position;
    }
    return store.updateSpace(spaceId, patch);
  });
  return toPublishedSpace(moved, await levels.of(moved), ctx.baseUrl);
}

/**
 * Transfers a space to the top level of another organization (`POST /v1/spaces/{spaceId}/transfer`, a seed
 * operation the published spec lacks). Needs `admin` on the space and the `admin` role in the target
 * organization; an organization the caller is not in answers `NOT_FOUND`, the space's own `CONFLICT`.
 *
 * @example
 * await transferSpace(ctx, actor, spaceId, otherOrgId);
 */
export async function transferSpace(ctx: ServiceContext, actor: Actor, spaceId: string, organizationId: string): Promise<PublishedSpace> {
  const { space, level } = await spaceAccess(ctx, actor, spaceId);
  requireLevel(level, 'admin', `transfer space ${spaceId}`);
  if (organizationId === space.organizationId) {
    throw new QuireError('CONFLICT', `space ${spaceId} is already in organization ${organizationId}`, { field: 'organization' });
  }
  const target = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(target, ['admin'], `transfer space ${spaceId} into organization ${organizationId}`);
  // A space that leaves the organization leaves its sites too.
  const moved = await ctx.store.transaction(async (tx) => {
    await tx.removeSpaceFromSites(spaceId);
    // Grants are for members and teams of the organization it leaves.
    await tx.removeContentPermissions([{ kind: 'space', id: spaceId }]);
    return tx.updateSpace(spaceId, { organizationId, ...(space.visibility === 'in-collection' ? { visibility: 'private' as const } : {}) });
  });
  return toPublishedSpace(moved, await new ContentLevels(ctx, target).of(moved), ctx.baseUrl);
}

/**
 * The live spaces of an organization the caller may see, by creation (`GET /v1/orgs/{organizationId}/spaces`).
 *
 * @example
 * const { items, next } = await listSpacesInOrganization(ctx, actor, orgId, { limit: 100 });
 */
export async function listSpacesInOrganization(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<PublishedSpace>> {
  const levels = new ContentLevels(ctx, await organizationAccess(ctx, actor, organizationId));
  const page = await ctx.store.listSpaces({ organizationId }, options);
  return toPublishedList(page, async (space) => {
    const level = await levels.of(space);
    return level === null ? undefined : toPublishedSpace(space, level, ctx.baseUrl);
  });
}

/**
 * The live spaces directly in a collection, in their order (`GET /v1/collections/{collectionId}/spaces`).
 *
 * @example
 * const { items } = await listSpacesInCollection(ctx, actor, collectionId);
 */
export async function listSpacesInCollection(ctx: ServiceContext, actor: Actor, collectionId: string, options: ListOptions = {}): Promise<PublishedList<PublishedSpace>> {
  const { collection, levels } = await collectionAccess(ctx, actor, collectionId);
  const page = await ctx.store.listSpaces({ organizationId: collection.organizationId, parentId: collection.id }, options);
  return toPublishedList(page, async (space) => {
    const level = await levels.of(space);
    return level === null ? undefined : toPublishedSpace(space, level, ctx.baseUrl);
  });
}

/**
 * Removes for good the spaces deleted 7 days ago or more (run it now and then; `quire serve` does, hourly).
 * Returns how many.
 *
 * @example
 * await purgeExpiredSpaces(ctx); // → 0
 */
export async function purgeExpiredSpaces(ctx: Pick<ServiceContext, 'store'>): Promise<number> {
  // Grants name content by id without a foreign key: they go with the spaces, in the same transaction.
  return ctx.store.transaction(async (store) => {
    const purged = await store.purgeDeletedSpaces();
    await store.removeGrantsOfPurgedSpaces();
    return purged;
  });
}

function copyTitle(title: string): string {
  const suffix = ' (copy)';
  const characters = [...title];
  return characters.length + suffix.length <= 50 ? `${title}${suffix}` : `${characters.slice(0, 50 - suffix.length).join('')}${suffix}`;
}
