/**
 * What sync knows of each side when it plans: read by `readSyncSides` (I/O), planned by `plan` (pure).
 */
import type { Revision } from '@gitbook/api';
import type { DirectoryBytes, DirectoryDelta } from './directory-delta.ts';
import type { FileLimits } from './file-limits.ts';
import type { BatchLimits } from './change-batches.ts';
import type { ChangeRequestRef } from './interrupted-change-requests.ts';
import type { PlanItem } from './plan-item.ts';
import type { GitPathLocations } from './git-path-locations.ts';

/** The pair of a revision and the commit it corresponds to (`revision.git.oid`). */
export interface SyncPoint {
  revisionId: string;
  commit: string;
  /**
   * The branch no longer contains `commit` (rewound or force-pushed): Git's changes are then what differs from
   * that commit's files (or, when the repository lost it, the sync point revision's directory) to the head.
   */
  rewritten?: boolean | undefined;
}

/** A commit as sync shows it. */
export interface CommitSummary {
  oid: string;
  subject: string;
  message: string;
  /** Seconds since 1970. */
  timestamp: number;
}

/** The content of a revision that sync needs: its page tree, files and reusable contents, with ids and Git paths. */
export type RevisionContent = Pick<Revision, 'pages' | 'files' | 'reusableContents'>;

export interface GitSide {
  /** The full ref synced: `refs/heads/main`. */
  ref: string;
  /** The commit to sync to (the branch head, or the pull request's commit); undefined on a branch with no commit. */
  head: CommitSummary | undefined;
  /** The newest commit since the sync point that changed the folder: the change request's subject comes from it. */
  lastChange: CommitSummary | undefined;
  /**
   * The files of the synced folder at `head`. Complete when `complete`; else only the paths in `changes` (the quick
   * way, for files edited in place).
   */
  headFiles: DirectoryBytes;
  /** The files of the folder at the sync point's commit: complete when `complete`, else those in `changes` and the space's changes. */
  baseFiles: DirectoryBytes;
  /** What changed in the folder since the sync point's commit (nothing without a sync point). */
  changes: DirectoryDelta;
  complete: boolean;
  /** `.gitbook.yaml`, SUMMARY.md and vars.yaml paths at `head`: changes to them are structural. */
  structure: ReadonlySet<string>;
}

/** A revision of the space's main line made after the sync point, not yet in Git. */
export interface SpaceRevision {
  id: string;
  createdAt: string;
  /** What it changed in the directory, relative to the revision before it. */
  changes: DirectoryDelta;
  changeRequest?: { id: string; number: number; subject: string } | undefined;
  author?: { name: string; email: string } | undefined;
}

/** An open change request sync writes into instead of opening one: a pull request's preview. */
export interface TargetChangeRequest {
  id: string;
  number: number;
  subject: string;
  /** Its content, with the space's ids. */
  content: RevisionContent;
  /** What its content changed in the directory since the sync point (or, without one, its whole directory). */
  changes: DirectoryDelta;
  /** True when it was opened for the branch being pushed, which the push now merges. */
  adopted: boolean;
}

export interface SpaceSide {
  spaceId: string;
  /**
   * The space's current revision, with its content. The content is left unread (undefined) only on the quick
   * way (`git.complete` false) when the location cache said where the changed files are: then `locations` is
   * all the plan needs.
   */
  live: { id: string; content: RevisionContent | undefined };
  /**
   * Where the space keeps the paths Git changed, when they take the quick way (files edited in place): from
   * the location cache (those paths only) or from the live content. Undefined on every other way.
   */
  locations?: GitPathLocations | undefined;
  /** The main line's revisions after the sync point, without `git`, oldest first. */
  revisions: SpaceRevision[];
  /** The whole directory of the current revision: read only without a sync point. */
  files: DirectoryBytes | undefined;
  /** True when the space has no page, file or reusable content. */
  isEmpty: boolean;
  /** The change request to write into, when there is one. */
  target: TargetChangeRequest | undefined;
  /** Older drafts interrupted runs of this sync left, besides the one resumed (`target`): archived by the run. */
  staleChangeRequests?: ChangeRequestRef[] | undefined;
  /** How large a file the server takes, and whether it takes uploads (`GET /v1/quire`); the published 1 MB when absent. */
  fileLimits?: FileLimits | undefined;
  /** How many changes a batch may hold (`git-batches` in `GET /v1/quire`); the published 50 when absent. */
  batchLimits?: BatchLimits | undefined;
  /** Files of Git's head the space lacks because they are over the server's limit (refused-files.ts): named on every run. */
  refusedFiles?: PlanItem[] | undefined;
}
