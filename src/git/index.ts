// The Git adapter sync uses: read a commit's tree, walk history, write commits. Everything goes through
// isomorphic-git with the file system passed in (GitRepository.fs). Test fixtures live in gitdir-fixture.ts
// and are not part of this surface.
export { changedPaths, type GitPathChange } from './changed-paths.ts';
export type { GitCommit, GitIdentity } from './commit-object.ts';
export { initRepository, type InitRepositoryOptions } from './init-repository.ts';
export { isAncestor } from './is-ancestor.ts';
export { listCommits, type ListCommitsOptions } from './list-commits.ts';
export { readBlobs } from './read-blobs.ts';
export { readCommit } from './read-commit.ts';
export { readFileAt } from './read-file-at.ts';
export { pushBranch, type PushBranchOptions } from './push-branch.ts';
export { readTree, readTreeContent, type GitTreeContent } from './read-tree.ts';
export { readTreeEntries, type GitTreeEntry, type TreeReadOptions } from './read-tree-entries.ts';
export { openRepository, type GitFs, type GitRepository, type OpenRepositoryOptions } from './repository.ts';
export { resolveRef } from './resolve-ref.ts';
export type { GitEntryMode } from './tree-object.ts';
export { writeCommit, type CommitChanges, type WriteCommitOptions } from './write-commit.ts';
