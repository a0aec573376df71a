/** What a sync run did, grouped by outcome, as `--json` prints it and the Action sets its outputs. */
import type { RequestCounts } from '../client/index.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { groupByOutcome, type GroupedItems, type PlanItem } from './plan-item.ts';
import type { SyncMode } from './sync-plan.ts';

export interface SyncResult {
  mode: SyncMode;
  dryRun: boolean;
  /** True when every change was carried out (or, with `dryRun`, when the plan can be). */
  ok: boolean;
  /** The change request written to, when there was one. */
  changeRequest?: { id: string; number: number; merged: boolean; url?: string | undefined } | undefined;
  /** The revision the space is at after the run (the merged one, or the one recorded). */
  revision?: string | undefined;
  /** The commit the branch is at after the run, when it moved or was recorded. */
  commit?: string | undefined;
  /** Commits made from the space, oldest first. */
  commits: string[];
  conflicts: Array<{ path: string; reason: string; title?: string | undefined }>;
  /** Why nothing was done (`needs-preference`, `blocked`). */
  reason?: string | undefined;
  items: PlanItem[];
  /**
   * The format's diagnostics for the repository's files as this run read them (warnings and errors, each once;
   * paths from the repository's root). They never stop a run: what the hosted exporter writes is never an error.
   */
  diagnostics: Diagnostic[];
  requests: RequestCounts;
}

/**
 * A result as JSON: items grouped by outcome (created, updated, moved, deleted, skipped, failed), and
 * `diagnostics` as `{ severity, code, path, line?, message }`.
 */
export type SyncResultJson = Omit<SyncResult, 'items' | 'requests'> & { requests: number; byOutcome: GroupedItems };

/**
 * The JSON form of a result.
 *
 * @example
 * JSON.stringify(resultToJson(result)).includes('"created"') // → true
 */
export function resultToJson(result: SyncResult): SyncResultJson {
  const { items, requests, ...rest } = result;
  return { ...rest, requests: requests.total, byOutcome: groupByOutcome(items) };
}
