import { QuireError, isQuireError } from '../errors/index.ts';
import type { CollectionRecord, DefaultLevel, Role, SpaceRecord } from '../store/index.ts';
import type { Actor } from './actor.ts';
import { organizationAccess, type OrganizationAccess } from './organization-access.ts';
import { atLeast } from './role-rank.ts';
import type { ServiceContext } from './service-context.ts';

/*
 * Who may do what with a space or a collection. The level a member has on a piece of content is:
 * - `admin` for the organization's admins, everywhere;
 * - nothing for guests (role null): Quire has no per-content invitations yet;
 * - otherwise the content's `defaultLevel` ("the level every member of the organization gets"), where
 *   `inherit` means the parent collection's level, and at the top of the organization the member's own role.
 *   A `defaultLevel` of null hides the content from everyone but the admins.
 * Content the actor has no level on answers NOT_FOUND, like content that does not exist; content it sees but
 * may not change answers PERMISSION_DENIED.
 */

/** Resolves content levels for one actor in one organization, remembering the collections it reads. */
export class ContentLevels {
  readonly #ctx: ServiceContext;
  readonly #collections = new Map<string, CollectionRecord>();
  readonly access: OrganizationAccess;

  constructor(ctx: ServiceContext, access: OrganizationAccess) {
    this.#ctx = ctx;
    this.access = access;
  }

  /**
   * The actor's level on a space or collection of this organization (null: none).
   *
   * @example
   * const level = await levels.of(space); // → 'read'
   */
  async of(content: { defaultLevel: DefaultLevel; parentId?: string }): Promise<Role | null> {
    const role = this.access.role;
    if (role === 'admin') return 'admin';
    if (role === null) return null;
    let level = content.defaultLevel;
    let parent = content.parentId;
    const seen = new Set<string>();
    while (level === 'inherit') {
      if (parent === undefined || seen.has(parent)) return role;
      seen.add(parent);
      const collection = await this.collection(parent);
      level = collection.defaultLevel;
      parent = collection.parentId;
    }
    return level;
  }

  /**
   * A collection by id, read once per instance.
   *
   * @example
   * const parent = await levels.collection(space.parentId);
   */
  async collection(id: string): Promise<CollectionRecord> {
    let found = this.#collections.get(id);
    if (found === undefined) {
      found = await this.#ctx.store.getCollection(id);
      this.#collections.set(id, found);
    }
    return found;
  }
}

/** A space the actor may see, with its level on it. */
export interface SpaceAccess {
  space: SpaceRecord;
  level: Role;
  levels: ContentLevels;
}

/** A collection the actor may see, with its level on it. */
export interface CollectionAccess {
  collection: CollectionRecord;
  level: Role;
  levels: ContentLevels;
}

/**
 * A space the actor may see (with `includeDeleted`, also one deleted less than 7 days ago), or `NOT_FOUND`.
 *
 * @example
 * const { space, level } = await spaceAccess(ctx, actor, spaceId);
 */
export async function spaceAccess(ctx: ServiceContext, actor: Actor, spaceId: string, options: { includeDeleted?: boolean } = {}): Promise<SpaceAccess> {
  const space = await ctx.store.getSpace(spaceId, options);
  const levels = new ContentLevels(ctx, await hidden(() => organizationAccess(ctx, actor, space.organizationId), 'space', spaceId));
  const level = await levels.of(space);
  if (level === null) throw contentNotFound('space', spaceId);
  return { space, level, levels };
}

/**
 * A collection the actor may see, or `NOT_FOUND`.
 *
 * @example
 * const { collection, level } = await collectionAccess(ctx, actor, collectionId);
 */
export async function collectionAccess(ctx: ServiceContext, actor: Actor, collectionId: string): Promise<CollectionAccess> {
  const collection = await ctx.store.getCollection(collectionId);
  const levels = new ContentLevels(ctx, await hidden(() => organizationAccess(ctx, actor, collection.organizationId), 'collection', collectionId));
  const level = await levels.of(collection);
  if (level === null) throw contentNotFound('collection', collectionId);
  return { collection, level, levels };
}

/**
 * `PERMISSION_DENIED` unless `level` includes `needed`.
 *
 * @example
 * requireLevel(access.level, 'admin', 'delete space sp1');
 */
export function requireLevel(level: Role | null, needed: Role, action: string): void {
  if (atLeast(level, needed)) return;
  throw new QuireError('PERMISSION_DENIED', `you may not ${action}: it needs the ${needed} level, and yours is ${level ?? 'none'}`, { level, needed });
}

/**
 * The `NOT_FOUND` answered for content that does not exist or that the actor may not see.
 *
 * @example
 * throw contentNotFound('space', spaceId);
 */
export function contentNotFound(kind: 'space' | 'collection', id: string): QuireError {
  return new QuireError('NOT_FOUND', `${kind} ${id} does not exist`, { kind, id });
}

/**
 * Checks that a collection can receive content from the caller: in the organization, visible, with the
 * `create` level. `NOT_FOUND` (naming `field`) otherwise, `PERMISSION_DENIED` without `create`.
 *
 * @example
 * await requireParent(levels, orgId, collectionId, 'parent');
 */
export async function requireParent(levels: ContentLevels, organizationId: string, collectionId: string, field: string): Promise<void> {
  const notFound = () => new QuireError('NOT_FOUND', `${field}: collection ${collectionId} does not exist in organization ${organizationId}`, { field, kind: 'collection', id: collectionId });
  const collection = await levels.collection(collectionId).catch((error: unknown) => {
    throw isQuireError(error, 'NOT_FOUND') ? notFound() : error;
  });
  if (collection.organizationId !== organizationId) throw notFound();
  const level = await levels.of(collection);
  if (level === null) throw notFound();
  requireLevel(level, 'create', `add content to collection ${collectionId}`);
}

/**
 * Turns `NOT_FOUND` into undefined (for idempotent deletes).
 *
 * @example
 * const found = await absentWhenNotFound(() => spaceAccess(ctx, actor, id));
 */
export async function absentWhenNotFound<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  }
}

async function hidden<T>(fn: () => Promise<T>, kind: 'space' | 'collection', id: string): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) throw contentNotFound(kind, id);
    throw error;
  }
}
