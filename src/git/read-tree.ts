import { assertOid } from './git-object.ts';
import { loadBlobs } from './read-blobs.ts';
import { collectEntries, type GitTreeEntry, type TreeReadOptions } from './read-tree-entries.ts';
import type { GitRepository } from './repository.ts';
import { findCommitSubtree } from './tree-walk.ts';
import { parsePrefix } from './tree-path.ts';

/** The content of a commit's tree (or of a folder of it), by path. */
export interface GitTreeContent {
  /** Regular and executable files: path → bytes. */
  files: Map<string, Uint8Array>;
  /** Symlinks: path → target, as stored (never followed; the target may point anywhere). */
  symlinks: Map<string, string>;
  /** Submodules: path → the commit oid they pin (their content is in another repository). */
  submodules: Map<string, string>;
  /** The blob oid of each file and symlink, by path. */
  oids: Map<string, string>;
}

const utf8 = new TextDecoder('utf-8');

/**
 * Reads every file of a commit's tree, with paths relative to `prefix` when given (a monorepo syncs a folder).
 * A prefix that does not exist at the commit gives empty maps. For large trees, prefer
 * {@link readTreeEntries} and {@link readBlobs} on the blobs that changed.
 *
 * @throws QuireError `INVALID_ARGUMENT`, `GIT_INVALID_PATH` (prefix), `GIT_OBJECT_NOT_FOUND`, `GIT_WRONG_OBJECT_TYPE`.
 * @example
 * const { files, symlinks } = await readTree(repo, head, { prefix: 'docs/' });
 * const summary = new TextDecoder().decode(files.get('SUMMARY.md'));
 */
export async function readTree(repo: GitRepository, commitOid: string, options: TreeReadOptions = {}): Promise<GitTreeContent> {
  assertOid(commitOid, 'commitOid');
  const root = await findCommitSubtree(repo, commitOid, parsePrefix(options.prefix));
  return readTreeContent(repo, root === undefined ? [] : await collectEntries(repo, root));
}

/**
 * The content of tree entries already listed (`readTreeEntries`), as `readTree` gives it. `held` gives the bytes of
 * some files by path instead of reading their blobs: files the caller already holds, or needs only a stand-in for
 * (format/file-stand-in.ts); their oids are still the entries'. Symlink targets are always read.
 *
 * @example
 * const entries = await readTreeEntries(repo, head);
 * const { files } = await readTreeContent(repo, entries, new Map([['.gitbook/assets/big.png', standIn]]));
 */
export async function readTreeContent(repo: GitRepository, entries: readonly GitTreeEntry[], held: ReadonlyMap<string, Uint8Array> = new Map()): Promise<GitTreeContent> {
  const content: GitTreeContent = { files: new Map(), symlinks: new Map(), submodules: new Map(), oids: new Map() };
  const isHeld = (entry: GitTreeEntry) => entry.mode !== '120000' && held.has(entry.path);
  const blobs = await loadBlobs(
    repo,
    entries.filter((entry) => entry.mode !== '160000' && !isHeld(entry)).map((entry) => entry.oid),
  );
  for (const entry of entries) {
    if (entry.mode === '160000') {
      content.submodules.set(entry.path, entry.oid);
      continue;
    }
    content.oids.set(entry.path, entry.oid);
    if (entry.mode === '120000') content.symlinks.set(entry.path, utf8.decode(blobs.get(entry.oid)));
    else content.files.set(entry.path, isHeld(entry) ? held.get(entry.path)! : blobs.get(entry.oid)!);
  }
  return content;
}
