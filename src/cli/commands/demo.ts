import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readDirectoryFiles } from '../../disk/directory-files.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';
import { convert } from './convert.ts';

/** The sample repository the demo works on, written by us. */
export const sampleRepository = fileURLToPath(new URL('../../../fixtures/repositories/handbook', import.meta.url));

/**
 * `quire demo`: the main job on the embedded default, end to end, as far as it is built. Today that is the
 * format: the sample repository becomes a revision bundle and is written back, byte for byte.
 */
export async function demo(options: { out: string }, terminal: Terminal): Promise<number> {
  const bundlePath = join(options.out, 'handbook.json');
  const directory = join(options.out, 'handbook');
  terminal.out(`Quire demo: the sample repository ${sampleRepository}\n\n`);

  terminal.out('1. Read the repository into a revision bundle (pages, files, reusable content, git oids)\n   ');
  let code = await convert(sampleRepository, bundlePath, {}, terminal);
  if (code !== exitCodes.ok) return code;

  terminal.out('2. Write the bundle back out as a Git Sync directory\n   ');
  code = await convert(bundlePath, directory, { force: true }, terminal);
  if (code !== exitCodes.ok) return code;

  const original = (await readDirectoryFiles(sampleRepository)).files;
  const written = (await readDirectoryFiles(directory)).files;
  const same = original.size === written.size && [...original].every(([path, bytes]) => written.has(path) && Buffer.compare(written.get(path)!, bytes) === 0);
  terminal.out(`3. Compare: ${same ? `all ${original.size} files are byte for byte the same` : 'the files DIFFER (this is a bug, please report it)'}\n\n`);
  terminal.out(`Look at ${bundlePath} (the bundle) and ${directory}/ (written back).\n\n`);
  terminal.out(
    'Not built yet, so not part of this demo: the service (quire serve), sync of a repository into a space\n' +
      '(quire sync) and the static export of a published site (quire export). They come with the next issues.\n',
  );
  return same ? exitCodes.ok : exitCodes.unexpected;
}
