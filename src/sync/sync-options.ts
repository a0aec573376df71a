/** What a sync run is asked to do (the flags of `quire sync` and the inputs of the Action). */

/** Which way changes may flow. */
export type SyncDirection = 'both' | 'git-to-space' | 'space-to-git';

/** Which side wins where both have content and no sync point says how they relate, or where both changed a file. */
export type SyncPreference = 'git' | 'space';

export const syncDirections: readonly SyncDirection[] = ['both', 'git-to-space', 'space-to-git'];
export const syncPreferences: readonly SyncPreference[] = ['git', 'space'];

/** The prefix of commit messages made by export when none is given: `QUIRE-12: Fix typo`. */
export const defaultMessagePrefix = 'QUIRE';

/** A pull request run: the branch's changes go to one open change request, left open as a preview. */
export interface PullRequestContext {
  /** The pull request's branch (`feature/x`), used to find its change request again. */
  branch: string;
  /** The pull request's number, shown in the change request's subject. */
  number?: number | undefined;
  /** The commit at the tip of the pull request's branch (recorded, so the push that merges it finds it). */
  headCommit?: string | undefined;
}

export interface SyncOptions {
  direction: SyncDirection;
  prefer?: SyncPreference | undefined;
  /** The folder of the repository the space is kept in: `''` for the whole repository, else `docs/` (ends with `/`). */
  prefix: string;
  /** The full ref of the branch being synced: `refs/heads/main`. */
  ref: string;
  /** `<prefix>-<number>: <subject>` for commits made from change requests. */
  messagePrefix: string;
  pullRequest?: PullRequestContext | undefined;
}
