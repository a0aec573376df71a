import { assertOid, readGitObject } from './git-object.ts';
import type { GitRepository } from './repository.ts';
import { findCommitSubtree, loadTreeItems } from './tree-walk.ts';
import { TREE_MODE } from './tree-object.ts';
import { parseChangePath } from './tree-path.ts';

/**
 * The bytes of one file at a commit, or undefined when the path is not a file there. Reads only the trees on
 * the way down and the one blob, so it costs the same in any size of repository.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_INVALID_PATH`, `GIT_OBJECT_NOT_FOUND`.
 * @example
 * const config = await readFileAt(repo, head, 'docs/.gitbook.yaml');
 */
export async function readFileAt(repo: GitRepository, commitOid: string, path: string): Promise<Uint8Array | undefined> {
  assertOid(commitOid, 'commitOid');
  const segments = parseChangePath(path);
  const folder = await findCommitSubtree(repo, commitOid, segments.slice(0, -1));
  if (folder === undefined) return undefined;
  const item = (await loadTreeItems(repo, folder)).find((candidate) => candidate.name === segments.at(-1));
  if (item === undefined || item.mode === TREE_MODE || item.mode === '160000' || item.mode === '120000') return undefined;
  return (await readGitObject(repo, item.oid, 'blob')).bytes;
}
