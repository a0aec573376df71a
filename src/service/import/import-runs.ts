import PQueue from 'p-queue';
import { QuireError, isQuireError } from '../../errors/index.ts';
import type { ImportRunRecord, ImportRunStatus, ListOptions, ListPage } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { createChangeRequest } from '../change-requests/change-requests.ts';
import { spaceAccess } from '../access/content-access.ts';
import { checkImportRequest, defaultImportSettings, importSubject, importWebsite, type ImportProgress } from './content-import.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import { mergeChangeRequest } from '../change-requests/merge-change-request.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { ServiceContext } from '../service-context.ts';

/** The body of `startImportRun` (the published one: `source`, `target`, `site`, `enhance`). */
export interface StartImportRunBody {
  source: { type?: unknown; url?: unknown; files?: unknown };
  target: { space: string; changeRequest?: string; page?: string };
  site?: string;
  enhance?: boolean;
}

/** The published `ContentImportRun`, plus Quire's `progress` (docs/api-extensions.md). */
export interface PublishedImportRun {
  object: 'import-run';
  id: string;
  status: ImportRunStatus;
  reason?: string;
  source: { type: 'website'; url: string };
  target: { space: string; changeRequest?: string };
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  completedAt?: string;
  urls: { location: string };
  pages: { id: string; sourceURL?: string; type: 'page' | 'folder'; status: 'complete' }[];
  progress: { discovered: number; imported: number };
}

/**
 * Runs imports in the background of one server process: at most `concurrency` at once (the rest wait,
 * `pending`), each with an abort signal (cancel), and a heartbeat every `heartbeatMs` on every run it holds, so
 * that a run whose process died is seen as such (`staleAfterMs` without a heartbeat: failed).
 */
export interface ImportRunner {
  readonly concurrency: number;
  readonly heartbeatMs: number;
  readonly staleAfterMs: number;
  /** Queues `job` for run `id`; it gets the run's abort signal. */
  submit(id: string, job: (signal: AbortSignal) => Promise<void>): void;
  /** Aborts run `id` if this process holds it; false otherwise. */
  abort(id: string): boolean;
  /** Aborts every run and waits for them to stop (the app is closing). */
  close(): Promise<void>;
}

/**
 * An import runner for one process.
 *
 * @example
 * const runner = createImportRunner(store, { concurrency: 2 });
 */
export function createImportRunner(store: ServiceContext['store'], options: { concurrency?: number; heartbeatMs?: number; staleAfterMs?: number } = {}): ImportRunner {
  const concurrency = Math.max(1, options.concurrency ?? defaultImportSettings.runConcurrency);
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? Math.max(6 * heartbeatMs, 60_000);
  const queue = new PQueue({ concurrency });
  const held = new Map<string, AbortController>();
  const timer = setInterval(() => {
    for (const id of held.keys()) void store.updateActiveImportRun(id, { heartbeat: true }).catch(() => undefined);
  }, heartbeatMs);
  timer.unref();
  return {
    concurrency,
    heartbeatMs,
    staleAfterMs,
    submit(id, job) {
      const controller = new AbortController();
      held.set(id, controller);
      void queue
        .add(async () => {
          if (!controller.signal.aborted) await job(controller.signal);
        })
        .catch(() => undefined)
        .finally(() => held.delete(id));
    },
    abort(id) {
      const controller = held.get(id);
      controller?.abort();
      return controller !== undefined;
    },
    async close() {
      clearInterval(timer);
      for (const controller of held.values()) controller.abort();
      await queue.onIdle();
    },
  };
}

function runnerOf(ctx: ServiceContext): ImportRunner {
  if (ctx.importRuns === undefined) throw new QuireError('INTERNAL', 'this server runs no background imports');
  return ctx.importRuns;
}

/**
 * `POST /v1/org/{organizationId}/imports` (startImportRun): checks the source (`website` only: `source.type` names
 * what is supported) and the target (a space of the organization the caller can edit, and optionally one of its
 * change requests), records a `pending` run and answers it (201); the import runs in the background of this
 * process. Without `target.changeRequest` it opens one ("Import <url>") and merges it at the end, as the seed's
 * synchronous import does. `target.page` (import under a page) is refused naming it.
 *
 * @example
 * const run = await startImportRun(ctx, actor, orgId, { source: { type: 'website', url: 'https://docs.example.com/' }, target: { space: spaceId } });
 */
export async function startImportRun(ctx: ServiceContext, actor: Actor, organizationId: string, body: StartImportRunBody): Promise<PublishedImportRun> {
  const url = checkImportRequest(body.source.type, body.source.url, { source: 'source.type', url: 'source.url' });
  if (body.target.page !== undefined) throw new QuireError('INVALID_ARGUMENT', 'target.page: importing under a page is not supported by this server; import into the space or a change request', { field: 'target.page' });
  const access = await spaceAccess(ctx, actor, body.target.space);
  if (access.space.organizationId !== organizationId) throw new QuireError('NOT_FOUND', `target.space: space ${body.target.space} is not in organization ${organizationId}`, { field: 'target.space' });
  requireEditable(access, `import content into space ${body.target.space}`);
  const changeRequestId = body.target.changeRequest === undefined ? undefined : (await ctx.store.getChangeRequest(access.space.id, body.target.changeRequest)).id;
  const run = await ctx.store.createImportRun({ organizationId, spaceId: access.space.id, changeRequestId, sourceUrl: url.href, createdBy: actor.user.id });
  runnerOf(ctx).submit(run.id, (signal) => executeRun(ctx, actor, run, url, signal));
  return toPublishedRun(ctx, run);
}

/** The work of one run: in progress, the import with its counts saved as they change, then its end. */
async function executeRun(ctx: ServiceContext, actor: Actor, run: ImportRunRecord, url: URL, signal: AbortSignal): Promise<void> {
  const now = () => ctx.clock().toISOString();
  if ((await ctx.store.updateActiveImportRun(run.id, { status: 'in-progress', startedAt: now(), heartbeat: true })) === undefined) return;
  // Progress is saved in order, one write at a time; each write takes the latest counts (none is lost, some are skipped).
  let latest: ImportProgress | undefined;
  let saving: Promise<unknown> = Promise.resolve();
  const onProgress = (progress: ImportProgress) => {
    latest = progress;
    saving = saving.then(() => (latest === undefined ? undefined : ctx.store.updateActiveImportRun(run.id, { ...latest, heartbeat: true }))).catch(() => undefined);
  };
  try {
    let changeRequestId = run.changeRequestId;
    if (changeRequestId === undefined) {
      changeRequestId = (await createChangeRequest(ctx, actor, run.spaceId, { subject: importSubject(url) })).id;
      await ctx.store.updateActiveImportRun(run.id, { changeRequestId });
    }
    const outcome = await importWebsite(ctx, actor, run.spaceId, changeRequestId, url, { signal, onProgress });
    if (run.changeRequestId === undefined) {
      const merged = await mergeChangeRequest(ctx, actor, run.spaceId, changeRequestId);
      if (merged.result !== 'merge') throw new QuireError('CONFLICT', `the import is in change request ${changeRequestId}, which conflicts with the space's content and was left open to resolve`);
    }
    await saving;
    await ctx.store.updateActiveImportRun(run.id, {
      status: 'completed',
      completedAt: now(),
      discovered: outcome.totalResources,
      imported: outcome.importedResources,
      pages: outcome.pages,
    });
  } catch (error) {
    await saving;
    if (signal.aborted) return; // cancelled: the cancel recorded the end
    const reason = isQuireError(error) ? error.message : 'the import stopped on an internal error';
    await ctx.store.updateActiveImportRun(run.id, { status: 'failed', reason, completedAt: now() }).catch(() => undefined);
  }
}

/**
 * `GET /v1/org/{organizationId}/imports/{importRunId}` (getImportRun): the run, for whoever can read its space.
 * A run still pending or in progress whose process stopped saying it is alive (`staleAfterMs`) is recorded and
 * shown as failed.
 *
 * @example
 * const run = await getImportRun(ctx, actor, orgId, runId);
 */
export async function getImportRun(ctx: ServiceContext, actor: Actor, organizationId: string, importRunId: string): Promise<PublishedImportRun> {
  await organizationAccess(ctx, actor, organizationId);
  const run = await ctx.store.getImportRun(organizationId, importRunId);
  await spaceAccess(ctx, actor, run.spaceId).catch((error: unknown) => {
    throw isQuireError(error, 'NOT_FOUND') ? new QuireError('NOT_FOUND', `import run ${importRunId} was not found`, { id: importRunId }) : error;
  });
  return toPublishedRun(ctx, await withStaleness(ctx, run));
}

/** Filters of `listImportRuns`: the published query. */
export interface ImportRunQuery {
  space?: string;
  changeRequest?: string;
  status?: ImportRunStatus | 'active';
}

/**
 * `GET /v1/org/{organizationId}/imports` (listImportRuns): newest first. With `space`, anyone who can read that
 * space; without it, the organization's admins (the list spans every space).
 *
 * @example
 * const { items } = await listImportRuns(ctx, actor, orgId, { space: spaceId });
 */
export async function listImportRuns(ctx: ServiceContext, actor: Actor, organizationId: string, query: ImportRunQuery, options: ListOptions = {}): Promise<ListPage<PublishedImportRun>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (query.space === undefined) requireOrganizationRole(access, ['admin'], `list the import runs of organization ${organizationId} (give space= to list one space's)`);
  else await spaceAccess(ctx, actor, query.space);
  const page = await ctx.store.listImportRuns(
    { organizationId, ...(query.space === undefined ? {} : { spaceId: query.space }), ...(query.changeRequest === undefined ? {} : { changeRequestId: query.changeRequest }), ...(query.status === undefined ? {} : { status: query.status }) },
    options,
  );
  const items = await Promise.all(page.items.map(async (run) => toPublishedRun(ctx, await withStaleness(ctx, run))));
  return { ...page, items };
}

/**
 * `POST /v1/org/{organizationId}/imports/{importRunId}/cancel` (cancelImportRun): stops a pending or running
 * import (what it already wrote stays in its change request, which is not merged) and answers it `cancelled`.
 * Needs `edit` on the run's space. A run that has ended is `INVALID_ARGUMENT` naming `importRunId`.
 *
 * @example
 * const run = await cancelImportRun(ctx, actor, orgId, runId);
 */
export async function cancelImportRun(ctx: ServiceContext, actor: Actor, organizationId: string, importRunId: string): Promise<PublishedImportRun> {
  await getImportRun(ctx, actor, organizationId, importRunId);
  const run = await ctx.store.getImportRun(organizationId, importRunId);
  requireEditable(await spaceAccess(ctx, actor, run.spaceId), `cancel import runs of space ${run.spaceId}`);
  const cancelled = await ctx.store.updateActiveImportRun(run.id, { status: 'cancelled', reason: `cancelled by ${actor.user.id}`, completedAt: ctx.clock().toISOString() });
  if (cancelled === undefined) {
    const ended = await ctx.store.getImportRun(organizationId, importRunId);
    throw new QuireError('INVALID_ARGUMENT', `importRunId: import run ${importRunId} has already ended (${ended.status})`, { field: 'importRunId', status: ended.status });
  }
  runnerOf(ctx).abort(run.id);
  return toPublishedRun(ctx, cancelled);
}

/** The run as it is: an active run without a heartbeat for `staleAfterMs` is failed (its process died). */
async function withStaleness(ctx: ServiceContext, run: ImportRunRecord): Promise<ImportRunRecord> {
  if (run.status !== 'pending' && run.status !== 'in-progress') return run;
  const staleAfterMs = ctx.importRuns?.staleAfterMs ?? 60_000;
  const silentFor = ctx.clock().getTime() - Date.parse(run.heartbeatAt);
  if (silentFor <= staleAfterMs) return run;
  const failed = await ctx.store.updateActiveImportRun(run.id, {
    status: 'failed',
    reason: `the server process running this import stopped: no heartbeat since ${run.heartbeatAt}`,
    completedAt: ctx.clock().toISOString(),
  });
  return failed ?? (await ctx.store.getImportRun(run.organizationId, run.id));
}

function toPublishedRun(ctx: ServiceContext, run: ImportRunRecord): PublishedImportRun {
  return {
    object: 'import-run',
    id: run.id,
    status: run.status,
    ...(run.reason === undefined ? {} : { reason: run.reason }),
    source: { type: 'website', url: run.sourceUrl },
    target: { space: run.spaceId, ...(run.changeRequestId === undefined ? {} : { changeRequest: run.changeRequestId }) },
    createdBy: run.createdBy,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    ...(run.startedAt === undefined ? {} : { startedAt: run.startedAt }),
    ...(run.completedAt === undefined ? {} : { completedAt: run.completedAt }),
    urls: { location: `${ctx.baseUrl.replace(/\/+$/, '')}/v1/org/${encodeURIComponent(run.organizationId)}/imports/${encodeURIComponent(run.id)}` },
    pages: run.pages.map((page) => ({ ...page, status: 'complete' as const })),
    progress: { discovered: run.discovered, imported: run.imported },
  };
}
