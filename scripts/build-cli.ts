// Builds the CLI's bundle: src/cli/main.ts → dist/quire.mjs, the export's render worker →
// dist/render-worker-entry.mjs, the service's document worker → dist/document-worker-entry.mjs and its HTML worker
// (website imports) → dist/html-worker-entry.mjs, its OpenAPI worker → dist/openapi-worker-entry.mjs. Quire's own modules are bundled into one file each; packages from node_modules stay
// imports. Run from source through tsx, `quire` spends over a second loading some 400 modules through tsx's loader
// before it does anything; the bundle starts in a fraction of that. bin/quire.js runs the bundle when it is at
// least as new as every source file, and the sources otherwise. `npm ci` builds it (`prepare`), as do the tests
// (test/support/build-cli.global.ts).
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const distFolder = join(root, 'dist');

/**
 * Builds both bundles into dist/ and writes `dist/build.json` with the time of the newest source it was built from.
 *
 * @example
 * await buildCli();
 */
export async function buildCli(): Promise<void> {
  const newestSource = await newestModification(join(root, 'src'));
  await mkdir(distFolder, { recursive: true });
  await bundleQuire(
    { quire: join(root, 'src/cli/main.ts'), 'render-worker-entry': join(root, 'src/export/render-worker.ts'), 'document-worker-entry': join(root, 'src/service/content/document-worker.ts'), 'html-worker-entry': join(root, 'src/service/import/html-worker.ts'), 'openapi-worker-entry': join(root, 'src/service/openapi/openapi-worker.ts') },
    distFolder,
  );
  await writeFile(join(distFolder, 'build.json'), `${JSON.stringify({ newestSource })}\n`);
}

/**
 * Bundles entry points the way the CLI is bundled into `outdir` (`<name>.mjs` each, chunks for what they share and
 * load lazily). A bundle that exports sites must include `render-worker-entry` next to it: the render pool starts
 * its worker threads from that file, beside the running module. bench/export times its measurement this way.
 *
 * @example
 * await bundleQuire({ measure: 'bench/export/measure-quire.ts', 'render-worker-entry': 'src/export/render-worker.ts' }, 'bench/.out/quire-bench');
 */
export async function bundleQuire(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Commands are loaded when they run (src/cli/program.ts): each becomes its own chunk.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'linked',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  });
}

/** The newest modification time (ms) of a file under `folder`. */
async function newestModification(folder: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCli();
  process.stdout.write(`built ${join(distFolder, 'quire.mjs')}\n`);
}
