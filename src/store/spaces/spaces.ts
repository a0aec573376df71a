import type { GitSyncState } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import { checkPosition, defaultLevels, nextPosition } from './collections.ts';
import type { SpacesTable } from '../database-schema.ts';
import { checkOneOf, checkText, editModes, notFound, visibilities, type DefaultLevel, type EditMode, type Visibility } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { RevisionContent } from '../revisions/revision-content.ts';
import { writeRevision } from '../revisions/revisions.ts';
import type { StoreContext } from '../store-context.ts';
import { requireOrganization } from '../require-organization.ts';

/** Deleted spaces can be restored for this long; after it they are gone (and `purgeDeletedSpaces` removes them). */
export const spaceRetentionMs = 7 * 24 * 60 * 60 * 1000;

/** A space (the published `Space` fields that are data), with its head revision and counters. */
export interface SpaceRecord {
  id: string;
  organizationId: string;
  /** The collection it is in. */
  parentId?: string;
  position: string;
  title: string;
  emoji: string;
  visibility: Visibility;
  editMode?: EditMode;
  defaultLevel: DefaultLevel;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  /** The head revision: the space's current content (`Space.revision`). */
  revisionId: string;
  /** Open comments (`Space.comments`). */
  comments: number;
  /** `Space.changeRequests`, `changeRequestsOpen`, `changeRequestsDraft`. */
  changeRequests: { total: number; open: number; draft: number };
  gitSync?: GitSyncState;
}

export interface NewSpace {
  id?: string;
  organizationId: string;
  parentId?: string;
  title: string;
  /** Default ''. */
  emoji?: string;
  /** Default `private`. */
  visibility?: Visibility;
  editMode?: EditMode;
  /** Default `inherit`. */
  defaultLevel?: DefaultLevel;
  position?: string;
  /** The first revision's content; default: no pages. */
  content?: Omit<RevisionContent, 'parents'>;
}

export interface SpacePatch {
  title?: string;
  emoji?: string;
  visibility?: Visibility;
  /** null removes it. */
  editMode?: EditMode | null;
  defaultLevel?: DefaultLevel;
  /** Moves the space: a collection id, or null for the organization's top level. */
  parentId?: string | null;
  position?: string;
  /** Transfers it to another organization (to its top level unless `parentId` is given). */
  organizationId?: string;
  gitSync?: GitSyncState | null;
  /** Adds to the count of open comments (negative to subtract). */
  commentsDelta?: number;
}

export interface SpaceFilter {
  organizationId?: string;
  /** undefined: anywhere (by creation); null: the organization's top level, an id: in that collection (by position). */
  parentId?: string | null;
  /** Default `exclude`: deleted spaces are hidden from normal lists. */
  deleted?: 'exclude' | 'include' | 'only';
}

export interface SpaceStore {
  /**
   * Creates a space with its first revision (empty unless `content` is given), in one transaction.
   *
   * @example
   * const space = await store.createSpace({ organizationId: org.id, title: 'Handbook', emoji: '📘' });
   */
  createSpace(input: NewSpace): Promise<SpaceRecord>;
  /** A live space; with `includeDeleted`, also one deleted less than 7 days ago. `NOT_FOUND` otherwise. */
  getSpace(id: string, options?: { includeDeleted?: boolean }): Promise<SpaceRecord>;
  updateSpace(id: string, patch: SpacePatch): Promise<SpaceRecord>;
  /** Soft delete: sets `deletedAt`. False when there is no live space with that id. */
  deleteSpace(id: string): Promise<boolean>;
  /** Undoes a delete made less than 7 days ago (a live space is returned as it is); `NOT_FOUND` otherwise. */
  restoreSpace(id: string): Promise<SpaceRecord>;
  /** Removes for good the spaces deleted 7 days ago or more, with their revisions and change requests. Returns how many. */
  purgeDeletedSpaces(): Promise<number>;
  listSpaces(filter?: SpaceFilter, options?: ListOptions): Promise<ListPage<SpaceRecord>>;
  /**
   * Moves a space's head from `expected` to `next` (a revision of that space), atomically: false, and nothing
   * changed, when the head is no longer `expected` because another writer (another process, too) moved it
   * first. Racing merges therefore never lose an update: the loser merges again on top of the new head.
   *
   * @example
   * if (!(await store.setSpaceHead(space.id, base, merged))) { ... re-read, merge again ... }
   */
  setSpaceHead(spaceId: string, expected: string, next: string): Promise<boolean>;
}

/**
 * The space methods of a Store.
 *
 * @example
 * const spaces = spaceStore(context);
 */
export function spaceStore(context: StoreContext): SpaceStore {
  const cutoff = (): string => new Date(context.now().getTime() - spaceRetentionMs).toISOString();
  const get = async (id: string, includeDeleted = false): Promise<SpaceRecord> => {
    const row = await context.rowUnlessChanged(`space:${id}`, () => context.db().selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst());
    if (row === undefined || row.revision_id === null) throw notFound('space', id);
    if (row.deleted_at !== null && (!includeDeleted || row.deleted_at <= cutoff())) throw notFound('space', id);
    const [space] = await withCounts(context, [row]);
    return space!;
  };
  const checkParent = async (organizationId: string, parentId: string | null): Promise<void> => {
    if (parentId === null) return;
    const parent = await context.db().selectFrom('collections').select('organization_id').where('id', '=', parentId).executeTakeFirst();
    if (parent === undefined) throw notFound('collection', parentId);
    if (parent.organization_id !== organizationId) {
      throw new QuireError('INVALID_ARGUMENT', `collection ${parentId} belongs to another organization`, { field: 'parent' });
    }
  };
  return {
    async createSpace(input) {
      return context.transaction(async () => {
        await requireOrganization(context, input.organizationId);
        const parentId = input.parentId ?? null;
        await checkParent(input.organizationId, parentId);
        const now = context.timestamp();
        const row: SpacesTable = {
          id: input.id ?? context.newId(),
          organization_id: input.organizationId,
          parent_id: parentId,
          position: input.position === undefined ? await nextPosition(context, 'spaces', input.organizationId, parentId) : checkPosition(input.position),
          title: checkText('title', input.title, { max: 50 }),
          emoji: checkText('emoji', input.emoji ?? '', { max: 50 }),
          visibility: checkOneOf('visibility', input.visibility ?? 'private', visibilities),
          edit_mode: input.editMode === undefined ? null : checkOneOf('editMode', input.editMode, editModes),
          default_level: checkOneOf('defaultLevel', input.defaultLevel === undefined ? 'inherit' : input.defaultLevel, defaultLevels),
          created_at: now,
          updated_at: now,
          deleted_at: null,
          revision_id: null,
          change_request_seq: 0,
          comments: 0,
          git_sync: null,
        };
        await context.db().insertInto('spaces').values(row).execute();
        const revision = await writeRevision(context, row.id, { pages: [], ...input.content, parents: [] });
        await context.db().updateTable('spaces').set({ revision_id: revision }).where('id', '=', row.id).execute();
        return get(row.id);
      });
    },
    getSpace: (id, options = {}) => get(id, options.includeDeleted === true),
    async updateSpace(id, patch) {
      return context.transaction(async () => {
        const current = await get(id);
        const changes: Partial<SpacesTable> = { updated_at: context.timestamp() };
        if (patch.title !== undefined) changes.title = checkText('title', patch.title, { max: 50 });
        if (patch.emoji !== undefined) changes.emoji = checkText('emoji', patch.emoji, { max: 50 });
        if (patch.visibility !== undefined) changes.visibility = checkOneOf('visibility', patch.visibility, visibilities);
        if (patch.editMode !== undefined) changes.edit_mode = patch.editMode === null ? null : checkOneOf('editMode', patch.editMode, editModes);
        if (patch.defaultLevel !== undefined) changes.default_level = checkOneOf('defaultLevel', patch.defaultLevel, defaultLevels);
        if (patch.gitSync !== undefined) changes.git_sync = jsonColumn(patch.gitSync);
        if (patch.organizationId !== undefined || patch.parentId !== undefined) {
          const organizationId = patch.organizationId ?? current.organizationId;
          const parentId = patch.parentId !== undefined ? patch.parentId : patch.organizationId !== undefined ? null : (current.parentId ?? null);
          if (patch.organizationId !== undefined) {
            await requireOrganization(context, organizationId);
          }
          await checkParent(organizationId, parentId);
          changes.organization_id = organizationId;
          changes.parent_id = parentId;
          if (patch.position === undefined) changes.position = await nextPosition(context, 'spaces', organizationId, parentId);
        }
        if (patch.position !== undefined) changes.position = checkPosition(patch.position);
        let query = context.db().updateTable('spaces').set(changes);
        if (patch.commentsDelta !== undefined) {
          if (!Number.isInteger(patch.commentsDelta)) throw new QuireError('INVALID_ARGUMENT', 'commentsDelta must be an integer', { field: 'commentsDelta' });
          const delta = patch.commentsDelta;
          query = query.set((eb) => ({ comments: eb('comments', '+', delta) }));
        }
        await query.where('id', '=', id).execute();
        return get(id);
      });
    },
    async deleteSpace(id) {
      const now = context.timestamp();
      const result = await context.db().updateTable('spaces').set({ deleted_at: now, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async restoreSpace(id) {
      const result = await context
        .db()
        .updateTable('spaces')
        .set({ deleted_at: null, updated_at: context.timestamp() })
        .where('id', '=', id)
        .where('deleted_at', '>', cutoff())
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        try {
          return await get(id);
        } catch (error) {
          throw new QuireError('NOT_FOUND', `space ${id} does not exist, or was deleted more than 7 days ago`, { kind: 'space', id }, { cause: error });
        }
      }
      return get(id);
    },
    async purgeDeletedSpaces() {
      // Revisions and change requests go with their space (ON DELETE CASCADE). Content objects, documents and
      // blobs stay: other spaces may share them.
      const result = await context.db().deleteFrom('spaces').where('deleted_at', '<=', cutoff()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    listSpaces(filter = {}, options = {}) {
      let query = context.db().selectFrom('spaces').selectAll().where('revision_id', 'is not', null);
      if (filter.organizationId !== undefined) query = query.where('organization_id', '=', filter.organizationId);
      if (filter.parentId !== undefined) query = filter.parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', filter.parentId);
      const deleted = filter.deleted ?? 'exclude';
      if (deleted === 'exclude') query = query.where('deleted_at', 'is', null);
      else if (deleted === 'only') query = query.where('deleted_at', '>', cutoff());
      else query = query.where((eb) => eb.or([eb('deleted_at', 'is', null), eb('deleted_at', '>', cutoff())]));
      const scope = `spaces|${filter.organizationId ?? '*'}|${filter.parentId === undefined ? '*' : (filter.parentId ?? '')}|${deleted}`;
      const keys =
        filter.parentId === undefined
          ? [
              { column: 'created_at', direction: 'asc' as const, value: (row: SpacesTable) => row.created_at },
              { column: 'id', direction: 'asc' as const, value: (row: SpacesTable) => row.id },
            ]
          : [
              { column: 'position', direction: 'asc' as const, value: (row: SpacesTable) => row.position },
              { column: 'id', direction: 'asc' as const, value: (row: SpacesTable) => row.id },
            ];
      return listPage(query, { scope, keys }, options, (rows) => withCounts(context, rows));
    },
    async setSpaceHead(spaceId, expected, next) {
      return context.transaction(async () => {
        const revision = await context.db().selectFrom('revisions').select('space_id').where('id', '=', next).executeTakeFirst();
        if (revision === undefined || revision.space_id !== spaceId) {
          throw new QuireError('INVALID_ARGUMENT', `revision ${next} is not a revision of space ${spaceId}`, { field: 'revision' });
        }
        // The compare-and-set: one UPDATE whose WHERE checks the head. PostgreSQL locks the row and re-checks the
        // condition after a concurrent writer commits; SQLite runs one writer at a time.
        const result = await context
          .db()
          .updateTable('spaces')
          .set({ revision_id: next, updated_at: context.timestamp() })
          .where('id', '=', spaceId)
          .where('revision_id', '=', expected)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows > 0n) return true;
        await get(spaceId);
        return false;
      });
    },
  };
}

async function withCounts(context: StoreContext, rows: SpacesTable[]): Promise<SpaceRecord[]> {
  const counts = new Map<string, { total: number; open: number; draft: number }>();
  for (const row of rows) counts.set(row.id, { total: 0, open: 0, draft: 0 });
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    const count = () =>
      context
        .db()
        .selectFrom('change_requests')
        .select(['space_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('space_id', 'in', ids)
        .groupBy(['space_id', 'status'])
        .execute();
    // One space's counts (getSpace, on every read of its content) are kept while the database has not changed.
    const grouped = ids.length === 1 ? (await context.rowUnlessChanged(`space-change-requests:${ids[0]}`, async () => ({ groups: await count() })))!.groups : await count();
    for (const group of grouped) {
      const count = counts.get(group.space_id)!;
      const n = Number(group.n);
      count.total += n;
      if (group.status === 'open') count.open += n;
      if (group.status === 'draft') count.draft += n;
    }
  }
  return rows.map((row) => toSpace(row, counts.get(row.id)!));
}

function toSpace(row: SpacesTable, changeRequests: SpaceRecord['changeRequests']): SpaceRecord {
  const gitSync = parseJsonColumn<GitSyncState>(row.git_sync);
  return {
    id: row.id,
    organizationId: row.organization_id,
    ...(row.parent_id === null ? {} : { parentId: row.parent_id }),
    position: row.position,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility as Visibility,
    ...(row.edit_mode === null ? {} : { editMode: row.edit_mode as EditMode }),
    defaultLevel: row.default_level as DefaultLevel,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.deleted_at === null ? {} : { deletedAt: row.deleted_at }),
    revisionId: row.revision_id!,
    comments: row.comments,
    changeRequests,
    ...(gitSync === undefined ? {} : { gitSync }),
  };
}
