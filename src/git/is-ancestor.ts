import git from 'isomorphic-git';
import { QuireError } from '../errors/index.ts';
import { assertOid, isIsomorphicGitError } from './git-object.ts';
import { loadCommit } from './read-commit.ts';
import type { GitRepository } from './repository.ts';

/**
 * True when `ancestor` is reachable from `descendant` through parents, as `git merge-base --is-ancestor`:
 * a commit is its own ancestor. In a shallow clone, history beyond the boundary is unknown and counts as absent.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * // A fast-forward: the branch still contains the commit sync last saw.
 * if (!(await isAncestor(repo, syncPoint, await resolveRef(repo, 'main')))) throw new Error('history was rewritten');
 */
export async function isAncestor(repo: GitRepository, ancestor: string, descendant: string): Promise<boolean> {
  assertOid(ancestor, 'ancestor');
  assertOid(descendant, 'descendant');
  await Promise.all([loadCommit(repo, ancestor), loadCommit(repo, descendant)]);
  if (ancestor === descendant) return true;
  try {
    return await git.isDescendent({ fs: repo.fs, gitdir: repo.gitdir, cache: repo.cache, oid: descendant, ancestor, depth: -1 });
  } catch (error) {
    if (isIsomorphicGitError(error, 'NotFoundError')) {
      throw new QuireError('GIT_OBJECT_NOT_FOUND', `A commit between ${ancestor} and ${descendant} is missing from the repository`, { oid: descendant }, { cause: error });
    }
    throw error;
  }
}
