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
