import { assertOid } from './git-object.ts';
import { loadCommit } from './read-commit.ts';
import type { GitCommit } from './commit-object.ts';
import type { GitRepository } from './repository.ts';
import { readShallowCommits } from './shallow-commits.ts';

/**
 * True when `ancestor` is reachable from `descendant` through parents, as `git merge-base --is-ancestor`:
 * a commit is its own ancestor. In a shallow clone, history beyond the boundary is unknown and counts as absent.
 * Commits are visited newest first (by committer date), so a recent ancestor is found after reading the commits
 * since it, not the whole history; only a commit that is not an ancestor costs a walk of everything reachable.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * // A fast-forward: the branch still contains the commit sync last saw.
 * if (!(await isAncestor(repo, syncPoint, await resolveRef(repo, 'main')))) throw new Error('history was rewritten');
 */
export async function isAncestor(repo: GitRepository, ancestor: string, descendant: string): Promise<boolean> {
  assertOid(ancestor, 'ancestor');
  assertOid(descendant, 'descendant');
  const [, start] = await Promise.all([loadCommit(repo, ancestor), loadCommit(repo, descendant)]);
  if (ancestor === descendant) return true;
  const shallow = await readShallowCommits(repo);
  const seen = new Set<string>([descendant]);
  const frontier: GitCommit[] = [start];
  while (frontier.length > 0) {
    let newest = 0;
    for (let index = 1; index < frontier.length; index++) {
      if (frontier[index]!.committer.timestamp > frontier[newest]!.committer.timestamp) newest = index;
    }
    const commit = frontier.splice(newest, 1)[0]!;
    if (shallow.has(commit.oid)) continue;
    const parents = commit.parents.filter((parent) => !seen.has(parent));
    if (parents.includes(ancestor)) return true;
    for (const parent of parents) seen.add(parent);
    frontier.push(...(await Promise.all(parents.map((parent) => loadCommit(repo, parent)))));
  }
  return false;
}
