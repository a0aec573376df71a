import { createConcurrencyLimit } from './concurrency-limit.ts';
import { readConcurrencyOf } from './object-backend.ts';
import { assertOid } from './git-object.ts';
import type { GitRepository } from './repository.ts';
import { findCommitSubtree, loadTreeItems } from './tree-walk.ts';
import { TREE_MODE, type GitEntryMode } from './tree-object.ts';
import { parsePrefix } from './tree-path.ts';

/** A file, symlink or submodule in a commit's tree. */
export interface GitTreeEntry {
  /** `/`-separated, relative to the prefix when one was given. */
  path: string;
  /** The blob oid (for a submodule, the commit oid it pins). */
  oid: string;
  /** `100644` file, `100755` executable file, `120000` symlink, `160000` submodule. */
  mode: GitEntryMode;
}

/** Options for reading part of a tree. */
export interface TreeReadOptions {
  /** Only this folder of the repository (`docs` or `docs/`); paths are then relative to it. Default: the whole tree. */
  prefix?: string;
}

/**
 * Every file, symlink and submodule in a commit's tree, recursively, in `git ls-tree -r` order, without
 * reading any blob. Symlinks and submodules are reported with their mode and never followed. A prefix that
 * does not exist at the commit (or is a file) gives no entries.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_INVALID_PATH` (prefix), `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * const entries = await readTreeEntries(repo, head, { prefix: 'docs' });
 * const changed = entries.filter((entry) => known.get(entry.path) !== entry.oid);
 */
export async function readTreeEntries(repo: GitRepository, commitOid: string, options: TreeReadOptions = {}): Promise<GitTreeEntry[]> {
  assertOid(commitOid, 'commitOid');
  const root = await findCommitSubtree(repo, commitOid, parsePrefix(options.prefix));
  return root === undefined ? [] : collectEntries(repo, root);
}

/**
 * Every entry under a tree, depth-first in stored order (the order `git ls-tree -r` prints). Sibling
 * subtrees are read concurrently; the result keeps the order.
 */
export async function collectEntries(repo: GitRepository, treeOid: string, base = ''): Promise<GitTreeEntry[]> {
  const limit = createConcurrencyLimit(readConcurrencyOf(repo));
  const walk = async (oid: string, prefix: string): Promise<GitTreeEntry[]> => {
    const items = await limit.run(() => loadTreeItems(repo, oid));
    const parts = await Promise.all(
      items.map((item): GitTreeEntry[] | Promise<GitTreeEntry[]> =>
        item.mode === TREE_MODE ? walk(item.oid, `${prefix}${item.name}/`) : [{ path: prefix + item.name, oid: item.oid, mode: item.mode }],
      ),
    );
    return parts.flat();
  };
  return walk(treeOid, base);
}
