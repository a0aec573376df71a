/**
 * One line of a plan or of a result: what happened (or will) to one page, file or commit, grouped by outcome
 * for `--json` and for the summary (STYLE.md: "results are a union grouped by outcome").
 */

export type SyncOutcome = 'created' | 'updated' | 'moved' | 'deleted' | 'skipped' | 'failed';

export const syncOutcomes: readonly SyncOutcome[] = ['created', 'updated', 'moved', 'deleted', 'skipped', 'failed'];

export interface PlanItem {
  outcome: SyncOutcome;
  /** Where it happens: the space (from Git) or Git (from the space). */
  side: 'space' | 'git';
  kind: 'page' | 'group' | 'link' | 'file' | 'reusable-content' | 'directory' | 'commit' | 'change-request' | 'revision';
  /** The file's path in the synced folder, when it has one. */
  path?: string;
  /** The line of `path` a failure is about, when the space named one. */
  line?: number;
  title?: string;
  /** Why it was skipped or failed, or what it is (a commit's message). */
  detail?: string;
}

/** Items grouped by outcome, every outcome present (possibly empty), as `--json` prints them. */
export type GroupedItems = Record<SyncOutcome, PlanItem[]>;

/**
 * Groups items by outcome, keeping their order within each group.
 *
 * @example
 * groupByOutcome([{ outcome: 'created', side: 'space', kind: 'page', path: 'a.md' }]).created.length // → 1
 */
export function groupByOutcome(items: readonly PlanItem[]): GroupedItems {
  const groups = Object.fromEntries(syncOutcomes.map((outcome) => [outcome, [] as PlanItem[]])) as GroupedItems;
  for (const item of items) groups[item.outcome].push(item);
  return groups;
}
