import { isomorphicGit } from './isomorphic-git.ts';
import { QuireError } from '../errors/index.ts';
import type { GitPathChange } from './changed-paths.ts';
import { readGitObject } from './git-object.ts';
import { joinPath, type GitRepository } from './repository.ts';
import type { GitEntryMode } from './tree-object.ts';
import { parseChangePath } from './tree-path.ts';

/** The part of a Node-style `fs.promises` the work tree needs. */
interface WorkTreeFs {
  lstat(path: string): Promise<{ isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }>;
  readFile(path: string): Promise<Uint8Array>;
  readlink(path: string): Promise<string>;
  readdir(path: string): Promise<string[]>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  symlink(target: string, path: string): Promise<void>;
  chmod?(path: string, mode: number): Promise<void>;
  mkdir(path: string): Promise<void>;
  unlink(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
}

function workTreeFs(repo: GitRepository): WorkTreeFs {
  return repo.fs.promises as unknown as WorkTreeFs;
}

type WorkTreeStat = Awaited<ReturnType<WorkTreeFs['lstat']>>;

async function lstatOrUndefined(fs: WorkTreeFs, path: string): Promise<WorkTreeStat | undefined> {
  return fs.lstat(path).catch(() => undefined);
}

/**
 * Throws when applying `changes` to the work tree would lose something: a file whose content differs from the
 * parent commit (an uncommitted edit) or an untracked file where the new commit puts one. A missing file is
 * never a loss. Submodule folders are left alone.
 *
 * @throws QuireError `GIT_WORKTREE_CONFLICT`; `GIT_INVALID_PATH` for a path the work tree must never be touched at.
 */
export async function assertWorkTreeMatches(repo: GitRepository, dir: string, changes: readonly GitPathChange[]): Promise<void> {
  assertSafePaths(changes);
  const fs = workTreeFs(repo);
  const deleted = new Set(changes.filter((change) => change.status === 'deleted').map((change) => change.path));
  for (const change of changes) {
    if ((change.status === 'deleted' ? change.previousMode : change.mode) === '160000') continue;
    const path = joinPath(dir, change.path);
    const stat = await lstatOrUndefined(fs, path);
    const allowed = new Set<string>();
    if (change.status !== 'added') allowed.add(contentKey(change.previousMode, change.previousOid));
    if (change.status !== 'deleted') allowed.add(contentKey(change.mode, change.oid));
    // A folder this commit empties and replaces by a file: the deletes run first and remove it.
    const emptiedFolder = stat?.isDirectory() === true && change.status === 'added' && (await holdsOnly(fs, dir, change.path, deleted));
    if (stat !== undefined && !emptiedFolder) {
      const actual = await workTreeEntryKey(fs, path, stat);
      if (actual === undefined || !allowed.has(actual)) {
        throw new QuireError(
          'GIT_WORKTREE_CONFLICT',
          `${change.path} in the work tree differs from the parent commit; commit or discard that change first`,
          { path: change.path },
        );
      }
    }
    if (change.status === 'added') {
      // Each folder on the way must be a folder, or a file that this commit deletes.
      const segments = change.path.split('/');
      for (let length = 1; length < segments.length; length += 1) {
        const folder = segments.slice(0, length).join('/');
        const folderStat = await lstatOrUndefined(fs, joinPath(dir, folder));
        if (folderStat !== undefined && !folderStat.isDirectory() && !deleted.has(folder)) {
          throw new QuireError('GIT_WORKTREE_CONFLICT', `${folder} in the work tree is a file, and ${change.path} needs a folder there`, {
            path: folder,
          });
        }
      }
    }
  }
}

/** True when every file under `folder` in the work tree is one of `deleted` (so nothing untracked is lost). */
async function holdsOnly(fs: WorkTreeFs, dir: string, folder: string, deleted: ReadonlySet<string>): Promise<boolean> {
  for (const name of await fs.readdir(joinPath(dir, folder))) {
    const path = `${folder}/${name}`;
    const stat = await fs.lstat(joinPath(dir, path));
    if (stat.isDirectory() ? !(await holdsOnly(fs, dir, path, deleted)) : !deleted.has(path)) return false;
  }
  return true;
}

/**
 * What a loss check compares: link or file, and the blob oid. The executable bit is left out: flipping it
 * loses no content, and some file systems do not keep it.
 */
function contentKey(mode: GitEntryMode, oid: string): string {
  return `${mode === '120000' ? 'link' : 'file'}:${oid}`;
}

/** The {@link contentKey} of what is on disk at `path`; `undefined` for a folder. */
async function workTreeEntryKey(fs: WorkTreeFs, path: string, stat: WorkTreeStat): Promise<string | undefined> {
  const git = await isomorphicGit();
  if (stat.isDirectory()) return undefined;
  if (stat.isSymbolicLink()) {
    const { oid } = await git.hashBlob({ object: new TextEncoder().encode(await fs.readlink(path)) });
    return contentKey('120000', oid);
  }
  const { oid } = await git.hashBlob({ object: await fs.readFile(path) });
  return contentKey('100644', oid);
}

/**
 * Refuses, before anything is touched, a change at a path the repository path rules refuse
 * (`src/model/git-path-rules.ts`): a tree read from a repository may hold one (say `.GIT/hooks/x`, an
 * ordinary folder on Linux), and writing or deleting it on another file system would reach the git directory.
 *
 * @throws QuireError `GIT_INVALID_PATH`.
 */
function assertSafePaths(changes: readonly GitPathChange[]): void {
  for (const change of changes) parseChangePath(change.path, { symlink: change.status !== 'deleted' && change.mode === '120000' });
}

/**
 * Makes the work tree and the index match the new commit for the changed paths only: deletions first (and
 * the folders they leave empty), then additions and modifications. Every path is checked first.
 *
 * @throws QuireError `GIT_INVALID_PATH` before anything is written.
 */
export async function applyToWorkTree(repo: GitRepository, dir: string, changes: readonly GitPathChange[]): Promise<void> {
  assertSafePaths(changes);
  await writeWorkTree(repo, dir, changes);
}

/**
 * {@link applyToWorkTree} without the path check: only for test fixtures (`gitdir-fixture.ts`) that build, on
 * purpose, the work tree of a repository holding paths git would refuse elsewhere.
 */
export async function writeWorkTree(repo: GitRepository, dir: string, changes: readonly GitPathChange[]): Promise<void> {
  const git = await isomorphicGit();
  const fs = workTreeFs(repo);
  const index = { fs: repo.fs, dir, gitdir: repo.gitdir, cache: repo.cache };
  for (const change of changes) {
    if (change.status !== 'deleted') continue;
    const path = joinPath(dir, change.path);
    if (change.previousMode === '160000') await fs.rmdir(path).catch(() => undefined);
    else await fs.unlink(path).catch(() => undefined);
    await git.updateIndex({ ...index, filepath: change.path, remove: true, force: true });
    await removeEmptyFolders(fs, dir, change.path);
  }
  for (const change of changes) {
    if (change.status === 'deleted') continue;
    const path = joinPath(dir, change.path);
    await makeFolders(fs, dir, change.path);
    if (change.mode === '160000') {
      // Like git, a submodule is an empty folder until it is initialised.
      await fs.mkdir(path).catch(() => undefined);
      await git.updateIndex({ ...index, filepath: change.path, oid: change.oid, mode: 0o160000, add: true });
      continue;
    }
    const { bytes } = await readGitObject(repo, change.oid, 'blob');
    const existing = await lstatOrUndefined(fs, path);
    if (existing !== undefined) await fs.unlink(path);
    if (change.mode === '120000') {
      await fs.symlink(new TextDecoder().decode(bytes), path);
    } else {
      await fs.writeFile(path, bytes);
      await fs.chmod?.(path, change.mode === '100755' ? 0o755 : 0o644);
    }
    // Without an oid, updateIndex hashes the file and records its real stat, so `git status` sees it clean.
    await git.updateIndex({ ...index, filepath: change.path, add: true });
  }
}

async function makeFolders(fs: WorkTreeFs, dir: string, path: string): Promise<void> {
  const segments = path.split('/');
  for (let length = 1; length < segments.length; length += 1) {
    const folder = joinPath(dir, segments.slice(0, length).join('/'));
    const stat = await lstatOrUndefined(fs, folder);
    if (stat === undefined) await fs.mkdir(folder);
  }
}

async function removeEmptyFolders(fs: WorkTreeFs, dir: string, path: string): Promise<void> {
  const segments = path.split('/');
  for (let length = segments.length - 1; length >= 1; length -= 1) {
    const removed = await fs.rmdir(joinPath(dir, segments.slice(0, length).join('/'))).then(
      () => true,
      () => false,
    );
    if (!removed) return;
  }
}
