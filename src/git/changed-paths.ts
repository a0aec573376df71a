import { assertOid } from './git-object.ts';
import type { TreeReadOptions } from './read-tree-entries.ts';
import type { GitRepository } from './repository.ts';
import { findCommitSubtree, loadTreeItems } from './tree-walk.ts';
import { compareCodePoints, TREE_MODE, treeOrderKey, type GitEntryMode, type TreeItem } from './tree-object.ts';
import { parsePrefix } from './tree-path.ts';

/** A path that differs between two trees. */
export type GitPathChange =
  | { status: 'added'; path: string; oid: string; mode: GitEntryMode }
  | { status: 'deleted'; path: string; previousOid: string; previousMode: GitEntryMode }
  | { status: 'modified'; path: string; oid: string; mode: GitEntryMode; previousOid: string; previousMode: GitEntryMode };

/**
 * The files, symlinks and submodules added, modified (content or mode) or deleted between two commits, in
 * path order, as `git diff --no-renames --name-status from to` lists them. Subtrees with the same oid are
 * skipped unread, so the cost follows the size of the change, not of the repository. A file that becomes a
 * folder (or the reverse) is a deletion and additions. Renames are a deletion and an addition.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_INVALID_PATH` (prefix), `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * for (const change of await changedPaths(repo, syncPoint, head, { prefix: 'docs' })) {
 *   if (change.status !== 'deleted') console.log(change.status, change.path, change.oid);
 * }
 */
export async function changedPaths(
  repo: GitRepository,
  fromCommit: string,
  toCommit: string,
  options: TreeReadOptions = {},
): Promise<GitPathChange[]> {
  assertOid(fromCommit, 'fromCommit');
  assertOid(toCommit, 'toCommit');
  const segments = parsePrefix(options.prefix);
  const [from, to] = await Promise.all([findCommitSubtree(repo, fromCommit, segments), findCommitSubtree(repo, toCommit, segments)]);
  return diffTrees(repo, from, to);
}

/** Compares two trees (`undefined` for none), depth-first in Git's order. */
export async function diffTrees(repo: GitRepository, from: string | undefined, to: string | undefined, base = ''): Promise<GitPathChange[]> {
  if (from === to) return [];
  const [before, after] = await Promise.all([itemsOf(repo, from), itemsOf(repo, to)]);
  const oldByKey = new Map(before.map((item) => [treeOrderKey(item), item]));
  const newByKey = new Map(after.map((item) => [treeOrderKey(item), item]));
  const keys = [...new Set([...oldByKey.keys(), ...newByKey.keys()])].sort(compareCodePoints);
  const changes: GitPathChange[] = [];
  for (const key of keys) {
    const previous = oldByKey.get(key);
    const current = newByKey.get(key);
    const path = base + (previous ?? current)!.name;
    if ((previous ?? current)!.mode === TREE_MODE) {
      if (previous?.oid !== current?.oid) changes.push(...(await diffTrees(repo, previous?.oid, current?.oid, `${path}/`)));
    } else if (previous === undefined) {
      const added = current as TreeItem & { mode: GitEntryMode };
      changes.push({ status: 'added', path, oid: added.oid, mode: added.mode });
    } else if (current === undefined) {
      changes.push({ status: 'deleted', path, previousOid: previous.oid, previousMode: previous.mode as GitEntryMode });
    } else if (previous.oid !== current.oid || previous.mode !== current.mode) {
      changes.push({
        status: 'modified',
        path,
        oid: current.oid,
        mode: current.mode as GitEntryMode,
        previousOid: previous.oid,
        previousMode: previous.mode as GitEntryMode,
      });
    }
  }
  return changes;
}

async function itemsOf(repo: GitRepository, tree: string | undefined): Promise<TreeItem[]> {
  return tree === undefined ? [] : loadTreeItems(repo, tree);
}
