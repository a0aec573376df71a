import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { writeDirectoryFiles } from '../../src/disk/directory-files.ts';
import type { MixedSpace } from './generate-mixed-site.ts';

/** Writes the mixed site as users keep it: one folder per space, committed to a Git repository (what `quire sync` reads). */
export async function writeSiteRepository(folder: string, spaces: readonly MixedSpace[]): Promise<void> {
  const files = new Map<string, Uint8Array>();
  for (const space of spaces) for (const [path, bytes] of space.files) files.set(`${space.folder}/${path}`, bytes);
  await rm(folder, { recursive: true, force: true });
  await writeDirectoryFiles(folder, { files, symlinks: new Map() }, { clean: true });
  const git = (...gitArgs: string[]) => {
    const result = spawnSync('git', ['-C', folder, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...gitArgs], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${result.stderr}`);
  };
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'The generated site');
}
