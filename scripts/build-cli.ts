// Builds the CLI's bundles: src/cli/main.ts → dist/quire.cjs (one CommonJS file, which bin/quire.js compiles with a V8
// code cache: bin/load-bundle.js), dist/quire-export.cjs and dist/quire-sync.cjs (the same program without what `quire
// build`, `quire export` and `quire sync` through an API never run: `commandBundles`), and the worker threads' entries
// as ES modules sharing chunks: the export's render worker → dist/render-worker-entry.mjs and its write thread →
// dist/write-worker-entry.mjs, the service's document worker → dist/document-worker-entry.mjs, its HTML worker (website
// imports) → dist/html-worker-entry.mjs and its OpenAPI worker → dist/openapi-worker-entry.mjs. Quire's own modules and
// the pure-JavaScript packages they import are bundled (`runtimeExternals` stay imports). Run from source through tsx,
// `quire` spends over a second loading some 400 modules through tsx's loader before it does anything; with packages
// left as imports, `quire export` still resolved and loaded some 770 package files (0.35 s before its first request);
// an ES module bundle still took 0.17 s to compile at each start (Node 20 keeps no code cache of ES modules), the
// CommonJS one with its code cache 0.02 s. bin/quire.js runs the bundles when they are at least as new as every source
// file, and the sources otherwise. `npm ci` builds them (`prepare`), as do the tests
// (test/support/build-cli.global.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { deferRequires, deferredRequires } from './defer-requires.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const distFolder = join(root, 'dist');

/**
 * Builds the bundles into dist/ and writes `dist/build.json`: the time of the newest source they were built from, and
 * the hash of `quire.cjs` (bin/load-bundle.js names its code caches by it).
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
    { 'render-worker-entry': join(root, 'src/export/render-worker.ts'), 'write-worker-entry': join(root, 'src/export/write-worker.ts'), 'document-worker-entry': join(root, 'src/service/content/document-worker.ts'), 'html-worker-entry': join(root, 'src/service/import/html-worker.ts'), 'openapi-worker-entry': join(root, 'src/service/openapi/openapi-worker.ts') },
    distFolder,
  );
  const bundleHash = await bundleCommandLine(join(root, 'src/cli/main.ts'), join(distFolder, 'quire.cjs'));
  writeBundleCodeCache(join(distFolder, 'quire.cjs'));
  const hashes: Record<string, string> = {};
  for (const bundle of commandBundles) {
    hashes[bundle.hashKey] = await bundleCommandLine(join(root, 'src/cli/main.ts'), join(distFolder, bundle.file), { leaveOut: leavesOutBut(bundle.commands) });
    writeBundleCodeCache(join(distFolder, bundle.file));
  }
  // What earlier builds wrote in its place (the ES module entry of the command line).
  await rm(join(distFolder, 'quire.mjs'), { force: true });
  await rm(join(distFolder, 'quire.mjs.map'), { force: true });
  await writeFile(join(distFolder, 'build.json'), `${JSON.stringify({ newestSource, bundleHash, ...hashes })}\n`);
}

/**
 * Bundles the command line into one CommonJS file, `outfile`, and answers the hash of what it wrote. CommonJS because
 * Node 20 compiles a script with a V8 code cache (`vm.Script`'s `cachedData`) and an ES module without one: the
 * bundle's 7 MB compile in about 0.2 s, or 0.02 s from the cache bin/load-bundle.js keeps. One file, since esbuild
 * splits only ES modules; what commands import lazily is wrapped to run when imported, so it costs the code cache's
 * bytes, not its evaluation. The file is ASCII (what esbuild leaves in regular expressions is escaped), so that the
 * loader reads it without decoding UTF-8 (0.01 against 0.035 s).
 *
 * @example
 * const hash = await bundleCommandLine('src/cli/main.ts', 'dist/quire.cjs'); // → 'a3f…' (16 hex digits)
 */
export async function bundleCommandLine(entry: string, outfile: string, options: { leaveOut?: LeftOut } = {}): Promise<string> {
  const result = await build({
    plugins: [deferRequires(deferredRequires), markdownItDecoderOnly(), ...(options.leaveOut === undefined ? [] : [leaveOutModules(options.leaveOut)])],
    entryPoints: [entry],
    outfile,
    bundle: true,
    external: [...runtimeExternals],
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    legalComments: 'none',
    charset: 'ascii',
    logLevel: 'silent',
    write: false,
    // The sources are ES modules: what they ask of `import.meta` is where their file is, the bundle's.
    define: { 'import.meta.url': '__quireBundleUrl' },
    banner: { js: "const __quireBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  let hash = '';
  for (const output of result.outputFiles) {
    const text = output.path.endsWith('.cjs') ? asciiOnly(output.text) : output.text;
    if (output.path.endsWith('.cjs')) hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    await writeFile(output.path, text);
  }
  return hash;
}

/** Which of the modules a bundle's sources import it leaves out: `leaves(importer, imported)`, absolute paths. */
export type LeftOut = (importer: string, imported: string) => boolean;

/**
 * The bundles of the command line beside dist/quire.cjs, each the program without what its commands never run
 * through an API (`leavesOutBut`), and the key of its hash in dist/build.json. bin/load-bundle.js runs
 * dist/quire-export.cjs for `quire build` and for `quire export` through an API (`--api` or QUIRE_API_URL),
 * dist/quire-sync.cjs for `quire sync` through an API, and dist/quire.cjs for everything else. Those commands then
 * start from 2.35 and 1.46 MB instead of 7.1 MB (their API client needs no undici since issue 17's twenty-third
 * session): reading and compiling the rest of the program cost the 1,000-page export through the API 55 to 70 ms of
 * its 1.25 to 1.6 s, and each `quire sync` of the long-history bench 0.1 to 0.2 s (BENCHMARKS.md, issue 17).
 */
export const commandBundles = [
  { file: 'quire-export.cjs', hashKey: 'exportBundleHash', commands: ['export', 'build'] },
  { file: 'quire-sync.cjs', hashKey: 'syncBundleHash', commands: ['sync'] },
] as const;

/**
 * What a bundle that runs only `commands` leaves out of the command line: the modules of every other command
 * (src/cli/program.ts imports each when it runs), and the embedded service (src/cli/api-connection.ts and the sync
 * command import it when no API is given).
 */
export function leavesOutBut(commands: readonly string[]): LeftOut {
  const kept = commands.map((command) => join(root, `src/cli/commands/${command}.ts`));
  return (importer, imported) => {
    if (imported === join(root, 'src/cli/embedded-service.ts')) return true;
    return importer === join(root, 'src/cli/program.ts') && imported.startsWith(join(root, 'src/cli/commands/')) && !kept.includes(imported);
  };
}

/**
 * An esbuild plugin that puts, in place of each module `leaves` names, one that fails as it loads, naming the
 * module and the bundle: a command that reaches it was given the wrong bundle by bin/load-bundle.js.
 */
function leaveOutModules(leaves: LeftOut): Plugin {
  return {
    name: 'leave-out-modules',
    setup(bundle) {
      bundle.onResolve({ filter: /\.ts$/ }, async (args) => {
        if (args.pluginData === 'leave-out-modules' || args.kind === 'entry-point') return undefined;
        const resolved = await bundle.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'leave-out-modules' });
        if (resolved.errors.length > 0 || !leaves(args.importer, resolved.path)) return undefined;
        return { path: relative(root, resolved.path), namespace: 'left-out' };
      });
      bundle.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${basename(bundle.initialOptions.outfile ?? 'this bundle')} leaves out ${args.path}: bin/load-bundle.js runs dist/quire.cjs for the commands that need it`)});\nexport {};\n`,
        loader: 'ts',
      }));
    },
  };
}

/**
 * An esbuild plugin that gives markdown-it the decoder of `entities` where it imports the package's index. It imports
 * only `decodeHTML` and `decodeHTMLStrict`, but the index also loads the encoder, whose module builds a map of 2,000
 * named characters as it loads: in every command that loads markdown-it. `entities/lib/decode.js` is the subpath the
 * package exports for its decoder alone.
 */
function markdownItDecoderOnly(): Plugin {
  return {
    name: 'markdown-it-decoder-only',
    setup(bundle) {
      bundle.onResolve({ filter: /^entities$/ }, async (args) => {
        if (!/[\\/]node_modules[\\/]markdown-it[\\/]/.test(args.importer)) return undefined;
        const decoder = await bundle.resolve('entities/lib/decode.js', { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir });
        return decoder.errors.length > 0 ? { errors: decoder.errors } : { path: decoder.path };
      });
    },
  };
}

/**
 * Writes the code cache of the bundle's top level beside it (bin/load-bundle.js, `writeBuildCache`), in a Node
 * process of its own: the cache holds the V8 options of the process that made it, which must be a command's, not
 * this one's (a test runner's, or tsx's).
 */
function writeBundleCodeCache(bundle: string): void {
  const loader = pathToFileURL(join(root, 'bin/load-bundle.js')).href;
  const env = { ...process.env };
  delete env['NODE_OPTIONS'];
  const made = spawnSync(process.execPath, ['--input-type=module', '-e', `import { writeBuildCache } from ${JSON.stringify(loader)}; writeBuildCache(${JSON.stringify(bundle)});`], { encoding: 'utf8', env });
  if (made.status !== 0) throw new Error(`writing the code cache of ${bundle} failed: ${made.stderr}`);
}

/**
 * JavaScript source with every character past ASCII written as a `\uXXXX` escape (surrogates each on its own), which
 * means the same in string, template and regular expression literals. A character right after a backslash would
 * change meaning: the build fails on one rather than write it.
 */
function asciiOnly(source: string): string {
  return source.replace(/(\\?)([^\0-\x7f])/g, (_, backslash: string, character: string) => {
    if (backslash) throw new Error(`the CLI bundle has "\\${character}" (U+${character.charCodeAt(0).toString(16)}), which an escape would change`);
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * Bundles entry points as ES modules the way the CLI's workers are bundled into `outdir` (`<name>.mjs` each, chunks
 * for what they share and load lazily). A bundle that exports sites must include `render-worker-entry` next to it: the render pool starts
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
    plugins: [markdownItDecoderOnly()],
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
  process.stdout.write(`built ${join(distFolder, 'quire.cjs')}\n`);
}
