/**
 * One sync run, as `quire sync` and the GitHub Action do it: read both sides, plan, then apply (or, with
 * `dryRun`, stop at the plan). The caller opens the client and the repository and pushes commits afterwards.
 */
import type { RequestCounts } from '../client/index.ts';
import { apply } from './apply-plan.ts';
import { plan } from './plan.ts';
import { moveLocationCache } from './location-cache.ts';
import { readSyncSides } from './read-sync-sides.ts';
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
  if (run.dryRun) return { plan: syncPlan, result: { ...planAsResult(syncPlan, context), requests: countsSince(before, context.client.requestCounts()) } };
  const result = await apply(syncPlan, context);
  result.requests = countsSince(before, context.client.requestCounts());
  if (syncPlan.import?.inPlace === true && result.ok && result.changeRequest?.merged === true && result.revision !== undefined) {
    // Files edited in place kept every id, title and Git path: the merged revision keeps what is where.
    await moveLocationCache(context.repo, context.spaceId, sides.space.live.id, result.revision);
  }
  return { plan: syncPlan, result };
}

/**
 * What a plan would do, as a result that changed nothing (`--dry-run`).
 *
 * @example
 * const preview = planAsResult(syncPlan, context);
 */
export function planAsResult(syncPlan: SyncPlan, context: Pick<SyncContext, 'client'>): SyncResult {
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
