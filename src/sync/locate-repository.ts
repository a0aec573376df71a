/**
 * Finds the Git repository a folder belongs to, and the folder's place in it: `--dir docs` inside a monorepo
 * syncs only `docs/` (its own `.gitbook.yaml`, its own space), and commits sync makes touch only that folder.
 */
import fs from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { QuireError } from '../errors/index.ts';
import { openRepository, type GitRepository } from '../git/index.ts';

export interface LocatedRepository {
  repo: GitRepository;
  /** The repository's work tree. */
  root: string;
  /** The folder's path in the repository: `''` for the root, else `docs/` (POSIX, ending with `/`). */
  prefix: string;
  /** The branch checked out (`refs/heads/main`), undefined when HEAD is detached. */
  branch: string | undefined;
}

/**
 * Locates the repository holding `dir`.
 *
 * @throws QuireError `GIT_REPOSITORY_NOT_FOUND` when no folder above `dir` has a `.git`.
 * @example
 * const { repo, prefix, branch } = await locateRepository('packages/api/docs');
 * // prefix → 'packages/api/docs/', branch → 'refs/heads/main'
 */
export async function locateRepository(dir: string): Promise<LocatedRepository> {
  const start = resolve(dir);
  if (!fs.existsSync(start)) throw new QuireError('NOT_FOUND', `${dir} does not exist`, { path: dir });
  for (let candidate = start; ; candidate = dirname(candidate)) {
    if (fs.existsSync(`${candidate}/.git`)) {
      const repo = await openRepository({ fs, dir: candidate });
      const inside = relative(candidate, start).split(sep).join('/');
      return { repo, root: candidate, prefix: inside === '' ? '' : `${inside}/`, branch: await checkedOutBranch(repo) };
    }
    if (dirname(candidate) === candidate) break;
  }
  throw new QuireError('GIT_REPOSITORY_NOT_FOUND', `${dir} is not inside a Git repository (no .git in it or above it)`, { dir });
}

/**
 * The branch HEAD names (`refs/heads/main`), or undefined when HEAD is detached.
 *
 * @example
 * await checkedOutBranch(repo) // → 'refs/heads/main'
 */
export async function checkedOutBranch(repo: GitRepository): Promise<string | undefined> {
  const head = String(await repo.fs.promises.readFile(`${repo.gitdir}/HEAD`, 'utf8')).trim();
  return head.startsWith('ref: ') ? head.slice('ref: '.length) : undefined;
}

/**
 * The full ref of a branch name: `main` → `refs/heads/main`; a full ref is kept.
 *
 * @example
 * branchRef('docs/next') // → 'refs/heads/docs/next'
 */
export function branchRef(branch: string): string {
  return branch.startsWith('refs/') ? branch : `refs/heads/${branch}`;
}
