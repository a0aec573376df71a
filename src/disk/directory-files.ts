import { lstat, mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { QuireError } from '../errors/quire-error.ts';

/** A directory as the format reads it: file bytes and symbolic links by path, POSIX separators. */
export interface DirectoryFiles {
  files: Map<string, Uint8Array>;
  symlinks: Map<string, string>;
}

/** Folders never read: version control data and dependencies are not documentation. */
const skippedFolders = new Set(['.git', 'node_modules']);

/**
 * Reads every file under `directory` (not following symbolic links, which are returned as links).
 *
 * @example
 * const { files, symlinks } = await readDirectoryFiles('./docs');
 */
export async function readDirectoryFiles(directory: string): Promise<DirectoryFiles> {
  const root = resolve(directory);
  const stats = await lstat(root).catch((error: unknown) => {
    throw new QuireError('NOT_FOUND', `${directory} does not exist`, { path: directory }, { cause: error });
  });
  if (!stats.isDirectory()) throw new QuireError('INVALID_ARGUMENT', `${directory} is not a directory`, { path: directory });

  const result: DirectoryFiles = { files: new Map(), symlinks: new Map() };
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const key = relative(root, path).split(sep).join('/');
      if (entry.isSymbolicLink()) result.symlinks.set(key, await readlink(path));
      else if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) await walk(path);
      } else if (entry.isFile()) result.files.set(key, new Uint8Array(await readFile(path)));
    }
  };
  await walk(root);
  return result;
}

/**
 * Writes files (and symbolic links) under `directory`, creating folders as needed. With `clean`, the
 * directory is emptied first, except for `.git`. Paths are checked to stay inside the directory.
 *
 * @example
 * await writeDirectoryFiles('./out', { files, symlinks: new Map() }, { clean: true });
 */
export async function writeDirectoryFiles(directory: string, content: DirectoryFiles, options: { clean?: boolean } = {}): Promise<void> {
  const root = resolve(directory);
  await mkdir(root, { recursive: true });
  if (options.clean) {
    for (const entry of await readdir(root)) if (entry !== '.git') await rm(join(root, entry), { recursive: true, force: true });
  }
  const target = (path: string) => {
    const absolute = resolve(root, path);
    if (absolute !== root && !absolute.startsWith(root + sep)) throw new QuireError('FORMAT_PATH_ESCAPES_ROOT', `refusing to write ${path}: it leaves ${directory}`, { path });
    return absolute;
  };
  for (const [path, bytes] of content.files) {
    const absolute = target(path);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, bytes);
  }
  for (const [path, linkTarget] of content.symlinks) {
    const absolute = target(path);
    await mkdir(dirname(absolute), { recursive: true });
    await rm(absolute, { force: true });
    await symlink(linkTarget, absolute);
  }
}
