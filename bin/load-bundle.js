// Runs the CLI's bundle (dist/quire.cjs, or the smaller dist/quire-export.cjs or dist/quire-sync.cjs for the commands
// they run: `bundleFor`; one CommonJS file each: scripts/build-cli.ts) with a V8 code cache, as Node 22's
// module.enableCompileCache() would: Node 20 keeps none for ES modules, and compiling the bundle's 7 MB took 0.17 to
// 0.23 s of every command's start. The first runs of each command start from the build's cache of the bundle's top
// level (dist/quire.cjs.v8cache, `writeBuildCache`); the second, when it exits, saves what V8 compiled (the functions
// that run ran compiled too), and later runs of that command start from that (about 0.02 s) and skip compiling those
// functions again. A first run only leaves a mark that the command ran: saving costs 25 to 30 ms, which every run in a
// fresh home (a CI job) would pay for nothing. A cache is named by the bundle's hash (dist/build.json), the command,
// Node's version, the architecture and the process's V8 options, so no cache is ever read for another bundle or another
// V8; V8 rejects one that does not fit anyway, and that run writes it again. Runs that ask for help or the version, and
// runs that fail, write none. Caches live in $QUIRE_CACHE_DIR, else $XDG_CACHE_HOME/quire, else ~/.cache/quire;
// QUIRE_COMPILE_CACHE=0 turns them off. Nothing here can fail a command: a cache that cannot be read or written is
// compiled without. It also sets the V8 options of the bundle's commands (`bundleV8Flags`, `shortRunV8Flags`).
// CommonJS (bin/package.json), as bin/quire.js: Node's ES module loader took 7 to 9 ms more of every command's start.
'use strict';
const { createHash } = require('node:crypto');
const { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire, Module } = require('node:module');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const vm = require('node:vm');

/**
 * The V8 option src/import/http-parser-tier-up.ts sets as the bundle starts. V8 keeps a code cache for the options
 * it was made under: set before compiling, it is the same when the cache is made at exit and when it is read.
 * test/cli-entry.test.ts holds the two to the same value.
 */
const bundleV8Flags = '--wasm-tiering-budget=180000000';

/**
 * V8 options for every command but `quire serve`: commands that run over a site once and exit (bench/export, issue 17;
 * BENCHMARKS.md). A server runs long enough to repay V8's defaults and keeps them.
 * - TurboFan inlines at most 300 bytes of bytecode into a function it optimizes instead of 920: exporting 1,000
 *   pages, V8's compiler threads spent about 0.9 s of the export's 2.4 s of CPU optimizing some 200 functions,
 *   against the main thread's 1.2 s of work; with less inlining they compile faster, the code runs about as fast, and
 *   the export takes about 0.3 s less CPU and 0.1 s less time.
 * - A function is optimized after twice V8's budget of bytecode run (135,168 bytes instead of 67,584), so fewer of
 *   them are, later: the same export took 1,188 against 1,220 ms (medians of 16 alternating runs, faster in 13), and
 *   `quire build` 1,710 against 1,748 ms (faster in 9 of 12); half the budget was 70 ms slower, four times it 20 ms
 *   slower than twice.
 */
const shortRunV8Flags = '--max-inlined-bytecode-size-cumulative=300 --interrupt-budget=135168';

/**
 * The bundle of dist/ that runs `argv` with the environment `env`, and its hash (`build` is dist/build.json):
 * dist/quire-export.cjs for `quire build` and for `quire export` through an API (`--api`, or QUIRE_API_URL, as
 * src/cli/api-connection.ts reads them), dist/quire-sync.cjs for `quire sync` through an API, each of which leaves
 * out every other command and the embedded service (scripts/build-cli.ts, `commandBundles`); dist/quire.cjs for
 * everything else, and for a build without such a bundle (or a dist/ without its file).
 *
 * @example
 * bundleFor('/…/dist', build, ['build', 'docs'], {}) // → { file: '/…/dist/quire-export.cjs', hash: build.exportBundleHash }
 */
function bundleFor(dist, build, argv, env) {
  const command = commandOf(argv);
  const throughApi = argv.some((argument) => argument === '--api' || argument.startsWith('--api=')) || env.QUIRE_API_URL !== undefined;
  const [file, hash] =
    command === 'build' || (command === 'export' && throughApi)
      ? ['quire-export.cjs', build.exportBundleHash]
      : command === 'sync' && throughApi
        ? ['quire-sync.cjs', build.syncBundleHash]
        : [undefined, undefined];
  if (file !== undefined && hash && existsSync(join(dist, file))) return { file: join(dist, file), hash };
  return { file: join(dist, 'quire.cjs'), hash: build.bundleHash };
}

/**
 * Compiles and runs the CommonJS bundle `file` (built with hash `bundleHash`) for `argv`, the command line's
 * arguments, with the code cache of its command.
 *
 * @example
 * loadBundle('/…/dist/quire.cjs', 'a3f…', process.argv.slice(2));
 */
function loadBundle(file, bundleHash, argv) {
  const command = commandOf(argv);
  setFlagsFromString(bundleV8Flags);
  if (command !== 'serve') setFlagsFromString(shortRunV8Flags);
  const enabled = process.env.QUIRE_COMPILE_CACHE !== '0';
  const cache = !enabled || !bundleHash || !runsACommand(command, argv) ? undefined : codeCache(bundleHash, command);
  const commandCache = cache === undefined ? undefined : readCache(cache.file);
  // A command's first run starts from the build's cache of the bundle's top level (on the Node that built it).
  const script = compileBundle(file, commandCache ?? (enabled ? readCache(buildCachePath(file)) : undefined));
  if (cache !== undefined && (commandCache === undefined || script.cachedDataRejected)) {
    // Only after a command's work: a run that failed early compiled little of what the next runs need.
    const ranBefore = commandCache !== undefined || existsSync(cache.mark);
    process.once('exit', (code) => {
      if (code !== 0) return;
      if (ranBefore) writeCache(cache, script);
      else markFirstRun(cache);
    });
  }
  const bundle = new Module(file);
  bundle.filename = file;
  bundle.paths = Module._nodeModulePaths(dirname(file));
  script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, dirname(file));
}

/** The bundle `file` compiled as a CommonJS module's function, from `cachedData` when V8 accepts it. */
function compileBundle(file, cachedData) {
  return new vm.Script(wrappedSource(file), {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
}

/**
 * The text of `Module.wrap` of the bundle `file`, made as one flat string. `Module.wrap` joins three strings, and V8
 * copied the joined text (2.35 MB for the export's bundle) into one more string before it looked up the code cache:
 * 6 ms and 580 page faults of each command's start on issue 17's machine. The bundle is ASCII by construction
 * (scripts/build-cli.ts), so it is read as Latin-1, without decoding UTF-8.
 */
function wrappedSource(file) {
  const [head, tail] = Module.wrapper;
  const descriptor = openSync(file, 'r');
  try {
    const textEnd = head.length + fstatSync(descriptor).size;
    const bytes = Buffer.allocUnsafe(textEnd + tail.length);
    bytes.latin1Write(head, 0);
    let end = head.length;
    while (end < textEnd) {
      const read = readSync(descriptor, bytes, end, textEnd - end, null);
      if (read === 0) break; // the file shrank as it was read: what was read is compiled, as readFileSync would give it
      end += read;
    }
    end += bytes.latin1Write(tail, end);
    return bytes.latin1Slice(0, end);
  } finally {
    closeSync(descriptor);
  }
}

/** Where the build keeps its code cache of `file`, the bundle: what compiling its top level gave (`writeBuildCache`). */
function buildCachePath(file) {
  return `${file}.v8cache`;
}

/**
 * Compiles the bundle `file` without running it, under the options its commands run with (but `quire serve`), and
 * writes the code cache of its top level beside it (`buildCachePath`): scripts/build-cli.ts runs it in a process of
 * its own after each build. A first run then skips parsing the whole bundle (0.1 s of the 7 MB), and compiles only
 * the functions it calls; V8 rejects the cache on another Node, where the run compiles as without one.
 *
 * @example
 * writeBuildCache('/…/dist/quire.cjs'); // → /…/dist/quire.cjs.v8cache
 */
function writeBuildCache(file) {
  setFlagsFromString(bundleV8Flags);
  setFlagsFromString(shortRunV8Flags);
  writeFileSync(buildCachePath(file), compileBundle(file, undefined).createCachedData());
}

/** The command `argv` names (`export` of `export --site x`), if any. */
function commandOf(argv) {
  return argv.find((argument) => !argument.startsWith('-'));
}

/**
 * Whether `argv` runs `command`, as against asking for help or the version: what such a run compiles is not what the
 * command compiles, and a cache, once written, is kept until the bundle changes.
 */
function runsACommand(command, argv) {
  return command !== undefined && command !== 'help' && !argv.some((argument) => ['--help', '-h', '--version', '-V'].includes(argument));
}

/** The code cache of the command `named` of this bundle on this Node: its folder, its file, and the pattern of its caches. */
function codeCache(bundleHash, named) {
  const folder = process.env.QUIRE_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'quire');
  const command = /^[a-z]{1,32}$/.test(named) ? named : 'other';
  const runtime = createHash('sha256')
    .update([process.version, process.arch, ...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0'))
    .digest('hex')
    .slice(0, 12);
  const file = join(folder, `${command}-${bundleHash}-${runtime}.v8cache`);
  return { folder, file, mark: `${file}.ran`, bundleHash, ofCommand: new RegExp(`^${command}-([0-9a-f]+)-[0-9a-f]+\\.v8cache(\\.ran)?$`) };
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Notes that the command ran once with this bundle (an empty file): its next run saves the cache. */
function markFirstRun(cache) {
  try {
    mkdirSync(cache.folder, { recursive: true });
    writeFileSync(cache.mark, '');
  } catch {
    // A read-only home: no run saves a cache there anyway.
  }
}

/**
 * Saves what V8 compiled of the bundle, through a file of its own renamed into place (two commands exiting together
 * each write a whole cache), then prunes the folder (`pruneCaches`).
 */
function writeCache(cache, script) {
  try {
    mkdirSync(cache.folder, { recursive: true });
    const partial = `${cache.file}.${process.pid}.partial`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cache.file);
    rmSync(cache.mark, { force: true });
    pruneCaches(cache);
  } catch {
    // A read-only home or a full disk: the next run compiles without a cache, as this one did.
  }
}

/** How many caches of a command for other bundles are kept: two installations sharing a home each keep theirs. */
const otherBundlesKept = 2;

/**
 * Removes this command's caches of other bundles but the `otherBundlesKept` newest (a checkout rebuilds its bundle
 * at every change), its marks of first runs of other bundles, and what a run killed while writing left behind
 * (`.partial` files an hour old).
 */
function pruneCaches(cache) {
  const others = [];
  for (const entry of readdirSync(cache.folder)) {
    const path = join(cache.folder, entry);
    if (entry.endsWith('.partial')) {
      if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
      continue;
    }
    const other = cache.ofCommand.exec(entry);
    if (other === null || other[1] === cache.bundleHash) continue;
    if (other[2] !== undefined) rmSync(path, { force: true });
    else others.push({ path, modified: statSync(path).mtimeMs });
  }
  others.sort((a, b) => b.modified - a.modified);
  for (const { path } of others.slice(otherBundlesKept)) rmSync(path, { force: true });
}

module.exports = { bundleV8Flags, shortRunV8Flags, bundleFor, loadBundle, buildCachePath, writeBuildCache, wrappedSource };
