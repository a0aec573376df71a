import { QuireError, isQuireError } from '../../errors/index.ts';
import type { CollectionRecord, ContentKind, DefaultLevel, ReachingGrant, Role, SpaceRecord } from '../../store/index.ts';
import type { Actor } from './actor.ts';
import { organizationAccess, type OrganizationAccess } from './organization-access.ts';
import { atLeast, higherLevel } from './role-rank.ts';
import type { ServiceContext } from '../service-context.ts';

/*
 * Who may do what with a space or a collection. The level a member has on a piece of content is the highest of:
 * - `admin`, for the organization's admins, everywhere;
 * - the default level, for members with a role (not guests): the content's `defaultLevel` ("the level every
 *   member of the organization gets"), where `inherit` means the parent collection's level, and at the top of
 *   the organization the member's own role. A `defaultLevel` of null gives nothing by default;
 * - the explicit grants (inviteToSpace, inviteToCollection, ...): the member's own on the content, its teams'
 *   on it, and those on every collection above it (a grant on a collection reaches all that is inside).
 * Guests (role null) get only the explicit grants, theirs or their teams'. Content the actor has no level on
 * answers NOT_FOUND, like content that does not exist; content it sees but may not change answers
 * PERMISSION_DENIED. Every route reads levels through `ContentLevels`, so lists, sites and the `permissions`
 * objects say what the API lets the caller do.
 */

/** A space or collection whose level is asked. */
export type LeveledContent = SpaceRecord | CollectionRecord;

/** One step of the way from a content to the top of its organization: the content itself, then each parent. */
export interface LevelStep {
  defaultLevel: DefaultLevel;
  /** The best explicit grant that reaches the member on this step (its own or its teams'), or null. */
  granted: Role | null;
}

/**
 * The level a member with `role` (null: a guest) has on content, from the steps from it to the top of the
 * organization, nearest first (the content, its collection, that collection's parent, ...). The pure rule of
 * `ContentLevels.of`.
 *
 * @example
 * effectiveLevel('read', [{ defaultLevel: 'inherit', granted: null }, { defaultLevel: 'edit', granted: null }]) // → 'edit'
 * effectiveLevel(null, [{ defaultLevel: 'admin', granted: null }, { defaultLevel: 'inherit', granted: 'read' }]) // → 'read'
 */
export function effectiveLevel(role: Role | null, steps: readonly LevelStep[]): Role | null {
  if (role === 'admin') return 'admin';
  let level: Role | null = null;
  for (const step of steps) level = higherLevel(level, step.granted);
  if (role === null) return level;
  const decided = steps.find((step) => step.defaultLevel !== 'inherit');
  const byDefault = decided === undefined ? role : (decided.defaultLevel as Role | null);
  return higherLevel(level, byDefault);
}

/**
 * Whether a record is a space or a collection (spaces have a head revision, collections none).
 *
 * @example
 * contentKindOf(space) // → 'space'
 */
export function contentKindOf(content: LeveledContent): ContentKind {
  return 'revisionId' in content ? 'space' : 'collection';
}

/**
 * The best role of each content among grants (`<kind>:<id>` → role).
 *
 * @example
 * bestGrants(await store.listGrantsOfMember(orgId, userId)).get(`space:${space.id}`) // → 'edit'
 */
export function bestGrants(grants: readonly ReachingGrant[]): Map<string, Role> {
  const best = new Map<string, Role>();
  for (const grant of grants) {
    const key = `${grant.kind}:${grant.contentId}`;
    best.set(key, higherLevel(best.get(key) ?? null, grant.role)!);
  }
  return best;
}

/**
 * Resolves content levels for one actor in one organization. It reads the collections it needs once, and the
 * grants that reach the actor in the organization once (one query), whatever the number of contents asked.
 */
export class ContentLevels {
  readonly #ctx: ServiceContext;
  readonly #collections = new Map<string, CollectionRecord>();
  #grants: Promise<{ best: Map<string, Role>; onCollections: boolean }> | undefined;
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
  async of(content: LeveledContent): Promise<Role | null> {
    const role = this.access.role;
    if (role === 'admin') return 'admin';
    const { best, onCollections } = await this.#loadGrants();
    const steps: LevelStep[] = [{ defaultLevel: content.defaultLevel, granted: best.get(`${contentKindOf(content)}:${content.id}`) ?? null }];
    // Up the collections while a default level is still `inherit` (members) or a collection grant may be above.
    const seen = new Set<string>();
    for (let parent = content.parentId; parent !== undefined && !seen.has(parent); ) {
      const inheriting = role !== null && steps.every((step) => step.defaultLevel === 'inherit');
      if (!inheriting && !onCollections) break;
      seen.add(parent);
      const collection = await this.collection(parent);
      steps.push({ defaultLevel: collection.defaultLevel, granted: best.get(`collection:${collection.id}`) ?? null });
      parent = collection.parentId;
    }
    return effectiveLevel(role, steps);
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

  #loadGrants(): Promise<{ best: Map<string, Role>; onCollections: boolean }> {
    this.#grants ??= this.#ctx.store.listGrantsOfMember(this.access.organization.id, this.access.member.user.id).then((grants) => ({
      best: bestGrants(grants),
      onCollections: grants.some((grant) => grant.kind === 'collection'),
    }));
    return this.#grants;
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
