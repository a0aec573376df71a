// Where Quire's own files are: the folder of its package.json. The code runs from src/ (through tsx) or from the
// bundle in dist/ (scripts/build-cli.ts), so files it reads at run time (the export's stylesheet and script, the
// demo's sample repositories) are found from the package root, not from the running module's folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  for (let folder = dirname(start); ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${start}`);
  }
}

/** The absolute path of Quire's package folder. */
export const packageRoot: string = findPackageRoot(fileURLToPath(import.meta.url));

/**
 * The absolute path of a file of the package, from its path in the repository.
 *
 * @example
 * packageFile('src/export/client/quire.css') // → '/…/quire/src/export/client/quire.css'
 */
export function packageFile(path: string): string {
  return join(packageRoot, path);
}

/**
 * The absolute path of a file a dependency ships, looked up as Node looks its package up (`node_modules/<name>` in
 * Quire's package folder or a folder above it) but without reading the package's `exports`, which may not name the
 * file (a browser build, say). About 0.1 ms, where `require.resolve` took 4 to 5 ms of the export's rendering
 * thread for the first package it resolved. Throws, naming the package, when it is not installed.
 *
 * @example
 * dependencyFile('minisearch', 'dist/umd/index.js') // → '/…/node_modules/minisearch/dist/umd/index.js'
 */
export function dependencyFile(name: string, path: string): string {
  for (let folder = packageRoot; ; folder = dirname(folder)) {
    const installed = join(folder, 'node_modules', name);
    if (existsSync(join(installed, 'package.json'))) return join(installed, path);
    if (dirname(folder) === folder) throw new Error(`the package ${name} is not installed in or above ${packageRoot}`);
  }
}
