/**
 * One sync run, as `quire sync` and the GitHub Action do it: read both sides, plan, then apply (or, with
 * `dryRun`, stop at the plan). The caller opens the client and the repository and pushes commits afterwards.
 */
import type { RequestCounts } from '../client/index.ts';
import { apply } from './apply-plan.ts';
import { writeFilesCompleteMark } from './files-complete-mark.ts';
import { moveLocationCache } from './location-cache.ts';
import { plan } from './plan.ts';
import { missingPaths } from './refused-files.ts';
import { readSidesWithoutSpace, readSyncSides, type SyncPointKey } from './read-sync-sides.ts';
import { repositoryIdentity } from './repository-identity.ts';
import { RevisionGitRecords } from './revision-git-records.ts';
import type { SyncContext } from './sync-context.ts';
import type { SyncPlan } from './sync-plan.ts';
import type { SyncResult } from './sync-result.ts';

/** A run's plan and what came of it. */
export interface SyncRun {
  plan: SyncPlan;
  result: SyncResult;
}

/**
 * Syncs the repository's folder and the space once.
 *
 * @example
 * const { result } = await runSync({ client, repo, spaceId, options }, { dryRun: false });
 * console.log(result.mode, result.changeRequest?.number, result.commits);
 */
export async function runSync(context: SyncContext, run: { dryRun: boolean }): Promise<SyncRun> {
  const before = context.client.requestCounts();
  const sides = await readSyncSides(context);
  context.onProgress?.({ kind: 'stage', message: 'planning' });
  const syncPlan = plan(sides.syncPoint, sides.git, sides.space, context.options);
  if (run.dryRun) {
    await sides.cacheLiveLocations?.();
    return { plan: syncPlan, result: { ...planAsResult(syncPlan, context), requests: countsSince(before, context.client.requestCounts()) } };
  }
  // A server that records a revision's commit with the sync point (`sync-point-git`) is sent the last such
  // record with it, one request instead of two; what is not sent that way is sent on its own, also on a failure.
  const records = new RevisionGitRecords(context.client, context.spaceId, sides.recordsGitWithSyncPoint && context.options.pullRequest === undefined);
  let result: SyncResult;
  try {
    result = await apply(syncPlan, context, records);
    if (sides.keepsSyncPoints) await recordSyncPoint(context, sides.syncPointKey, result, records);
  } finally {
    await records.flush();
  }
  // The live revision's locations serve the next run only if it is still the live one then.
  if (result.revision === undefined || result.revision === sides.space.live.id) await sides.cacheLiveLocations?.();
  await markFilesComplete(context, result);
  result.requests = countsSince(before, context.client.requestCounts());
  if (syncPlan.import?.inPlace === true && result.ok && result.changeRequest?.merged === true && result.revision !== undefined) {
    // Files edited in place kept every id, title and Git path: the merged revision keeps what is where.
    await moveLocationCache(context.repo, context.spaceId, sides.space.live.id, result.revision);
  }
  return { plan: syncPlan, result };
}

/**
 * The dry run of a first sync with a space that does not exist yet: the plan of importing Git's folder into an
 * empty space. Nothing is read from, or made on, any server.
 *
 * @example
 * const { plan } = await planWithoutSpace({ repo, options });
 * console.log(describePlan(plan));
 */
export async function planWithoutSpace(context: Pick<SyncContext, 'repo' | 'options'>): Promise<SyncRun> {
  const { git, space } = await readSidesWithoutSpace(context);
  const syncPlan = plan(undefined, git, space, context.options);
  const none = { total: 0, retries: 0, byRoute: {} };
  return { plan: syncPlan, result: planAsResult(syncPlan, { client: { requestCounts: () => none } }) };
}

/**
 * Records this repository's and branch's sync point (extension `sync-points`) where `apply` recorded a revision
 * as synced with a commit (`result.revision` and `result.commit` both set): a merged import, exported commits,
 * or two sides found equal. A run that records nothing (a conflict, refused changes, space changes left out by
 * `--direction git-to-space`) leaves the previous one. The revision's own record of its commit, when `records`
 * holds it back, goes in the same request (`sync-point-git`).
 */
async function recordSyncPoint(context: SyncContext, key: SyncPointKey | undefined, result: SyncResult, records: RevisionGitRecords): Promise<void> {
  if (result.revision === undefined || result.commit === undefined || context.options.pullRequest !== undefined) return;
  // A branch with no commit until this run's export: its first commit names the repository.
  const where = key ?? { repository: await repositoryIdentity(context.repo, result.commit), ref: context.options.ref };
  // The files it refused are missing from the revision: the next run names them, or sends them once they fit.
  const git = records.takeFor({ revision: result.revision, commit: result.commit, ref: where.ref });
  await context.client.setSyncPoint(context.spaceId, { ...where, revision: result.revision, commit: result.commit, missing: missingPaths(result.items), ...(git === undefined ? {} : { git }) });
}

/**
 * What a plan would do, as a result that changed nothing (`--dry-run`).
 *
 * @example
 * const preview = planAsResult(syncPlan, context);
 */
export function planAsResult(syncPlan: SyncPlan, context: { client: Pick<SyncContext['client'], 'requestCounts'> }): SyncResult {
  const { mode } = syncPlan;
  return {
    mode,
    dryRun: true,
    ok: mode !== 'conflict' && mode !== 'needs-preference' && mode !== 'blocked' && !syncPlan.items.some((item) => item.outcome === 'failed'),
    ...(syncPlan.import?.changeRequest.kind === 'existing'
      ? { changeRequest: { id: syncPlan.import.changeRequest.id, number: syncPlan.import.changeRequest.number, merged: false } }
      : {}),
    commits: [],
    conflicts: syncPlan.conflicts,
    ...(syncPlan.reason === undefined ? {} : { reason: syncPlan.reason }),
    items: syncPlan.items,
    diagnostics: syncPlan.diagnostics,
    requests: context.client.requestCounts(),
  };
}

/** The requests made between two snapshots of the client's counts (the client counts from its creation). */
function countsSince(before: RequestCounts, after: RequestCounts): RequestCounts {
  const byRoute: Record<string, number> = {};
  for (const [route, count] of Object.entries(after.byRoute)) {
    const made = count - (before.byRoute[route] ?? 0);
    if (made > 0) byRoute[route] = made;
  }
  return { total: after.total - before.total, retries: after.retries - before.retries, byRoute };
}

/**
 * After a run: a clean one that synced a commit marks the space as holding all of that commit's files; a run that
 * refused anything (or stopped) removes the mark, so the next runs look for refused files again.
 */
async function markFilesComplete(context: SyncContext, result: SyncResult): Promise<void> {
  if (context.options.pullRequest !== undefined) return;
  const refused = !result.ok || result.items.some((item) => item.outcome === 'failed');
  if (refused) await writeFilesCompleteMark(context.repo, context.spaceId, undefined);
  else if (result.commit !== undefined && result.revision !== undefined) await writeFilesCompleteMark(context.repo, context.spaceId, result.commit);
}
