import type { CollectionsTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound, roles, type DefaultLevel } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { isPositionKey, positionBetween } from '../revisions/position-key.ts';
import type { StoreContext } from '../store-context.ts';
import { QuireError } from '../../errors/index.ts';
import { requireOrganization } from '../require-organization.ts';

/** A collection (the published `Collection` without `object`, `urls`, `permissions`), with its sibling position. */
export interface CollectionRecord {
  id: string;
  organizationId: string;
  parentId?: string;
  title: string;
  description?: string;
  defaultLevel: DefaultLevel;
  /** Order among siblings (a position key, see `positionBetween`). */
  position: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewCollection {
  id?: string;
  organizationId: string;
  parentId?: string;
  title: string;
  description?: string;
  /** Default `inherit`. */
  defaultLevel?: DefaultLevel;
  /** Default: after the last sibling. */
  position?: string;
}

export interface CollectionPatch {
  title?: string;
  description?: string | null;
  defaultLevel?: DefaultLevel;
  /** Moves the collection: null to the organization's root. */
  parentId?: string | null;
  position?: string;
  /** Transfers it to another organization. */
  organizationId?: string;
}

/** Which collections to list: an organization's, and only the children of `parentId` (null: top level). */
export interface CollectionFilter {
  organizationId: string;
  /** undefined: every collection, nested or not (by creation); null or an id: that level (by position). */
  parentId?: string | null;
}

export interface CollectionStore {
  /**
   * Creates a collection, after its last sibling unless a position is given.
   *
   * @example
   * const guides = await store.createCollection({ organizationId: org.id, title: 'Guides' });
   */
  createCollection(input: NewCollection): Promise<CollectionRecord>;
  getCollection(id: string): Promise<CollectionRecord>;
  updateCollection(id: string, patch: CollectionPatch): Promise<CollectionRecord>;
  /** Deletes an empty collection; false when there was none; `CONFLICT` when it holds collections or spaces. */
  deleteCollection(id: string): Promise<boolean>;
  listCollections(filter: CollectionFilter, options?: ListOptions): Promise<ListPage<CollectionRecord>>;
}

export const defaultLevels: readonly DefaultLevel[] = [...roles, null, 'inherit'];

/**
 * The collection methods of a Store.
 *
 * @example
 * const collections = collectionStore(context);
 */
export function collectionStore(context: StoreContext): CollectionStore {
  const get = async (id: string): Promise<CollectionRecord> => {
    const row = await context.db().selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('collection', id);
    return toCollection(row);
  };
  const checkParent = async (organizationId: string, parentId: string | null, self?: string): Promise<void> => {
    if (parentId === null) return;
    const parent = await get(parentId);
    if (parent.organizationId !== organizationId) {
      throw new QuireError('INVALID_ARGUMENT', `parent collection ${parentId} belongs to another organization`, { field: 'parent' });
    }
    // A collection cannot move below itself: walk up from the new parent.
    for (let cursor: string | undefined = parentId; cursor !== undefined && self !== undefined; ) {
      if (cursor === self) throw new QuireError('INVALID_ARGUMENT', `collection ${self} cannot move into itself or its descendants`, { field: 'parent' });
      cursor = (await get(cursor)).parentId;
    }
  };
  return {
    async createCollection(input) {
      return context.transaction(async () => {
        await requireOrganization(context, input.organizationId);
        const parentId = input.parentId ?? null;
        await checkParent(input.organizationId, parentId);
        const now = context.timestamp();
        const row: CollectionsTable = {
          id: input.id ?? context.newId(),
          organization_id: input.organizationId,
          parent_id: parentId,
          title: checkText('title', input.title, { max: 50 }),
          description: input.description === undefined ? null : checkText('description', input.description, { max: 100 }),
          default_level: checkOneOf('defaultLevel', input.defaultLevel === undefined ? 'inherit' : input.defaultLevel, defaultLevels),
          position: input.position === undefined ? await nextPosition(context, 'collections', input.organizationId, parentId) : checkPosition(input.position),
          created_at: now,
          updated_at: now,
        };
        await context.db().insertInto('collections').values(row).execute();
        return toCollection(row);
      });
    },
    getCollection: get,
    async updateCollection(id, patch) {
      return context.transaction(async () => {
        const current = await get(id);
        const changes: Partial<CollectionsTable> = { updated_at: context.timestamp() };
        if (patch.title !== undefined) changes.title = checkText('title', patch.title, { max: 50 });
        if (patch.description !== undefined) changes.description = patch.description === null ? null : checkText('description', patch.description, { max: 100 });
        if (patch.defaultLevel !== undefined) changes.default_level = checkOneOf('defaultLevel', patch.defaultLevel, defaultLevels);
        const organizationId = patch.organizationId ?? current.organizationId;
        if (patch.organizationId !== undefined) changes.organization_id = patch.organizationId;
        if (patch.parentId !== undefined || patch.organizationId !== undefined) {
          const parentId = patch.parentId === undefined ? (current.parentId ?? null) : patch.parentId;
          await checkParent(organizationId, parentId, id);
          changes.parent_id = parentId;
          if (patch.position === undefined) changes.position = await nextPosition(context, 'collections', organizationId, parentId);
        }
        if (patch.position !== undefined) changes.position = checkPosition(patch.position);
        await context.db().updateTable('collections').set(changes).where('id', '=', id).execute();
        return get(id);
      });
    },
    async deleteCollection(id) {
      return context.transaction(async () => {
        const children = await context.db().selectFrom('collections').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
        const spaces = await context.db().selectFrom('spaces').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
        if (children !== undefined || spaces !== undefined) {
          throw new QuireError('CONFLICT', `collection ${id} is not empty: move or delete its collections and spaces first`, { id });
        }
        const result = await context.db().deleteFrom('collections').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    listCollections(filter, options = {}) {
      let query = context.db().selectFrom('collections').selectAll().where('organization_id', '=', filter.organizationId);
      if (filter.parentId === undefined) {
        return listPage(
          query,
          {
            scope: `collections|${filter.organizationId}|*`,
            keys: [
              { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
              { column: 'id', direction: 'asc', value: (row) => row.id },
            ],
          },
          options,
          (rows) => rows.map(toCollection),
        );
      }
      query = filter.parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', filter.parentId);
      return listPage(
        query,
        {
          scope: `collections|${filter.organizationId}|${filter.parentId ?? ''}`,
          keys: [
            { column: 'position', direction: 'asc', value: (row) => row.position },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toCollection),
      );
    },
  };
}

/**
 * A position after the last sibling in an organization's level (collections or spaces: they share levels).
 *
 * @example
 * const position = await nextPosition(context, 'spaces', org.id, null);
 */
export async function nextPosition(context: StoreContext, table: 'collections' | 'spaces', organizationId: string, parentId: string | null): Promise<string> {
  let query = context.db().selectFrom(table).select((eb) => eb.fn.max('position').as('last')).where('organization_id', '=', organizationId);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  const row = await query.executeTakeFirst();
  return positionBetween(row?.last ?? null, null);
}

/**
 * Checks a position given by a caller.
 *
 * @example
 * checkPosition('a0') // → 'a0'
 */
export function checkPosition(position: unknown): string {
  if (!isPositionKey(position)) {
    throw new QuireError('INVALID_ARGUMENT', `position ${JSON.stringify(position)} is not a position key (make one with positionBetween)`, { field: 'position' });
  }
  return position;
}

function toCollection(row: CollectionsTable): CollectionRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    ...(row.parent_id === null ? {} : { parentId: row.parent_id }),
    title: row.title,
    ...(row.description === null ? {} : { description: row.description }),
    defaultLevel: row.default_level as DefaultLevel,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
