import { isomorphicGit } from './isomorphic-git.ts';
import { createRepositoryHandle, joinPath, type GitFs, type GitRepository } from './repository.ts';

/** How to create a repository. */
export interface InitRepositoryOptions {
  fs: GitFs;
  /** The work tree (the git directory is `dir/.git`), or with `bare`, the git directory itself. */
  dir: string;
  /** Create a bare repository (no work tree). Default false. */
  bare?: boolean;
  /** The branch `HEAD` points at. Default `main`. */
  defaultBranch?: string;
}

/**
 * Creates an empty repository (as `git init`) and opens it. Running it on an existing repository
 * leaves that repository as it is and opens it.
 *
 * @example
 * import fs from 'node:fs';
 * const repo = await initRepository({ fs, dir: '/tmp/docs' });
 * await writeCommit(repo, { parent: null, changes: { write: new Map([['README.md', bytes]]) }, author, message: 'Init', ref: 'main' });
 */
export async function initRepository(options: InitRepositoryOptions): Promise<GitRepository> {
  const git = await isomorphicGit();
  const { fs, dir, bare = false, defaultBranch = 'main' } = options;
  const gitdir = bare ? dir : joinPath(dir, '.git');
  const existed = await fs.promises.stat(joinPath(gitdir, 'config')).then(
    () => true,
    () => false,
  );
  await git.init({ fs, dir, gitdir, bare, defaultBranch });
  if (!existed) await setPlatformCoreConfig(fs, gitdir);
  return bare ? createRepositoryHandle(fs, gitdir, undefined) : createRepositoryHandle(fs, gitdir, dir);
}

/**
 * isomorphic-git writes browser-safe settings (`filemode`, `symlinks` false, `ignorecase` true); on Linux the
 * git CLI would then check symlinks out as plain files and ignore the executable bit. Write what `git init`
 * writes on this platform instead.
 */
async function setPlatformCoreConfig(fs: GitFs, gitdir: string): Promise<void> {
  const git = await isomorphicGit();
  const posix = process.platform !== 'win32';
  const caseInsensitive = process.platform === 'win32' || process.platform === 'darwin';
  await git.setConfig({ fs, gitdir, path: 'core.filemode', value: posix });
  await git.setConfig({ fs, gitdir, path: 'core.symlinks', value: posix });
  await git.setConfig({ fs, gitdir, path: 'core.ignorecase', value: caseInsensitive });
}
