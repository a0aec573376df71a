/**
 * isomorphic-git, loaded on first use. Reading objects goes through `git cat-file` or the pack reader
 * (object-backend.ts), and refs are read directly (read-ref.ts), so a sync that only reads (git-to-space) never
 * needs it; loading it costs some 90 ms of CPU in every fresh `quire sync` process, a tenth of the time of a
 * one-commit sync. Writing commits, refs and the index, pushing, and a file system without random access still
 * use it.
 */
import type git from 'isomorphic-git';

export type IsomorphicGit = typeof git;

let loading: Promise<IsomorphicGit> | undefined;

/**
 * The isomorphic-git module, imported the first time it is asked for.
 *
 * @example
 * await (await isomorphicGit()).writeRef({ fs, gitdir, ref: 'refs/heads/main', value: oid, force: true });
 */
export function isomorphicGit(): Promise<IsomorphicGit> {
  loading ??= import('isomorphic-git').then((module) => module.default);
  return loading;
}
