import { QuireError } from '../errors/quire-error.ts';

/** The files of a directory, by POSIX path relative to it, and its symbolic links (path → target). */
export interface BuildFiles {
  files: ReadonlyMap<string, Uint8Array>;
  symlinks: ReadonlyMap<string, string>;
}

/** One space of a build: the folder that holds it (`''` for the directory itself) and its files, by path inside it. */
export interface BuildSpaceFolder extends BuildFiles {
  folder: string;
}

/** What `quire build` found in a directory: one space, or several spaces that become sections. */
export interface BuildLayout {
  kind: 'space' | 'sections';
  spaces: BuildSpaceFolder[];
  /** Sub-folders of a monorepo that hold no space (no README.md, SUMMARY.md or .gitbook.yaml), left out. */
  skipped: string[];
  /** Space folders of a monorepo that `order` (`--sections`) does not name, left out. */
  unlisted: string[];
}

/** The files whose presence makes a folder a space in the Git Sync layout. */
export const spaceMarkers = ['README.md', 'SUMMARY.md', '.gitbook.yaml'] as const;

/**
 * Decides what a directory holds, from its files alone:
 * - a **space** when README.md, SUMMARY.md or .gitbook.yaml is at its top (its `root:` is the format's business);
 * - else a **monorepo**: each sub-folder with one of those files at its own top is a space, and becomes a section.
 *   Sections come in the order of `order` (folder names) when given, and only those, else every space folder
 *   sorted by name. Folders whose name starts with `.` and `node_modules` are never sections.
 * Throws an INVALID_ARGUMENT QuireError when there is no space at all, or `order` names a folder that is not one.
 *
 * @example
 * detectBuildLayout({ files: new Map([['api/README.md', bytes], ['guides/SUMMARY.md', bytes]]), symlinks: new Map() })
 * // → { kind: 'sections', spaces: [{ folder: 'api', ... }, { folder: 'guides', ... }], skipped: [], unlisted: [] }
 */
export function detectBuildLayout(directory: BuildFiles, options: { order?: readonly string[] } = {}): BuildLayout {
  if (spaceMarkers.some((marker) => directory.files.has(marker))) {
    if (options.order !== undefined) throw new QuireError('INVALID_ARGUMENT', 'the directory is one space (it has README.md, SUMMARY.md or .gitbook.yaml at its top): --sections is for a folder of spaces', { field: 'sections' });
    return { kind: 'space', spaces: [{ folder: '', files: directory.files, symlinks: directory.symlinks }], skipped: [], unlisted: [] };
  }
  const byFolder = new Map<string, BuildSpaceFolder>();
  const subFolder = (path: string) => {
    const slash = path.indexOf('/');
    return slash === -1 ? undefined : { folder: path.slice(0, slash), inside: path.slice(slash + 1) };
  };
  const folderOf = (folder: string) => {
    let found = byFolder.get(folder);
    if (!found) byFolder.set(folder, (found = { folder, files: new Map(), symlinks: new Map() }));
    return found;
  };
  for (const [path, bytes] of directory.files) {
    const split = subFolder(path);
    if (split) (folderOf(split.folder).files as Map<string, Uint8Array>).set(split.inside, bytes);
  }
  for (const [path, target] of directory.symlinks) {
    const split = subFolder(path);
    if (split) (folderOf(split.folder).symlinks as Map<string, string>).set(split.inside, target);
  }
  const candidates = [...byFolder.values()].filter(({ folder }) => !folder.startsWith('.') && folder !== 'node_modules');
  const spaces = candidates.filter((candidate) => spaceMarkers.some((marker) => candidate.files.has(marker)));
  const skipped = candidates.filter((candidate) => !spaces.includes(candidate)).map(({ folder }) => folder).sort(compareNames);
  if (spaces.length === 0) {
    throw new QuireError(
      'INVALID_ARGUMENT',
      'no documentation found: the directory has no README.md, SUMMARY.md or .gitbook.yaml, and none of its sub-folders has one (a folder of spaces has one space per sub-folder)',
      { field: 'dir' },
    );
  }
  if (options.order === undefined) return { kind: 'sections', spaces: spaces.sort((a, b) => compareNames(a.folder, b.folder)), skipped, unlisted: [] };
  const ordered: BuildSpaceFolder[] = [];
  for (const name of options.order) {
    const space = spaces.find(({ folder }) => folder === name.replace(/\/+$/, ''));
    if (space === undefined) throw new QuireError('INVALID_ARGUMENT', `--sections: ${name} is not a space folder of the directory (those are: ${spaces.map(({ folder }) => folder).sort(compareNames).join(', ')})`, { field: 'sections' });
    if (ordered.includes(space)) throw new QuireError('INVALID_ARGUMENT', `--sections: ${name} is named twice`, { field: 'sections' });
    ordered.push(space);
  }
  const unlisted = spaces.filter((space) => !ordered.includes(space)).map(({ folder }) => folder).sort(compareNames);
  return { kind: 'sections', spaces: ordered, skipped, unlisted };
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
