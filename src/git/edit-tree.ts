import { isomorphicGit } from './isomorphic-git.ts';
import { QuireError } from '../errors/index.ts';
import type { GitRepository } from './repository.ts';
import { loadTreeItems } from './tree-walk.ts';
import { TREE_MODE, type GitEntryMode, type TreeItem } from './tree-object.ts';

/**
 * One change to a tree. `put` sets an entry; mode `file` is a regular file that keeps the executable bit of
 * the file it replaces; with `replace`, it also replaces a folder at that path. `delete` removes the entry,
 * whatever it is (a whole folder too).
 */
export type TreeEdit = { kind: 'put'; oid: string; mode: GitEntryMode | 'file'; replace?: boolean } | { kind: 'delete' };

/** The edits of one folder, and of its subfolders by name. */
interface FolderEdits {
  edits: Map<string, TreeEdit>;
  children: Map<string, FolderEdits>;
}

/** Why a change set cannot apply; `path` is the path that cannot be both things at once. */
function pathConflict(path: string, reason: string): QuireError<'GIT_PATH_CONFLICT'> {
  return new QuireError('GIT_PATH_CONFLICT', `Cannot change ${path}: ${reason}`, { path, reason });
}

/**
 * Applies edits (by validated path segments) to a tree and writes the trees that changed, reusing the oid of
 * every subtree no edit reaches. Folders left empty are removed. Returns the new root tree's oid (the empty
 * tree's when nothing is left).
 *
 * @throws QuireError `GIT_PATH_CONFLICT` when an edit needs a folder where the tree has a file, or the reverse.
 */
export async function editTree(repo: GitRepository, base: string | undefined, edits: ReadonlyMap<string, TreeEdit>): Promise<string> {
  const root = groupByFolder(edits);
  return (await applyFolderEdits(repo, base, root, '')) ?? (await writeTreeItems(repo, []));
}

function groupByFolder(edits: ReadonlyMap<string, TreeEdit>): FolderEdits {
  const root: FolderEdits = { edits: new Map(), children: new Map() };
  for (const [path, edit] of edits) {
    const segments = path.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let child = folder.children.get(segment);
      if (child === undefined) {
        child = { edits: new Map(), children: new Map() };
        folder.children.set(segment, child);
      }
      folder = child;
    }
    folder.edits.set(segments.at(-1)!, edit);
  }
  return root;
}

function hasPuts(folder: FolderEdits): boolean {
  for (const edit of folder.edits.values()) if (edit.kind === 'put') return true;
  for (const child of folder.children.values()) if (hasPuts(child)) return true;
  return false;
}

/** Returns the folder's new tree oid, or `undefined` when it ends up empty. */
async function applyFolderEdits(repo: GitRepository, base: string | undefined, folder: FolderEdits, path: string): Promise<string | undefined> {
  const entries = new Map<string, TreeItem>((base === undefined ? [] : await loadTreeItems(repo, base)).map((item) => [item.name, item]));
  let changed = false;

  for (const [name, edit] of folder.edits) {
    if ((edit.kind === 'delete' || edit.replace === true) && entries.delete(name)) changed = true;
  }

  const children = [...folder.children].filter(([name, child]) => {
    const existing = entries.get(name);
    if (folder.edits.get(name)?.kind === 'put') throw pathConflict(`${path}${name}`, 'it is written as a file and has changes beneath it');
    if (existing === undefined || existing.mode === TREE_MODE) return true;
    // Deleting beneath a file deletes nothing; writing beneath it needs the file deleted first.
    if (hasPuts(child)) throw pathConflict(`${path}${name}`, 'it is a file in the parent commit, and a folder is needed; delete it too');
    return false;
  });
  const results = await Promise.all(children.map(([name, child]) => applyFolderEdits(repo, entries.get(name)?.oid, child, `${path}${name}/`)));
  children.forEach(([name], index) => {
    const oid = results[index];
    const existing = entries.get(name);
    if (oid === undefined) {
      if (existing !== undefined) changed = true;
      entries.delete(name);
    } else if (oid !== existing?.oid) {
      entries.set(name, { name, oid, mode: TREE_MODE });
      changed = true;
    }
  });

  for (const [name, edit] of folder.edits) {
    if (edit.kind !== 'put') continue;
    const existing = entries.get(name);
    if (existing?.mode === TREE_MODE) throw pathConflict(`${path}${name}`, 'it is a folder in the parent commit; delete it to write a file there');
    const mode = edit.mode === 'file' ? (existing?.mode === '100755' ? '100755' : '100644') : edit.mode;
    if (existing?.oid !== edit.oid || existing.mode !== mode) {
      entries.set(name, { name, oid: edit.oid, mode });
      changed = true;
    }
  }

  if (entries.size === 0) return undefined;
  if (!changed && base !== undefined) return base;
  return writeTreeItems(repo, [...entries.values()]);
}

/** isomorphic-git sorts the entries into Git's order before hashing. */
async function writeTreeItems(repo: GitRepository, items: readonly TreeItem[]): Promise<string> {
  const git = await isomorphicGit();
  return git.writeTree({
    fs: repo.fs,
    gitdir: repo.gitdir,
    tree: items.map((item) => ({
      mode: item.mode,
      path: item.name,
      oid: item.oid,
      type: item.mode === TREE_MODE ? 'tree' : item.mode === '160000' ? 'commit' : 'blob',
    })),
  });
}
