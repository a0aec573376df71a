import { assertOid, readGitObject } from './git-object.ts';
import { parseCommitObject, type GitCommit } from './commit-object.ts';
import type { GitRepository } from './repository.ts';

/**
 * Reads one commit: its tree, parents, message, subject, author and committer.
 *
 * @throws QuireError `INVALID_ARGUMENT` (not an oid), `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * const commit = await readCommit(repo, await resolveRef(repo, 'HEAD'));
 * console.log(commit.subject, commit.author.name);
 */
export async function readCommit(repo: GitRepository, oid: string): Promise<GitCommit> {
  assertOid(oid, 'oid');
  return loadCommit(repo, oid);
}

/** {@link readCommit} without argument checks, for callers that hold a checked oid. */
export async function loadCommit(repo: GitRepository, oid: string): Promise<GitCommit> {
  const { bytes } = await readGitObject(repo, oid, 'commit');
  return parseCommitObject(oid, bytes);
}
