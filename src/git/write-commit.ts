import { isomorphicGit } from './isomorphic-git.ts';
import { QuireError } from '../errors/index.ts';
import { diffTrees } from './changed-paths.ts';
import type { GitIdentity } from './commit-object.ts';
import { createConcurrencyLimit, OBJECT_READ_CONCURRENCY } from './concurrency-limit.ts';
import { editTree, type TreeEdit } from './edit-tree.ts';
import { assertOid, isIsomorphicGitError } from './git-object.ts';
import { loadCommit } from './read-commit.ts';
import { fullRefName } from './ref-name.ts';
import { joinPath, type GitRepository } from './repository.ts';
import { parseChangePath } from './tree-path.ts';
import { applyToWorkTree, assertWorkTreeMatches } from './work-tree.ts';

/** What a commit changes, relative to its parent. */
export interface CommitChanges {
  /** Files to create or overwrite: path → bytes. A file keeps the executable bit of the file it replaces. */
  write?: ReadonlyMap<string, Uint8Array>;
  /**
   * Paths to delete (a file, a symlink, or a whole folder). Deleting a path that does not exist does nothing.
   * Deletes apply before writes, so deleting a folder and writing a file at its path replaces the one by the other.
   */
  delete?: Iterable<string>;
}

/** A commit to write. */
export interface WriteCommitOptions {
  /** The one parent; `null` only for the first commit of a branch. */
  parent: string | null;
  changes: CommitChanges;
  author: GitIdentity;
  /** Default: the author. */
  committer?: GitIdentity;
  /** Written with one trailing newline and without `\r`, as isomorphic-git and `git commit` write messages. */
  message: string;
  /**
   * The ref to point at the new commit: a branch (`main`), a full ref (`refs/heads/main`) or `HEAD` (its
   * branch). It must point at `parent` now (or not exist), so a concurrent push is never overwritten.
   */
  ref?: string;
  /** Move `ref` even when it points elsewhere. Default false. */
  force?: boolean;
  /**
   * Also update the work tree and the index for the paths that changed (and only those), as if the commit
   * had been checked out. Needs a work tree and `ref` naming the checked-out branch (or `HEAD`). Refuses,
   * before moving the ref, when that would overwrite a local change. Default false: neither is touched.
   */
  checkout?: boolean;
}

/**
 * Writes a commit with exactly one parent (or none for a root commit) whose tree is the parent's with only
 * the given changes: unchanged subtrees keep their oids, folders left empty disappear. Optionally moves a ref
 * and checks the changes out. Returns the new commit's oid. Objects are written first, so a failure leaves at
 * most unreferenced objects behind (which `git gc` removes).
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_INVALID_PATH`, `GIT_PATH_CONFLICT`, `GIT_OBJECT_NOT_FOUND`,
 * `GIT_WRONG_OBJECT_TYPE`, `GIT_INVALID_REF_NAME`, `GIT_REF_CONFLICT`, `GIT_WORKTREE_CONFLICT`.
 * @example
 * const oid = await writeCommit(repo, {
 *   parent: await resolveRef(repo, 'main'),
 *   changes: { write: new Map([['guide/setup.md', new TextEncoder().encode('# Setup\n')]]), delete: ['old.md'] },
 *   author: { name: 'Ada', email: 'ada@example.com', timestamp: 1700000000, timezoneOffset: 60 },
 *   message: 'DOCS-12: Rewrite the setup guide',
 *   ref: 'main',
 * });
 */
export async function writeCommit(repo: GitRepository, options: WriteCommitOptions): Promise<string> {
  const git = await isomorphicGit();
  const { parent, changes, author, committer = author, message, ref, force = false, checkout = false } = options;
  if (parent !== null) assertOid(parent, 'parent');
  if (typeof message !== 'string') throw invalidArgument('message', 'must be a string');
  assertIdentity(author, 'author');
  assertIdentity(committer, 'committer');
  const edits = changesToEdits(changes);
  const fullRef = ref === undefined ? undefined : fullRefName(ref);
  if (checkout) {
    if (repo.dir === undefined) throw invalidArgument('checkout', 'needs a repository with a work tree');
    if (fullRef === undefined) throw invalidArgument('checkout', 'needs `ref`, the checked-out branch');
  }

  const baseTree = parent === null ? undefined : (await loadCommit(repo, parent)).tree;
  const blobs = await writeBlobs(repo, changes.write ?? new Map());
  const treeEdits = new Map<string, TreeEdit>();
  for (const [path, edit] of edits) {
    treeEdits.set(path, edit === 'delete' ? { kind: 'delete' } : { kind: 'put', oid: blobs.get(path)!, mode: 'file', replace: edit === 'replace' });
  }
  const tree = await editTree(repo, baseTree, treeEdits);
  const oid = await git.writeCommit({
    fs: repo.fs,
    gitdir: repo.gitdir,
    commit: { message, tree, parent: parent === null ? [] : [parent], author: toIsomorphicGit(author), committer: toIsomorphicGit(committer) },
  });

  if (fullRef !== undefined) await moveRef(repo, { ref: fullRef, parent, oid, force, checkout: checkout ? { base: baseTree, tree } : undefined });
  return oid;
}

/**
 * Points `ref` at the new commit, refusing when it moved away from the parent; with `checkout`, first checks
 * that the work tree holds no change the commit would overwrite, then updates it after the ref.
 */
async function moveRef(
  repo: GitRepository,
  move: { ref: string; parent: string | null; oid: string; force: boolean; checkout: { base: string | undefined; tree: string } | undefined },
): Promise<void> {
  const git = await isomorphicGit();
  const { parent, oid, checkout } = move;
  const target = await refToUpdate(repo, move.ref);
  const current = await currentValue(repo, target);
  if (!move.force && current !== undefined && current !== parent) {
    throw new QuireError('GIT_REF_CONFLICT', `${target} points at ${current}, not at the parent ${parent ?? '(none)'}; ${oid} was written but ${target} was left alone`, {
      ref: target,
      expected: parent,
      actual: current,
      commit: oid,
    });
  }
  if (checkout === undefined) {
    await git.writeRef({ fs: repo.fs, gitdir: repo.gitdir, ref: target, value: oid, force: true });
    return;
  }
  const head = await refToUpdate(repo, 'HEAD');
  if (head !== target) throw invalidArgument('checkout', `${target} is not the checked-out branch (${head})`);
  const changed = await diffTrees(repo, checkout.base, checkout.tree);
  await assertWorkTreeMatches(repo, repo.dir!, changed);
  await git.writeRef({ fs: repo.fs, gitdir: repo.gitdir, ref: target, value: oid, force: true });
  await applyToWorkTree(repo, repo.dir!, changed);
}

/** Validates every path. A path both deleted and written is replaced by the file, even a folder. */
function changesToEdits(changes: CommitChanges): Map<string, 'write' | 'replace' | 'delete'> {
  if (typeof changes !== 'object' || changes === null) throw invalidArgument('changes', 'must be an object with `write` and `delete`');
  const edits = new Map<string, 'write' | 'replace' | 'delete'>();
  for (const path of changes.delete ?? []) {
    parseChangePath(path);
    edits.set(path, 'delete');
  }
  for (const [path, bytes] of changes.write ?? new Map<string, Uint8Array>()) {
    parseChangePath(path);
    if (!(bytes instanceof Uint8Array)) throw invalidArgument(`changes.write ${path}`, 'must be a Uint8Array');
    edits.set(path, edits.has(path) ? 'replace' : 'write');
  }
  return edits;
}

async function writeBlobs(repo: GitRepository, files: ReadonlyMap<string, Uint8Array>): Promise<Map<string, string>> {
  const git = await isomorphicGit();
  const limit = createConcurrencyLimit(OBJECT_READ_CONCURRENCY);
  const paths = [...files.keys()];
  const oids = await Promise.all(paths.map((path) => limit.run(() => git.writeBlob({ fs: repo.fs, gitdir: repo.gitdir, blob: files.get(path)! }))));
  return new Map(paths.map((path, index) => [path, oids[index]!]));
}

/** `HEAD` names its branch unless it is detached. */
async function refToUpdate(repo: GitRepository, ref: string): Promise<string> {
  if (ref !== 'HEAD') return ref;
  const head = String(await repo.fs.promises.readFile(joinPath(repo.gitdir, 'HEAD'), 'utf8')).trim();
  return head.startsWith('ref: ') ? head.slice('ref: '.length) : 'HEAD';
}

async function currentValue(repo: GitRepository, ref: string): Promise<string | undefined> {
  const git = await isomorphicGit();
  try {
    return await git.resolveRef({ fs: repo.fs, gitdir: repo.gitdir, ref });
  } catch (error) {
    if (isIsomorphicGitError(error, 'NotFoundError')) return undefined;
    throw error;
  }
}

/** isomorphic-git counts time zones the other way round (minutes west of UTC). */
function toIsomorphicGit(identity: GitIdentity): GitIdentity {
  return { ...identity, timezoneOffset: identity.timezoneOffset === 0 ? 0 : -identity.timezoneOffset };
}

/** A name or email with `<`, `>` or a newline would corrupt the commit object. */
function assertIdentity(identity: GitIdentity, field: string): void {
  if (typeof identity !== 'object' || identity === null) throw invalidArgument(field, 'must be { name, email, timestamp, timezoneOffset }');
  for (const key of ['name', 'email'] as const) {
    if (typeof identity[key] !== 'string' || /[<>\n\0]/.test(identity[key])) throw invalidArgument(`${field}.${key}`, 'must be a string without <, > or newlines');
  }
  if (!Number.isSafeInteger(identity.timestamp) || identity.timestamp < 0) throw invalidArgument(`${field}.timestamp`, 'must be whole seconds since 1970');
  if (!Number.isInteger(identity.timezoneOffset) || Math.abs(identity.timezoneOffset) >= 24 * 60) {
    throw invalidArgument(`${field}.timezoneOffset`, 'must be whole minutes east of UTC, under 24 hours');
  }
}

function invalidArgument(field: string, reason: string): QuireError<'INVALID_ARGUMENT'> {
  return new QuireError('INVALID_ARGUMENT', `writeCommit: ${field} ${reason}`, { field });
}
