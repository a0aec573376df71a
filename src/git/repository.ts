import type { PromiseFsClient } from 'isomorphic-git';
import { QuireError } from '../errors/index.ts';

/**
 * The file system the adapter reads and writes through: Node's `fs` module, or any object with a
 * Node-compatible `promises` API (memfs, LightningFS), so tests can pass an in-memory one. A wrapper must let
 * `promises.readFile()` called without arguments return a rejected promise, not throw: isomorphic-git probes
 * it that way and otherwise treats the functions as callback-style, and every call then hangs.
 */
export type GitFs = PromiseFsClient;

/**
 * An open repository: where its git directory and work tree are, the file system to reach them,
 * and a cache of packfile indexes that lives as long as the handle (open a new handle after an
 * outside `git gc` or `git repack` if you keep one for long).
 */
export interface GitRepository {
  readonly fs: GitFs;
  /** The git directory (`.git` of a work tree, or the bare repository itself). */
  readonly gitdir: string;
  /** The work tree, absent for a bare repository. */
  readonly dir?: string;
  /** isomorphic-git's object cache (packfile indexes); shared by every call on this handle. */
  readonly cache: object;
}

/** Where to find a repository: a work tree `dir`, a bare repository's `gitdir`, or both. */
export interface OpenRepositoryOptions {
  fs: GitFs;
  /** The work tree; its git directory is `dir/.git` (a `.git` file of a linked work tree is followed). */
  dir?: string;
  /** The git directory, for a bare repository or a git directory kept elsewhere. */
  gitdir?: string;
}

/**
 * Opens a repository on disk (or on any `fs`), checking that it is one.
 *
 * @throws QuireError `GIT_REPOSITORY_NOT_FOUND` when the git directory has no `HEAD`.
 * @example
 * import fs from 'node:fs';
 * const repo = await openRepository({ fs, dir: '/path/to/docs' });
 * const head = await resolveRef(repo, 'HEAD');
 */
export async function openRepository(options: OpenRepositoryOptions): Promise<GitRepository> {
  const { fs, dir } = options;
  if (dir === undefined && options.gitdir === undefined) {
    throw new QuireError('INVALID_ARGUMENT', 'openRepository needs `dir` (a work tree) or `gitdir` (a git directory)', {});
  }
  const gitdir = options.gitdir ?? (await followDotGit(fs, joinPath(dir!, '.git')));
  const head = await fs.promises.stat(joinPath(gitdir, 'HEAD')).catch(() => undefined);
  if (head === undefined) {
    throw new QuireError('GIT_REPOSITORY_NOT_FOUND', `${dir ?? gitdir} is not a Git repository (no ${joinPath(gitdir, 'HEAD')})`, {
      ...(dir === undefined ? {} : { dir }),
      gitdir,
    });
  }
  return createRepositoryHandle(fs, gitdir, dir);
}

/** Builds a handle without checking the disk; for functions that just created the repository. */
export function createRepositoryHandle(fs: GitFs, gitdir: string, dir: string | undefined): GitRepository {
  return dir === undefined ? { fs, gitdir, cache: {} } : { fs, gitdir, dir, cache: {} };
}

/** Joins with `/`, as isomorphic-git does, so an in-memory fs sees the same paths on every platform. */
export function joinPath(base: string, relative: string): string {
  return `${base.replace(/\/+$/, '')}/${relative}`;
}

/** A linked work tree or a submodule has a `.git` file (`gitdir: <path>`) instead of a directory. */
async function followDotGit(fs: GitFs, dotGit: string): Promise<string> {
  const stat = (await fs.promises.stat(dotGit).catch(() => undefined)) as { isFile(): boolean } | undefined;
  if (stat === undefined || !stat.isFile()) return dotGit;
  const text = String(await fs.promises.readFile(dotGit, 'utf8'));
  const match = /^gitdir: (.+?)\s*$/m.exec(text);
  if (match === null) return dotGit;
  const target = match[1]!;
  return target.startsWith('/') ? target : joinPath(dotGit.slice(0, dotGit.lastIndexOf('/')), target);
}
