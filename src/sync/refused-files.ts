/**
 * Files the server refused stay pending: a file over the server's limit never reaches the space, yet once the
 * commit that holds it is the sync point, nothing compares it again (sync looks only at what changed since). So
 * every run looks for them in Git's head: the files the space does not have are read, and each one still over
 * the limit is reported as failed, with its path and the limit, until it is made smaller or the limit is raised.
 */
import { readBlobs, readTreeEntries, type GitRepository } from '../git/index.ts';
import { fileRefusal, type FileLimits } from './file-limits.ts';
import type { GitPathLocations } from './git-path-locations.ts';
import type { PlanItem } from './plan-item.ts';
import type { SyncPlan } from './sync-plan.ts';

/**
 * The files of the commit `headOid` (under `prefix`) that the space does not have (`locate` says where the
 * space keeps the paths it has) and that are larger than the server takes, as failed plan items.
 *
 * @example
 * const refused = await refusedFilesInGit(repo, head.oid, 'docs/', locate, { maxFileBytes: 1_000_000, uploads: true });
 * refused[0] // → { outcome: 'failed', side: 'space', kind: 'file', path: '.gitbook/assets/demo.gif', detail: '2097152 bytes: ...' }
 */
export async function refusedFilesInGit(
  repo: GitRepository,
  headOid: string,
  prefix: string,
  locate: (paths: readonly string[]) => Promise<GitPathLocations>,
  limits: FileLimits,
): Promise<PlanItem[]> {
  // Only files are held to the limit: Markdown (pages, reusable content, SUMMARY.md) travels as documents. Leaving
  // it out keeps the lookup to the repository's assets, a few dozen where there are thousands of pages.
  const entries = (await readTreeEntries(repo, headOid, prefix === '' ? {} : { prefix })).filter(
    (entry) => (entry.mode === '100644' || entry.mode === '100755') && !entry.path.toLowerCase().endsWith('.md'),
  );
  if (entries.length === 0) return [];
  const located = await locate(entries.map((entry) => entry.path));
  const unknown = entries.filter((entry) => !located.has(entry.path));
  if (unknown.length === 0) return [];
  const blobs = await readBlobs(repo, unknown.map((entry) => entry.oid));
  const refused: PlanItem[] = [];
  for (const entry of unknown) {
    const detail = fileRefusal(blobs.get(entry.oid)?.byteLength ?? 0, limits);
    if (detail !== undefined) refused.push({ outcome: 'failed', side: 'space', kind: 'file', path: entry.path, detail: `still not in the space: ${detail}` });
  }
  return refused;
}

/**
 * Adds to a plan the refused files it does not already report (by path), so that each is named once per run.
 *
 * @example
 * withRefusedFiles(plan(syncPoint, git, space, options), space.refusedFiles)
 */
export function withRefusedFiles(plan: SyncPlan, refused: readonly PlanItem[] | undefined): SyncPlan {
  if (refused === undefined || refused.length === 0) return plan;
  const reported = new Set(plan.items.filter((item) => item.outcome === 'failed' && item.kind === 'file').map((item) => item.path));
  plan.items.push(...refused.filter((item) => !reported.has(item.path)));
  return plan;
}
