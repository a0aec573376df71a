/**
 * Human-readable output of a sync: the plan (`--dry-run`), the result, and, for a conflict, which pages and how
 * to resolve them.
 */
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';
import type { PlanItem, SyncOutcome } from './plan-item.ts';
import type { SyncPlan } from './sync-plan.ts';
import type { SyncResult } from './sync-result.ts';

const verbs: Record<SyncOutcome, string> = { created: 'create', updated: 'update', moved: 'move', deleted: 'delete', skipped: 'skip', failed: 'fail' };

/**
 * The plan as lines of text.
 *
 * @example
 * terminal.out(describePlan(syncPlan));
 */
export function describePlan(syncPlan: SyncPlan): string {
  const lines: string[] = [`Plan: ${modeSentence(syncPlan)}`];
  if (syncPlan.syncPoint) lines.push(`  last synced: revision ${syncPlan.syncPoint.revisionId} = commit ${syncPlan.syncPoint.commit.slice(0, 7)}`);
  if (syncPlan.syncPoint?.rewritten === true) lines.push(`  the branch no longer contains commit ${syncPlan.syncPoint.commit.slice(0, 7)} (rewound or force-pushed): Git's changes are counted from its files`);
  for (const commit of syncPlan.commits) {
    lines.push(`  commit in Git: ${commit.message.split('\n', 1)[0]} (${commit.write.size} written, ${commit.delete.length} deleted)`);
    for (const item of commit.items) lines.push(`    ${formatItem(item, 'plan')}`);
  }
  const step = syncPlan.import;
  if (step) {
    const where = step.changeRequest.kind === 'create' ? `a new change request "${step.changeRequest.subject}"` : `change request #${step.changeRequest.number}`;
    const changes = step.batches.reduce((sum, batch) => sum + batch.length, 0);
    lines.push(`  in the space: ${changes} change(s) in ${step.batches.length} batch(es) to ${where}, ${step.merge ? 'then merged' : 'left open'}`);
    for (const item of step.items) lines.push(`    ${formatItem(item, 'plan')}`);
  }
  for (const item of syncPlan.items.filter((planned) => planned.outcome === 'failed' && !step?.items.includes(planned))) lines.push(`    ${formatItem(item, 'plan')}`);
  if (syncPlan.recordLive) lines.push(`  record: the space's current revision is commit ${syncPlan.recordLive.oid.slice(0, 7)}`);
  // The format's diagnostics are listed with the result (`describeResult`), which a dry run prints too.
  if (syncPlan.diagnostics.length > 0) lines.push(`  the repository's files: ${countDiagnostics(syncPlan.diagnostics)}, listed below`);
  if (syncPlan.reason) lines.push(`  ${syncPlan.reason}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The result as lines of text, with counts by outcome and, for a conflict, how to resolve it.
 *
 * @example
 * terminal.out(describeResult(result));
 */
export function describeResult(result: SyncResult): string {
  const lines: string[] = [];
  const counts = new Map<SyncOutcome, number>();
  for (const item of result.items) if (item.kind !== 'commit') counts.set(item.outcome, (counts.get(item.outcome) ?? 0) + 1);
  const summary = [...counts].map(([outcome, count]) => `${count} ${outcome}`).join(', ');
  lines.push(`Sync ${result.dryRun ? 'plan' : result.ok ? 'done' : 'stopped'}: ${result.mode}${summary === '' ? '' : ` (${summary})`}, ${result.requests.total} HTTP request(s)`);
  for (const item of result.items.filter((entry) => entry.outcome === 'failed')) lines.push(`  ${formatItem(item, 'result')}`);
  if (result.changeRequest) {
    lines.push(`  change request #${result.changeRequest.number} (${result.changeRequest.id}) ${result.changeRequest.merged ? 'merged' : 'open'}`);
  }
  if (result.commits.length > 0) lines.push(`  ${result.commits.length} commit(s) made, the branch is at ${result.commits.at(-1)!.slice(0, 7)}`);
  if (result.revision) lines.push(`  the space is at revision ${result.revision}${result.commit ? `, synced with commit ${result.commit.slice(0, 7)}` : ''}`);
  if (result.reason) lines.push(`  ${result.reason}`);
  if (result.mode === 'conflict' && result.conflicts.length > 0) lines.push(describeConflicts(result));
  lines.push(...describeDiagnostics(result.diagnostics));
  return `${lines.join('\n')}\n`;
}

/**
 * The format's diagnostics as compilers print them, errors first: `<path>:<line>: warning <CODE>: <message>`,
 * paths from the repository's root; then a count. No lines when there are none.
 *
 * @example
 * describeDiagnostics([{ severity: 'warning', code: 'FORMAT_MISSING_FILE', path: 'page.md', line: 2, message: 'cover ...' }])
 * // → ['page.md:2: warning FORMAT_MISSING_FILE: cover ...', '0 errors, 1 warning in the repository\'s files']
 */
export function describeDiagnostics(diagnostics: readonly Diagnostic[]): string[] {
  if (diagnostics.length === 0) return [];
  const sorted = [...diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return [...sorted.map(formatDiagnostic), `${countDiagnostics(diagnostics)} in the repository's files`];
}

function countDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

/**
 * Which pages conflict and how to resolve them.
 *
 * @example
 * describeConflicts(result) // → 'Conflicts: both Git and the space changed the same lines of:\n  guide.md ("Guide")...'
 */
export function describeConflicts(result: Pick<SyncResult, 'conflicts' | 'changeRequest'>): string {
  const where = result.changeRequest === undefined ? 'a change request' : `change request #${result.changeRequest.number}`;
  return [
    'Conflicts: both Git and the space changed the same lines of:',
    ...result.conflicts.map((conflict) => `  ${conflict.path}${conflict.title === undefined ? '' : ` ("${conflict.title}")`}: ${reasonText(conflict.reason)}`),
    `Nothing was merged or committed; ${where} holds Git's side, left open. To resolve, either:`,
    '  - in Git: edit these files so they hold both changes, commit, then run sync again with --prefer git;',
    `  - in the space: edit ${where} so it holds both changes, merge it, then run sync again with --prefer space;`,
    '  - or keep one side as it is: run sync again with --prefer git or --prefer space (the other side\'s version stays in its history).',
  ].join('\n');
}

function reasonText(reason: string): string {
  if (reason === 'deleted-changed') return 'deleted on one side, changed on the other';
  if (reason === 'binary') return 'changed on both sides and not text';
  return 'changed on both sides';
}

function formatItem(item: PlanItem, when: 'plan' | 'result'): string {
  const what = item.path === undefined ? (item.title ?? item.detail ?? '') : `${item.path}${item.line === undefined ? '' : `:${item.line}`}`;
  const verb = when === 'plan' ? verbs[item.outcome] : item.outcome;
  const detail = item.detail !== undefined && item.detail !== what ? ` (${item.detail})` : '';
  return `${verb} ${item.kind} ${what}${item.title !== undefined && item.path !== undefined ? ` "${item.title}"` : ''}${detail}`;
}

function modeSentence(syncPlan: SyncPlan): string {
  switch (syncPlan.mode) {
    case 'in-sync':
      return syncPlan.recordLive ? 'both sides hold the same content; record them as synced' : 'nothing to do, both sides are in sync';
    case 'import':
      return 'Git → space';
    case 'export':
      return 'space → Git';
    case 'both':
      return 'both sides changed: space → Git, then Git → space';
    case 'preview':
      return 'pull request preview (a change request left open)';
    case 'conflict':
      return 'both sides changed the same lines: a change request is left open';
    case 'needs-preference':
      return 'first sync with content on both sides: choose a side';
    case 'blocked':
      return 'blocked';
  }
}
