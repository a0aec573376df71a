import type { ImportRunsTable } from '../database-schema.ts';
import { notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** The published statuses of an import run (`ContentImportRun.status`). */
export type ImportRunStatus = 'pending' | 'in-progress' | 'completed' | 'failed' | 'cancelled';

/** The statuses of a run that has not ended: only these may change. */
export const activeImportRunStatuses: readonly ImportRunStatus[] = ['pending', 'in-progress'];

/** A page an import run wrote (the published `ContentImportRun.pages[]`). */
export interface ImportRunPage {
  id: string;
  sourceURL?: string;
  type: 'page' | 'folder';
}

/** A website import run: where from, where to, its status, its counts and its pages. */
export interface ImportRunRecord {
  id: string;
  organizationId: string;
  spaceId: string;
  /** The change request imported into, when the run names one (else the run opens one and merges it). */
  changeRequestId?: string;
  sourceUrl: string;
  status: ImportRunStatus;
  /** Why the run failed (status `failed`) or was cancelled. */
  reason?: string;
  /** Pages discovered so far, and pages and files written so far. */
  discovered: number;
  imported: number;
  pages: ImportRunPage[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  completedAt?: string;
  /** When the process running it last said it is alive. */
  heartbeatAt: string;
}

export interface NewImportRun {
  organizationId: string;
  spaceId: string;
  changeRequestId?: string | undefined;
  sourceUrl: string;
  createdBy: string;
}

/** What an update of a run may change; `heartbeat: true` sets `heartbeatAt` to now. */
export interface ImportRunChange {
  status?: ImportRunStatus;
  reason?: string;
  discovered?: number;
  imported?: number;
  pages?: ImportRunPage[];
  changeRequestId?: string;
  startedAt?: string;
  completedAt?: string;
  heartbeat?: boolean;
}

export interface ImportRunFilter {
  organizationId: string;
  spaceId?: string;
  changeRequestId?: string;
  /** A status, or `active` (pending or in progress). */
  status?: ImportRunStatus | 'active';
}

export interface ImportRunStore {
  /** Records a new run, `pending`, heartbeat now. */
  createImportRun(input: NewImportRun): Promise<ImportRunRecord>;
  /** A run of an organization; `NOT_FOUND` when there is none (or it is another organization's). */
  getImportRun(organizationId: string, id: string): Promise<ImportRunRecord>;
  /** The runs of an organization, newest first. */
  listImportRuns(filter: ImportRunFilter, options?: ListOptions): Promise<ListPage<ImportRunRecord>>;
  /**
   * Changes a run that has not ended (pending or in progress), in one statement, so a cancel and the runner's
   * last word cannot both win: the first to land ends the run. Answers the run after the change, or undefined
   * when it had already ended (or does not exist).
   *
   * @example
   * await store.updateActiveImportRun(run.id, { status: 'cancelled', completedAt: now });
   */
  updateActiveImportRun(id: string, change: ImportRunChange): Promise<ImportRunRecord | undefined>;
}

/**
 * The import-run methods of a Store.
 *
 * @example
 * const runs = importRunStore(context);
 */
export function importRunStore(context: StoreContext): ImportRunStore {
  const byId = (id: string) => context.db().selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return {
    async createImportRun(input) {
      const now = context.timestamp();
      const row: ImportRunsTable = {
        id: context.newId(),
        organization_id: input.organizationId,
        space_id: input.spaceId,
        change_request_id: input.changeRequestId ?? null,
        source_url: input.sourceUrl,
        status: 'pending',
        reason: null,
        discovered: 0,
        imported: 0,
        pages: null,
        created_by: input.createdBy,
        created_at: now,
        updated_at: now,
        started_at: null,
        completed_at: null,
        heartbeat_at: now,
      };
      await context.db().insertInto('import_runs').values(row).execute();
      return toRecord(row);
    },
    async getImportRun(organizationId, id) {
      const row = await byId(id);
      if (row === undefined || row.organization_id !== organizationId) throw notFound('import run', id);
      return toRecord(row);
    },
    listImportRuns(filter, options = {}) {
      let query = context.db().selectFrom('import_runs').selectAll().where('organization_id', '=', filter.organizationId);
      if (filter.spaceId !== undefined) query = query.where('space_id', '=', filter.spaceId);
      if (filter.changeRequestId !== undefined) query = query.where('change_request_id', '=', filter.changeRequestId);
      if (filter.status === 'active') query = query.where('status', 'in', [...activeImportRunStatuses]);
      else if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      return listPage(
        query,
        {
          scope: `import-runs|${filter.organizationId}|${filter.spaceId ?? ''}|${filter.changeRequestId ?? ''}|${filter.status ?? ''}`,
          keys: [
            { column: 'created_at', direction: 'desc', value: (row) => row.created_at },
            { column: 'id', direction: 'desc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toRecord),
      );
    },
    async updateActiveImportRun(id, change) {
      const now = context.timestamp();
      const set: Partial<ImportRunsTable> = { updated_at: now };
      if (change.status !== undefined) set.status = change.status;
      if (change.reason !== undefined) set.reason = change.reason;
      if (change.discovered !== undefined) set.discovered = change.discovered;
      if (change.imported !== undefined) set.imported = change.imported;
      if (change.pages !== undefined) set.pages = jsonColumn(change.pages);
      if (change.changeRequestId !== undefined) set.change_request_id = change.changeRequestId;
      if (change.startedAt !== undefined) set.started_at = change.startedAt;
      if (change.completedAt !== undefined) set.completed_at = change.completedAt;
      if (change.heartbeat === true) set.heartbeat_at = now;
      const result = await context.db().updateTable('import_runs').set(set).where('id', '=', id).where('status', 'in', [...activeImportRunStatuses]).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await byId(id);
      return row === undefined ? undefined : toRecord(row);
    },
  };
}

function toRecord(row: ImportRunsTable): ImportRunRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    spaceId: row.space_id,
    ...(row.change_request_id === null ? {} : { changeRequestId: row.change_request_id }),
    sourceUrl: row.source_url,
    status: row.status as ImportRunStatus,
    ...(row.reason === null ? {} : { reason: row.reason }),
    discovered: Number(row.discovered),
    imported: Number(row.imported),
    pages: parseJsonColumn<ImportRunPage[]>(row.pages) ?? [],
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.started_at === null ? {} : { startedAt: row.started_at }),
    ...(row.completed_at === null ? {} : { completedAt: row.completed_at }),
    heartbeatAt: row.heartbeat_at,
  };
}
