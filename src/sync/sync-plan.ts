/** The plan of a sync run: what `plan` decides and `apply` carries out. */
import type { Diagnostic } from '../model/index.ts';
import type { PlanItem } from './plan-item.ts';
import type { SendableChange } from './planned-change.ts';
import type { SyncConflict } from './reconcile.ts';
import type { SyncPoint } from './sync-sides.ts';

/**
 * What the run does, in a word: `in-sync` (nothing), `import` (Git → space), `export` (space → Git), `both`,
 * `preview` (a pull request's change request), `conflict` (both changed the same lines: a change request is left
 * open), `needs-preference` (first sync, both sides have content), `blocked` (one direction asked, the other side
 * has changes it would skip).
 */
export type SyncMode = 'in-sync' | 'import' | 'export' | 'both' | 'preview' | 'conflict' | 'needs-preference' | 'blocked';

/** A commit to make from a revision of the space (or, on a first sync, from its whole content). */
export interface PlannedCommit {
  /** The revision it is made from, which then records it. */
  revisionId: string;
  message: string;
  /** Who made the change; the token's user when the space does not say. */
  author: { name: string; email: string } | undefined;
  /** Seconds since 1970: when the revision was made. */
  timestamp: number;
  /** Paths relative to the synced folder. */
  write: Map<string, Uint8Array>;
  delete: string[];
  items: PlanItem[];
}

/** Content changes to apply in a change request, then merge or leave open. */
export interface PlannedImport {
  changeRequest: { kind: 'create'; subject: string } | { kind: 'existing'; id: string; number: number; subject: string };
  batches: SendableChange[][];
  /** Merge it (a push) or leave it open (a conflict, a pull request's preview). */
  merge: boolean;
  /** Planned from the changed files alone (files edited in place): the space keeps every id and Git path. */
  inPlace: boolean;
  /** The commit the result corresponds to, recorded on the merged revision (or the preview's head). */
  record: { oid: string; message: string } | undefined;
  items: PlanItem[];
}

export interface SyncPlan {
  mode: SyncMode;
  syncPoint: SyncPoint | undefined;
  /** Why nothing is done, for `needs-preference` and `blocked`. */
  reason?: string;
  /** Commits to make in Git, in order, each on the one before (the first on the branch's head). */
  commits: PlannedCommit[];
  /** Whether each commit is recorded on its revision (not when the space still lacks Git's changes). */
  recordCommits: boolean;
  import: PlannedImport | undefined;
  /** Drafts interrupted runs of this sync left, besides the one `import` resumes: archived. */
  archive?: Array<{ id: string; number: number; subject: string }> | undefined;
  /** Record the current revision as synced with this commit, when the two sides already agree. */
  recordLive: { oid: string; message: string } | undefined;
  conflicts: Array<SyncConflict & { title?: string }>;
  /** Problems found reading the Git side's directory (the format's diagnostics). */
  diagnostics: Diagnostic[];
  /** Every page, file and commit the plan touches. */
  items: PlanItem[];
}
