import { readGitObject } from './git-object.ts';
import { loadCommit } from './read-commit.ts';
import type { GitRepository } from './repository.ts';
import { parseTreeObject, TREE_MODE, type TreeItem } from './tree-object.ts';

/** Reads a tree object's entries, in Git's order. */
export async function loadTreeItems(repo: GitRepository, treeOid: string): Promise<TreeItem[]> {
  const { bytes } = await readGitObject(repo, treeOid, 'tree');
  return parseTreeObject(bytes);
}

/**
 * The tree a commit holds at `segments` (the root for none): its oid, or `undefined` when that path does not
 * exist at the commit or is not a folder. Reads only the trees on the way down.
 */
export async function findCommitSubtree(repo: GitRepository, commitOid: string, segments: readonly string[]): Promise<string | undefined> {
  const commit = await loadCommit(repo, commitOid);
  let oid = commit.tree;
  for (const segment of segments) {
    const item = (await loadTreeItems(repo, oid)).find((candidate) => candidate.name === segment);
    if (item === undefined || item.mode !== TREE_MODE) return undefined;
    oid = item.oid;
  }
  return oid;
}
