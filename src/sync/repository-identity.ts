/**
 * Which repository a sync runs in, as the space's sync points are keyed (docs/api-extensions.md `sync-points`):
 * the root commit of the branch's first-parent history. Every clone of a repository has it, a force-push that
 * keeps the start of the history keeps it, and an unrelated repository (`git init`) has its own.
 */
import { readCommit, type GitRepository } from '../git/index.ts';

/**
 * The root commit reached from `commit` through first parents.
 *
 * In a shallow clone the history stops before the root: its boundary counts as the root (and the space's sync
 * point is then found from the revisions' commits instead).
 *
 * @throws QuireError `GIT_OBJECT_NOT_FOUND`.
 * @example
 * const repository = await repositoryIdentity(repo, head.oid); // → 'c0ffee…' (the first commit)
 */
export async function repositoryIdentity(repo: GitRepository, commit: string): Promise<string> {
  const shallow = new Set((await repo.fs.promises.readFile(`${repo.gitdir}/shallow`, 'utf8').then(String, () => '')).split('\n').filter(Boolean));
  let oid = commit;
  for (;;) {
    const parent = (await readCommit(repo, oid)).parents[0];
    if (parent === undefined || shallow.has(oid)) return oid;
    oid = parent;
  }
}
