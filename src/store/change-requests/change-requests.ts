import { QuireError } from '../../errors/index.ts';
import type { ChangeRequestsTable } from '../database-schema.ts';
import { changeRequestStates, checkOneOf, checkText, notFound, type ChangeRequestState } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** A change request (the published `ChangeRequest` fields that are data; users by id). */
export interface ChangeRequestRecord {
  id: string;
  spaceId: string;
  /** Incremental within the space: 1, 2, 3, ... */
  number: number;
  status: ChangeRequestState;
  subject: string;
  /** User id. */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** The head revision of the change request. */
  revision: string;
  /** The space revision it was created from (the base of its first merge). */
  revisionInitial: string;
  /** The space revision it was last updated from (`update`), when it was. */
  revisionMergedAncestor?: string;
  /** When merged, the space revision the merge made. */
  revisionMerged?: string;
  /** User id, when merged. */
  mergedBy?: string;
  mergedAt?: string;
  comments: number;
}

export interface NewChangeRequest {
  spaceId: string;
  /** User id. */
  createdBy: string;
  /** Default ''. */
  subject?: string;
  /** Default `draft`. */
  status?: 'draft' | 'open';
}

export interface ChangeRequestPatch {
  subject?: string;
  /** `merged` is set by `markChangeRequestMerged` only. */
  status?: 'draft' | 'open' | 'archived';
  commentsDelta?: number;
}

export interface ChangeRequestFilter {
  status?: ChangeRequestState;
  createdBy?: string;
  /** Default `updatedAt`, newest first (as the published list). */
  orderBy?: 'updatedAt' | 'createdAt';
}

export interface ChangeRequestStore {
  /**
   * Opens a change request on a space's current head (`revisionInitial` = `revision` = the head). Its number
   * is allocated atomically, so concurrent creations (in any process) never share one.
   *
   * @example
   * const cr = await store.createChangeRequest({ spaceId: space.id, createdBy: ada.id, subject: 'Fix typo' });
   */
  createChangeRequest(input: NewChangeRequest): Promise<ChangeRequestRecord>;
  /** By id, or by number within the space (`changeRequestId` of the published paths is either). */
  getChangeRequest(spaceId: string, idOrNumber: string | number): Promise<ChangeRequestRecord>;
  updateChangeRequest(spaceId: string, id: string, patch: ChangeRequestPatch): Promise<ChangeRequestRecord>;
  /**
   * Moves a change request's head from `expected` to `next` (a revision of the same space); false when another
   * writer moved it first. `STORE_CONFLICT` when it is merged.
   *
   * @example
   * await store.setChangeRequestHead(cr.id, cr.revision, edited);
   */
  setChangeRequestHead(id: string, expected: string, next: string, options?: { revisionMergedAncestor?: string }): Promise<boolean>;
  /**
   * Records a merge: status `merged`, `revisionMerged`, who and when. `STORE_CONFLICT` when it was merged
   * already (two merges raced). Call it in the transaction that moves the space head.
   *
   * @example
   * await store.transaction(async () => {
   *   if (!(await store.setSpaceHead(space.id, base, merged))) throw conflict;
   *   await store.markChangeRequestMerged(cr.id, { revisionMerged: merged, mergedBy: user.id });
   * });
   */
  markChangeRequestMerged(id: string, merge: { revisionMerged: string; mergedBy: string }): Promise<ChangeRequestRecord>;
  listChangeRequests(spaceId: string, filter?: ChangeRequestFilter, options?: ListOptions): Promise<ListPage<ChangeRequestRecord>>;
}

/**
 * The change request methods of a Store.
 *
 * @example
 * const changeRequests = changeRequestStore(context);
 */
export function changeRequestStore(context: StoreContext): ChangeRequestStore {
  const byId = async (id: string): Promise<ChangeRequestRecord> => {
    const row = await context.db().selectFrom('change_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('change request', id);
    return toChangeRequest(row);
  };
  const get = async (spaceId: string, idOrNumber: string | number): Promise<ChangeRequestRecord> => {
    const query = context.db().selectFrom('change_requests').selectAll().where('space_id', '=', spaceId);
    let row = typeof idOrNumber === 'string' ? await query.where('id', '=', idOrNumber).executeTakeFirst() : undefined;
    if (row === undefined && /^[1-9][0-9]{0,14}$/.test(String(idOrNumber))) {
      row = await query.where('number', '=', Number(idOrNumber)).executeTakeFirst();
    }
    if (row === undefined) throw notFound('change request', `${idOrNumber} in space ${spaceId}`);
    return toChangeRequest(row);
  };
  const checkRevisionOfSpace = async (revision: string, spaceId: string): Promise<void> => {
    const row = await context.db().selectFrom('revisions').select('space_id').where('id', '=', revision).executeTakeFirst();
    if (row === undefined || row.space_id !== spaceId) {
      throw new QuireError('INVALID_ARGUMENT', `revision ${revision} is not a revision of space ${spaceId}`, { field: 'revision' });
    }
  };
  return {
    async createChangeRequest(input) {
      const subject = checkText('subject', input.subject ?? '', { max: 100 });
      const status = checkOneOf('status', input.status ?? 'draft', ['draft', 'open'] as const);
      return context.transaction(async () => {
        // One UPDATE takes the space's row lock and the next number together (RETURNING works on both dialects).
        const space = await context
          .db()
          .updateTable('spaces')
          .set((eb) => ({ change_request_seq: eb('change_request_seq', '+', 1) }))
          .where('id', '=', input.spaceId)
          .where('deleted_at', 'is', null)
          .returning(['change_request_seq', 'revision_id'])
          .executeTakeFirst();
        if (space === undefined || space.revision_id === null) throw notFound('space', input.spaceId);
        const user = await context.db().selectFrom('users').select('id').where('id', '=', input.createdBy).executeTakeFirst();
        if (user === undefined) throw notFound('user', input.createdBy);
        const now = context.timestamp();
        const row: ChangeRequestsTable = {
          id: context.newId(),
          space_id: input.spaceId,
          number: Number(space.change_request_seq),
          status,
          subject,
          created_by: input.createdBy,
          created_at: now,
          updated_at: now,
          revision_initial: space.revision_id,
          revision: space.revision_id,
          revision_merged_ancestor: null,
          revision_merged: null,
          merged_by: null,
          merged_at: null,
          comments: 0,
        };
        await context.db().insertInto('change_requests').values(row).execute();
        return toChangeRequest(row);
      });
    },
    getChangeRequest: get,
    async updateChangeRequest(spaceId, id, patch) {
      return context.transaction(async () => {
        const current = await get(spaceId, id);
        const changes: Partial<ChangeRequestsTable> = { updated_at: context.timestamp() };
        if (patch.subject !== undefined) changes.subject = checkText('subject', patch.subject, { max: 100 });
        if (patch.status !== undefined) {
          changes.status = checkOneOf('status', patch.status, ['draft', 'open', 'archived'] as const);
          if (current.status === 'merged') {
            throw new QuireError('CONFLICT', `change request ${current.number} is merged; its status cannot change`, { id: current.id });
          }
        }
        let query = context.db().updateTable('change_requests').set(changes);
        if (patch.commentsDelta !== undefined) {
          if (!Number.isInteger(patch.commentsDelta)) throw new QuireError('INVALID_ARGUMENT', 'commentsDelta must be an integer', { field: 'commentsDelta' });
          const delta = patch.commentsDelta;
          query = query.set((eb) => ({ comments: eb('comments', '+', delta) }));
        }
        await query.where('id', '=', current.id).execute();
        return byId(current.id);
      });
    },
    async setChangeRequestHead(id, expected, next, options = {}) {
      return context.transaction(async () => {
        const current = await byId(id);
        await checkRevisionOfSpace(next, current.spaceId);
        if (options.revisionMergedAncestor !== undefined) await checkRevisionOfSpace(options.revisionMergedAncestor, current.spaceId);
        const result = await context
          .db()
          .updateTable('change_requests')
          .set({
            revision: next,
            updated_at: context.timestamp(),
            ...(options.revisionMergedAncestor === undefined ? {} : { revision_merged_ancestor: options.revisionMergedAncestor }),
          })
          .where('id', '=', id)
          .where('revision', '=', expected)
          .where('status', '<>', 'merged')
          .executeTakeFirst();
        if (result.numUpdatedRows > 0n) return true;
        if ((await byId(id)).status === 'merged') {
          throw new QuireError('STORE_CONFLICT', `change request ${current.number} is merged; its content cannot change`, { id });
        }
        return false;
      });
    },
    async markChangeRequestMerged(id, merge) {
      return context.transaction(async () => {
        const current = await byId(id);
        await checkRevisionOfSpace(merge.revisionMerged, current.spaceId);
        const now = context.timestamp();
        const result = await context
          .db()
          .updateTable('change_requests')
          .set({ status: 'merged', revision_merged: merge.revisionMerged, merged_by: merge.mergedBy, merged_at: now, updated_at: now })
          .where('id', '=', id)
          .where('status', '<>', 'merged')
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) {
          throw new QuireError('STORE_CONFLICT', `change request ${current.number} was merged already`, { id });
        }
        return byId(id);
      });
    },
    listChangeRequests(spaceId, filter = {}, options = {}) {
      let query = context.db().selectFrom('change_requests').selectAll().where('space_id', '=', spaceId);
      if (filter.status !== undefined) query = query.where('status', '=', checkOneOf('status', filter.status, changeRequestStates));
      if (filter.createdBy !== undefined) query = query.where('created_by', '=', filter.createdBy);
      const orderBy = filter.orderBy ?? 'updatedAt';
      const column = orderBy === 'updatedAt' ? 'updated_at' : 'created_at';
      return listPage(
        query,
        {
          scope: `change-requests|${spaceId}|${filter.status ?? ''}|${filter.createdBy ?? ''}|${orderBy}`,
          keys: [
            { column, direction: 'desc', value: (row) => row[column] },
            { column: 'id', direction: 'desc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toChangeRequest),
      );
    },
  };
}

function toChangeRequest(row: ChangeRequestsTable): ChangeRequestRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    number: Number(row.number),
    status: row.status as ChangeRequestState,
    subject: row.subject,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revision: row.revision,
    revisionInitial: row.revision_initial,
    ...(row.revision_merged_ancestor === null ? {} : { revisionMergedAncestor: row.revision_merged_ancestor }),
    ...(row.revision_merged === null ? {} : { revisionMerged: row.revision_merged }),
    ...(row.merged_by === null ? {} : { mergedBy: row.merged_by }),
    ...(row.merged_at === null ? {} : { mergedAt: row.merged_at }),
    comments: row.comments,
  };
}
