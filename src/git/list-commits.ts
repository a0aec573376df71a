import { assertOid } from './git-object.ts';
import { loadCommit } from './read-commit.ts';
import type { GitCommit } from './commit-object.ts';
import type { GitRepository } from './repository.ts';
import { readShallowCommits } from './shallow-commits.ts';

/** Which commits to list. */
export interface ListCommitsOptions {
  /** The last commit already handled (excluded, with everything reachable from it). Default: list from the root. */
  since?: string;
  /** The newest commit to list (included). */
  until: string;
}

/**
 * The commits after `since` up to `until` on the first-parent chain, oldest first: the same commits as
 * `git rev-list --first-parent --reverse since..until`. Commits merged in from side branches are not listed
 * (their changes arrive with the merge commit). When `since` is not on the chain (it came in through a merge)
 * the chain stops at the first commit `since` can reach; when `since` is not an ancestor of `until` at all
 * (history was rewritten) every commit on the chain that `since` cannot reach is listed; check with
 * {@link isAncestor} first if that matters. In a shallow clone the chain ends at the shallow boundary.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * const commits = await listCommits(repo, { since: syncPoint, until: await resolveRef(repo, 'main') });
 * for (const commit of commits) console.log(commit.oid.slice(0, 7), commit.subject);
 */
export async function listCommits(repo: GitRepository, options: ListCommitsOptions): Promise<GitCommit[]> {
  const { since, until } = options;
  assertOid(until, 'until');
  if (since !== undefined) {
    assertOid(since, 'since');
    await loadCommit(repo, since);
  }
  const shallow = await readShallowCommits(repo);
  const chain: GitCommit[] = [];
  let found = false;
  for (let oid: string | undefined = until; oid !== undefined; ) {
    if (oid === since) {
      found = true;
      break;
    }
    const commit = await loadCommit(repo, oid);
    chain.push(commit);
    oid = shallow.has(oid) ? undefined : commit.parents[0];
  }
  if (since !== undefined && !found) {
    // Rare: `since` is on a side branch or elsewhere. Cut the chain at the first commit `since` reaches.
    const reachable = await reachableCommits(repo, since, shallow);
    const cut = chain.findIndex((commit) => reachable.has(commit.oid));
    if (cut >= 0) chain.length = cut;
  }
  return chain.reverse();
}

/** Every commit reachable from `start`, through all parents. */
async function reachableCommits(repo: GitRepository, start: string, shallow: ReadonlySet<string>): Promise<Set<string>> {
  const seen = new Set<string>([start]);
  const queue = [start];
  for (let oid = queue.pop(); oid !== undefined; oid = queue.pop()) {
    if (shallow.has(oid)) continue;
    for (const parent of (await loadCommit(repo, oid)).parents) {
      if (!seen.has(parent)) {
        seen.add(parent);
        queue.push(parent);
      }
    }
  }
  return seen;
}
