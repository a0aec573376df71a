import type { SyncPointsTable } from '../database-schema.ts';
import { notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import type { StoreContext } from '../store-context.ts';

/**
 * Where a repository's branch and a space last agreed: the space's revision and the branch's commit. A space
 * synced by several repositories (or branches) has one per repository and branch, so one never moves another's.
 */
export interface SyncPointRecord {
  spaceId: string;
  /** The repository's identity, as sync gives it (the root commit of the branch's history). */
  repository: string;
  /** The full ref: `refs/heads/main`. */
  ref: string;
  revisionId: string;
  commit: string;
  /**
   * The paths of the commit's folder the revision lacks: files the space refused (over its file limit). Undefined
   * when unknown (a sync point recorded before Quire kept them).
   */
  missing?: string[] | undefined;
  recordedAt: string;
}

export interface SyncPointStore {
  /**
   * Every sync point of a space (one per repository and ref), newest first.
   *
   * @example
   * const points = await store.listSyncPoints(space.id);
   */
  listSyncPoints(spaceId: string): Promise<SyncPointRecord[]>;
  /**
   * Records (or replaces) the sync point of a repository and ref. The revision must be one of the space's, or
   * `NOT_FOUND`.
   *
   * @example
   * await store.setSyncPoint({ spaceId, repository: rootCommit, ref: 'refs/heads/main', revisionId, commit });
   */
  setSyncPoint(point: Omit<SyncPointRecord, 'recordedAt'>): Promise<SyncPointRecord>;
}

/**
 * The sync point methods of a Store.
 *
 * @example
 * const syncPoints = syncPointStore(context);
 */
export function syncPointStore(context: StoreContext): SyncPointStore {
  return {
    async listSyncPoints(spaceId) {
      const rows = await context.db().selectFrom('sync_points').selectAll().where('space_id', '=', spaceId).orderBy('recorded_at', 'desc').orderBy('repository').orderBy('ref').execute();
      return rows.map(toRecord);
    },
    async setSyncPoint(point) {
      const revision = await context.db().selectFrom('revisions').select('id').where('id', '=', point.revisionId).where('space_id', '=', point.spaceId).executeTakeFirst();
      if (revision === undefined) throw notFound('revision', point.revisionId);
      const row: SyncPointsTable = {
        space_id: point.spaceId,
        repository: point.repository,
        ref: point.ref,
        revision_id: point.revisionId,
        commit_oid: point.commit,
        recorded_at: context.timestamp(),
        missing_paths: jsonColumn(point.missing),
      };
      await context
        .db()
        .insertInto('sync_points')
        .values(row)
        .onConflict((conflict) => conflict.columns(['space_id', 'repository', 'ref']).doUpdateSet({ revision_id: row.revision_id, commit_oid: row.commit_oid, recorded_at: row.recorded_at, missing_paths: row.missing_paths }))
        .execute();
      return toRecord(row);
    },
  };
}

function toRecord(row: SyncPointsTable): SyncPointRecord {
  const missing = parseJsonColumn<string[]>(row.missing_paths);
  return { spaceId: row.space_id, repository: row.repository, ref: row.ref, revisionId: row.revision_id, commit: row.commit_oid, ...(missing === undefined ? {} : { missing }), recordedAt: row.recorded_at };
}
