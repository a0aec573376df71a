/**
 * Files the server refused stay pending: a file over the server's limit never reaches the space, yet once the
 * commit that holds it is the sync point, nothing compares it again (sync looks only at what changed since). So
 * they are remembered with the sync point (`missing`, extension `sync-points`): every later run reads those paths
 * in Git's head, names each one still over the limit, and sends each one that now fits (the limit was raised, the
 * file made smaller) as if Git had just added it. Where the server keeps no such list (no `sync-points`, or a sync
 * point recorded before it did), the run looks through Git's head for the files the space does not have instead,
 * and can only name them.
 */
import { readBlobs, readFileAt, readTreeEntries, type GitRepository } from '../git/index.ts';
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

/** What became of the files a sync point's revision lacks, in Git's head. */
export interface MissingFiles {
  /** Those still over the limit, as failed plan items. */
  refused: PlanItem[];
  /** Those that now fit: path → bytes, to send as files Git added. */
  fitting: Map<string, Uint8Array>;
  /** Every path the revision lacks (whether Git still has it or not): the sync point's commit has them, the space not. */
  lacked: readonly string[];
}

/**
 * Reads the files a sync point's revision lacks (`missing`, paths of the synced folder under `prefix`) in the
 * commit `headOid`: each one is still refused, now fits, or is gone from Git (then nothing is left to do).
 *
 * @example
 * const { refused, fitting } = await recordedMissingFiles(repo, head.oid, '', ['.gitbook/assets/demo.gif'], limits);
 */
export async function recordedMissingFiles(repo: GitRepository, headOid: string, prefix: string, missing: readonly string[], limits: FileLimits): Promise<MissingFiles> {
  const refused: PlanItem[] = [];
  const fitting = new Map<string, Uint8Array>();
  for (const path of missing) {
    const bytes = await readFileAt(repo, headOid, `${prefix}${path}`);
    if (bytes === undefined) continue;
    const detail = fileRefusal(bytes.byteLength, limits);
    if (detail === undefined) fitting.set(path, bytes);
    else refused.push({ outcome: 'failed', side: 'space', kind: 'file', path, detail: `still not in the space: ${detail}` });
  }
  return { refused, fitting, lacked: missing };
}

/**
 * The paths a sync records as missing from the revision it records: the files it names as refused.
 *
 * @example
 * missingPaths(result.items) // → ['.gitbook/assets/demo.gif']
 */
export function missingPaths(items: readonly PlanItem[]): string[] {
  const paths = items.flatMap((item) => (item.outcome === 'failed' && item.side === 'space' && item.kind === 'file' && item.path !== undefined ? [item.path] : []));
  return [...new Set(paths)].sort();
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
