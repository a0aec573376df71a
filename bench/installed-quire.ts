// Quire as `npm install` puts it on disk, for benches that time the commands users run: the files `npm pack` ships
// (package.json's `files`: bin/, dist/ with its code caches, src/ without tests), unpacked into a folder of their
// own, with the checkout's node_modules beside them (the lockfile's versions, as an install from the registry would
// resolve them). Run from the checkout instead, bin/quire.js first checks that no file under src/ is newer than the
// bundle (a Git checkout only, so that a developer's edit is never run stale): on issue 17's machine that check
// stat-ed 1,161 files in 21 ms of every command's start (hyperfine, `quire --version`), which an installed package
// never pays.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packs the checkout (`npm pack --ignore-scripts`: the caller has built dist/ already) and unpacks it into
 * `folder` (emptied first); returns the path of the installed bin/quire.js.
 *
 * @example
 * const quireBin = installQuire('bench/.out/installed'); // → '/…/bench/.out/installed/package/bin/quire.js'
 */
export function installQuire(folder: string): string {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: checkout, encoding: 'utf8' })) as Array<{ filename: string }>;
  const tarball = join(folder, packed[0]!.filename);
  execFileSync('tar', ['-xzf', tarball, '-C', folder]); // npm's tarballs hold the files under package/
  rmSync(tarball);
  const installed = join(folder, 'package');
  symlinkSync(join(checkout, 'node_modules'), join(installed, 'node_modules'), 'dir');
  return join(installed, 'bin', 'quire.js');
}
