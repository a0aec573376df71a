// Sync: keeps a Git branch (or a folder of it) and a space in step, through the HTTP API only.
// plan (pure) decides, apply carries out; runSync does both for the CLI and the Action.
export { apply } from './apply-plan.ts';
export { plan, previewMarker, previewSubject } from './plan.ts';
export { describeConflicts, describePlan, describeResult } from './plan-report.ts';
export { groupByOutcome, syncOutcomes, type GroupedItems, type PlanItem, type SyncOutcome } from './plan-item.ts';
export { readSyncSides, requiredExtensions, type SyncSides } from './read-sync-sides.ts';
export { branchRef, checkedOutBranch, locateRepository, type LocatedRepository } from './locate-repository.ts';
export { planAsResult, planWithoutSpace, runSync, type SyncRun } from './run-sync.ts';
export type { SyncContext, SyncProgress } from './sync-context.ts';
export { defaultMessagePrefix, syncDirections, syncPreferences, type PullRequestContext, type SyncDirection, type SyncOptions, type SyncPreference } from './sync-options.ts';
export type { PlannedCommit, PlannedImport, SyncMode, SyncPlan } from './sync-plan.ts';
export { resultToJson, type SyncResult, type SyncResultJson } from './sync-result.ts';
export type { CommitSummary, GitSide, SpaceRevision, SpaceSide, SyncPoint } from './sync-sides.ts';
