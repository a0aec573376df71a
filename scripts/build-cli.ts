// Builds the CLI's bundle: src/cli/main.ts → dist/quire.mjs, the export's render worker →
// dist/render-worker-entry.mjs and its write thread → dist/write-worker-entry.mjs, the service's document worker → dist/document-worker-entry.mjs and its HTML worker
// (website imports) → dist/html-worker-entry.mjs, its OpenAPI worker → dist/openapi-worker-entry.mjs. Quire's own
// modules and the pure-JavaScript packages they import are bundled (`runtimeExternals` stay imports). Run from source
// through tsx, `quire` spends over a second loading some 400 modules through tsx's loader before it does anything;
// with packages left as imports, `quire export` still resolved and loaded some 770 package files (0.35 s before its
// first request); the bundle starts in a fraction of that. bin/quire.js runs the bundle when it is at
// least as new as every source file, and the sources otherwise. `npm ci` builds it (`prepare`), as do the tests
// (test/support/build-cli.global.ts).
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
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
  // Chunks are named by content: those of earlier builds would pile up (and ship with the package) unused.
  await rm(join(distFolder, 'chunks'), { recursive: true, force: true });
  await bundleQuire(
    { quire: join(root, 'src/cli/main.ts'), 'render-worker-entry': join(root, 'src/export/render-worker.ts'), 'write-worker-entry': join(root, 'src/export/write-worker.ts'), 'document-worker-entry': join(root, 'src/service/content/document-worker.ts'), 'html-worker-entry': join(root, 'src/service/import/html-worker.ts'), 'openapi-worker-entry': join(root, 'src/service/openapi/openapi-worker.ts') },
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
    external: [...runtimeExternals],
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'linked',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    // Bundled CommonJS packages call `require` (Node's built-ins, the externals): ESM has none of its own.
    banner: { js: "import { createRequire as __quireCreateRequire } from 'node:module';\nconst require = __quireCreateRequire(import.meta.url);" },
  });
}

/**
 * Packages the bundle imports from node_modules instead of including: native addons (better-sqlite3, and pg's
 * optional pg-native), packages that read their own files or start their own binaries (playwright-core, miniflare,
 * workerd, esbuild, tsx), and the server's framework and SAML stack, which load plugins and schemas by path.
 * Everything else is pure JavaScript and is bundled. Packages Quire only reads files from (Font Awesome's icons,
 * MiniSearch's browser build) are resolved with `createRequire`, which works from dist/ as from src/.
 */
export const runtimeExternals = ['better-sqlite3', 'pg', 'pg-native', 'playwright-core', 'miniflare', 'workerd', 'esbuild', 'tsx', 'tsx/*', 'fastify', '@fastify/*', '@node-saml/node-saml'] as const;

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
