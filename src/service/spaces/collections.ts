import { QuireError } from '../../errors/index.ts';
import { type CollectionPatch, type DefaultLevel, type ListOptions, type Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { absentWhenNotFound, collectionAccess, ContentLevels, requireLevel, requireParent } from '../access/content-access.ts';
import { placeInLevel, rekeySiblings } from '../content/content-position.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedCollection, PublishedList } from '../published-shapes.ts';
import { readAllPages } from '../content/read-all-pages.ts';
import type { ServiceContext } from '../service-context.ts';
import type { ContentMove, DeleteOutcome } from './spaces.ts';
import { toPublishedCollection } from '../to-published.ts';

/** The body of `createCollection`. */
export interface CollectionCreation {
  title?: string;
  /** A collection of the organization to nest it in. */
  parent?: string;
}

/** What `PATCH /v1/collections/{collectionId}` may change. `description: null` removes it. */
export interface CollectionUpdate {
  title?: string;
  description?: string | null;
  defaultLevel?: DefaultLevel;
}

/**
 * Creates a collection (`POST /v1/orgs/{organizationId}/collections`), at the top level or in `parent`, at the
 * end. Needs the `create` or `admin` role, and `create` on the parent.
 *
 * @example
 * const guides = await createCollection(ctx, actor, orgId, { title: 'Guides' });
 */
export async function createCollection(ctx: ServiceContext, actor: Actor, organizationId: string, input: CollectionCreation): Promise<PublishedCollection> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin', 'create'], `create collections in organization ${organizationId}`);
  const levels = new ContentLevels(ctx, access);
  if (input.parent !== undefined) await requireParent(levels, organizationId, input.parent, 'parent');
  const collection = await ctx.store.createCollection({
    organizationId,
    title: input.title ?? 'Untitled',
    ...(input.parent === undefined ? {} : { parentId: input.parent }),
  });
  return toPublishedCollection(collection, await levels.of(collection), ctx.baseUrl);
}

/**
 * A collection the caller may see (`GET /v1/collections/{collectionId}`).
 *
 * @example
 * const collection = await getCollection(ctx, actor, collectionId);
 */
export async function getCollection(ctx: ServiceContext, actor: Actor, collectionId: string): Promise<PublishedCollection> {
  const { collection, level } = await collectionAccess(ctx, actor, collectionId);
  return toPublishedCollection(collection, level, ctx.baseUrl);
}

/**
 * Changes a collection's title, description or default level (`PATCH /v1/collections/{collectionId}`). Needs
 * `admin` on it.
 *
 * @example
 * await updateCollection(ctx, actor, collectionId, { defaultLevel: 'read' });
 */
export async function updateCollection(ctx: ServiceContext, actor: Actor, collectionId: string, update: CollectionUpdate): Promise<PublishedCollection> {
  const { level, levels } = await collectionAccess(ctx, actor, collectionId);
  requireLevel(level, 'admin', `update collection ${collectionId}`);
  const patch: CollectionPatch = {};
  if (update.title !== undefined) patch.title = update.title;
  if (update.description !== undefined) patch.description = update.description;
  if (update.defaultLevel !== undefined) patch.defaultLevel = update.defaultLevel;
  const updated = await ctx.store.updateCollection(collectionId, patch);
  return toPublishedCollection(updated, await new ContentLevels(ctx, levels.access).of(updated), ctx.baseUrl);
}

/**
 * Deletes an empty collection (`DELETE /v1/collections/{collectionId}`): `deleted` (205), or `absent` (204)
 * when the caller sees no collection with that id. `CONFLICT` while it holds collections or spaces (spaces
 * deleted less than 7 days ago count: they can still be restored into it). Needs `admin`.
 *
 * @example
 * await deleteCollection(ctx, actor, collectionId); // → 'deleted'
 */
export async function deleteCollection(ctx: ServiceContext, actor: Actor, collectionId: string): Promise<DeleteOutcome> {
  const found = await absentWhenNotFound(() => collectionAccess(ctx, actor, collectionId));
  if (found === undefined) return 'absent';
  requireLevel(found.level, 'admin', `delete collection ${collectionId}`);
  // Grants name content by id without a foreign key: they go with the collection, in the same transaction.
  return ctx.store.transaction(async (store) => {
    if (!(await store.deleteCollection(collectionId))) return 'absent';
    await store.removeContentPermissions([{ kind: 'collection', id: collectionId }]);
    return 'deleted';
  });
}

/**
 * An organization's collections the caller may see (`GET /v1/orgs/{organizationId}/collections`): with
 * `nested` (the default) every collection, by creation; without, only the top level, in order.
 *
 * @example
 * const top = await listCollections(ctx, actor, orgId, { nested: false });
 */
export async function listCollections(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  filter: { nested?: boolean } = {},
  options: ListOptions = {},
): Promise<PublishedList<PublishedCollection>> {
  const levels = new ContentLevels(ctx, await organizationAccess(ctx, actor, organizationId));
  const page = await ctx.store.listCollections({ organizationId, ...(filter.nested === false ? { parentId: null } : {}) }, options);
  return toPublishedList(page, async (collection) => {
    const level = await levels.of(collection);
    return level === null ? undefined : toPublishedCollection(collection, level, ctx.baseUrl);
  });
}

/**
 * Moves a collection into another collection of its organization or to the top level, and/or among its
 * siblings (`POST /v1/collections/{collectionId}/move`). `CONFLICT` when the destination is the collection
 * itself or inside it. Needs `admin` on it and `create` on the destination.
 *
 * @example
 * await moveCollection(ctx, actor, collectionId, { parent: null, position: { after: { type: 'collection', collection: other } } });
 */
export async function moveCollection(ctx: ServiceContext, actor: Actor, collectionId: string, move: ContentMove): Promise<PublishedCollection> {
  const { collection, level, levels } = await collectionAccess(ctx, actor, collectionId);
  requireLevel(level, 'admin', `move collection ${collectionId}`);
  const parentId = move.parent === undefined ? (collection.parentId ?? null) : move.parent;
  if (parentId !== null) {
    await requireParent(levels, collection.organizationId, parentId, 'parent');
    for (let cursor: string | undefined = parentId; cursor !== undefined; cursor = (await levels.collection(cursor)).parentId) {
      if (cursor === collectionId) {
        throw new QuireError('CONFLICT', `collection ${collectionId} cannot move into itself or one of its descendants (${parentId})`, { field: 'parent' });
      }
    }
  }
  const patch: CollectionPatch = { parentId };
  const moved = await ctx.store.transaction(async (store) => {
    if (move.position !== undefined) {
      const placement = await placeInLevel(store, { organizationId: collection.organizationId, parentId }, { kind: 'collection', id: collectionId }, move.position);
      await rekeySiblings(store, placement);
      patch.position = placement.position;
    }
    return store.updateCollection(collectionId, patch);
  });
  return toPublishedCollection(moved, await new ContentLevels(ctx, levels.access).of(moved), ctx.baseUrl);
}

/**
 * Transfers a collection, with the collections and live spaces inside it, to the top level of another
 * organization (`POST /v1/collections/{collectionId}/transfer`), in one transaction. Needs `admin` on the
 * collection and the `admin` role in the target; `CONFLICT` when it is there already.
 *
 * @example
 * await transferCollection(ctx, actor, collectionId, otherOrgId);
 */
export async function transferCollection(ctx: ServiceContext, actor: Actor, collectionId: string, organizationId: string): Promise<PublishedCollection> {
  const { collection, level } = await collectionAccess(ctx, actor, collectionId);
  requireLevel(level, 'admin', `transfer collection ${collectionId}`);
  if (organizationId === collection.organizationId) {
    throw new QuireError('CONFLICT', `collection ${collectionId} is already in organization ${organizationId}`, { field: 'organization' });
  }
  const target = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(target, ['admin'], `transfer collection ${collectionId} into organization ${organizationId}`);
  const moved = await ctx.store.transaction(async (store) => {
    const subtree = await readSubtree(store, collection.organizationId, collectionId);
    const top = await store.updateCollection(collectionId, { organizationId, parentId: null });
    // Parents before children, so each child's parent is in the target organization when it moves.
    for (const child of subtree.collections) await store.updateCollection(child.id, { organizationId, parentId: child.parentId });
    for (const space of subtree.spaces) await store.updateSpace(space.id, { organizationId, parentId: space.parentId });
    // Grants are for members and teams of the organization it leaves.
    await store.removeContentPermissions([
      { kind: 'collection', id: collectionId },
      ...subtree.collections.map((child) => ({ kind: 'collection' as const, id: child.id })),
      ...subtree.spaces.map((space) => ({ kind: 'space' as const, id: space.id })),
    ]);
    return top;
  });
  return toPublishedCollection(moved, await new ContentLevels(ctx, target).of(moved), ctx.baseUrl);
}

/** The collections (parents first) and live spaces below a collection. */
async function readSubtree(store: Store, organizationId: string, rootId: string): Promise<{ collections: { id: string; parentId: string }[]; spaces: { id: string; parentId: string }[] }> {
  const collections: { id: string; parentId: string }[] = [];
  const spaces: { id: string; parentId: string }[] = [];
  for (const queue = [rootId]; queue.length > 0; ) {
    const parentId = queue.shift()!;
    for (const child of await readAllPages((options) => store.listCollections({ organizationId, parentId }, options))) {
      collections.push({ id: child.id, parentId });
      queue.push(child.id);
    }
    for (const space of await readAllPages((options) => store.listSpaces({ organizationId, parentId }, options))) spaces.push({ id: space.id, parentId });
  }
  return { collections, spaces };
}
