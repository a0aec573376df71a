// bin/quire.js runs the bundle in dist/ (built by the global setup, as `npm ci` builds it) with a code cache
// (bin/load-bundle.js), and the TypeScript sources through tsx when asked to (QUIRE_FROM_SOURCE) or when a source is
// newer than the bundle: both must be the same program.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { Module } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bundleFor, bundleV8Flags, shortRunV8Flags, wrappedSource } from '../bin/load-bundle.js';
import { httpParserTierUpFlag } from '../src/import/http-parser-tier-up.ts';

const root = new URL('../', import.meta.url).pathname;
const quire = (env: Record<string, string> = {}, args = ['--help']) =>
  execFileSync(process.execPath, [`${root}bin/quire.js`, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

const temporaryFolder = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
};

describe('bin/quire.js', () => {
  it('has a current bundle to run, with the render, write, document, HTML and OpenAPI workers beside it', () => {
    expect(existsSync(`${root}dist/quire.cjs`)).toBe(true);
    expect(existsSync(`${root}dist/quire-export.cjs`)).toBe(true);
    expect(existsSync(`${root}dist/quire-sync.cjs`)).toBe(true);
    expect(existsSync(`${root}dist/render-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/write-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/document-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/html-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/openapi-worker-entry.mjs`)).toBe(true);
    const build = JSON.parse(readFileSync(`${root}dist/build.json`, 'utf8'));
    expect(build.newestSource).toBeGreaterThan(0);
    expect(build.bundleHash).toMatch(/^[0-9a-f]{16}$/);
    expect(build.exportBundleHash).toMatch(/^[0-9a-f]{16}$/);
    expect(build.syncBundleHash).toMatch(/^[0-9a-f]{16}$/);
    // Read as Latin-1 by bin/load-bundle.js.
    expect(/[^\0-\x7f]/.test(readFileSync(`${root}dist/quire.cjs`, 'latin1'))).toBe(false);
    expect(/[^\0-\x7f]/.test(readFileSync(`${root}dist/quire-export.cjs`, 'latin1'))).toBe(false);
    expect(/[^\0-\x7f]/.test(readFileSync(`${root}dist/quire-sync.cjs`, 'latin1'))).toBe(false);
  });

  it('leaves the other commands, the embedded service and its server out of the bundle `build` and `export` through an API run', () => {
    const full = readFileSync(`${root}dist/quire.cjs`, 'latin1');
    const exporting = readFileSync(`${root}dist/quire-export.cjs`, 'latin1');
    // esbuild heads each module it bundles with a comment naming its source.
    const modules = (bundle: string) => new Set(bundle.match(/^\/\/ src\/\S+\.ts$/gm));
    const left = [...modules(full)].filter((module) => !modules(exporting).has(module));
    expect(left).toEqual(expect.arrayContaining(['// src/cli/embedded-service.ts', '// src/cli/commands/serve.ts', '// src/cli/commands/sync.ts', '// src/server/build-app.ts', '// src/store/store-context.ts']));
    expect([...modules(exporting)].filter((module) => /^\/\/ src\/(server|store|sync)\//.test(module))).toEqual([]);
    expect(exporting.length).toBeLessThan(full.length / 2);
  });

  it("gives markdown-it the decoder of `entities`, not the package's index with its encoder (scripts/build-cli.ts)", () => {
    // esbuild heads each module it bundles with a comment naming its source.
    const entities = (bundle: string) => readFileSync(`${root}dist/${bundle}`, 'latin1').match(/^\/\/ node_modules\/markdown-it\/node_modules\/entities\/lib\/esm\/\S+$/gm) ?? [];
    for (const bundle of ['quire.cjs', 'quire-export.cjs']) {
      expect(entities(bundle)).toContain('// node_modules/markdown-it/node_modules/entities/lib/esm/decode.js');
      expect(entities(bundle).filter((module) => /\/(index|encode)\.js$/.test(module))).toEqual([]);
    }
  });

  it('leaves the other commands, the embedded service, the server and the renderer out of the bundle `sync` through an API runs', () => {
    const full = readFileSync(`${root}dist/quire.cjs`, 'latin1');
    const syncing = readFileSync(`${root}dist/quire-sync.cjs`, 'latin1');
    const modules = (bundle: string) => new Set(bundle.match(/^\/\/ src\/\S+\.ts$/gm));
    expect(modules(syncing)).toContain('// src/cli/commands/sync.ts');
    expect(modules(syncing)).toContain('// src/sync/plan.ts');
    const left = [...modules(full)].filter((module) => !modules(syncing).has(module));
    expect(left).toEqual(expect.arrayContaining(['// src/cli/embedded-service.ts', '// src/cli/commands/serve.ts', '// src/cli/commands/export.ts', '// src/server/build-app.ts', '// src/store/store-context.ts']));
    expect([...modules(syncing)].filter((module) => /^\/\/ src\/(server|store|render|export)\//.test(module))).toEqual([]);
    expect(syncing.length).toBeLessThan(full.length / 3);
  });

  it('runs the export bundle for `build` and for `export` through an API, the sync bundle for `sync` through an API, and the whole program otherwise', () => {
    const dist = temporaryFolder('quire-bundles-');
    writeFileSync(join(dist, 'quire-export.cjs'), '');
    writeFileSync(join(dist, 'quire-sync.cjs'), '');
    const build = { newestSource: 1, bundleHash: 'a'.repeat(16), exportBundleHash: 'b'.repeat(16), syncBundleHash: 'c'.repeat(16) };
    const ran = (argv: string[], env: Record<string, string> = {}) => {
      const { file, hash } = bundleFor(dist, build, argv, env);
      return `${file.slice(dist.length + 1)} ${hash[0]}`;
    };
    expect(ran(['build', 'docs', '--out', 'site'])).toBe('quire-export.cjs b');
    expect(ran(['export', '--site', 's1', '--out', 'site', '--api', 'http://127.0.0.1:8080', '--token', 't'])).toBe('quire-export.cjs b');
    expect(ran(['export', '--site', 's1', '--out', 'site', '--api=http://127.0.0.1:8080'])).toBe('quire-export.cjs b');
    expect(ran(['export', '--site', 's1', '--out', 'site'], { QUIRE_API_URL: 'http://127.0.0.1:8080' })).toBe('quire-export.cjs b');
    // The embedded service on ./.quire (or --data), which the export bundle leaves out.
    expect(ran(['export', '--site', 's1', '--out', 'site'])).toBe('quire.cjs a');
    expect(ran(['export', '--site', 's1', '--out', 'site', '--data', 'docs/.quire'])).toBe('quire.cjs a');
    expect(ran(['sync', '--dir', 'docs', '--api', 'http://127.0.0.1:8080', '--space', 's1'])).toBe('quire-sync.cjs c');
    expect(ran(['sync', '--dir', 'docs', '--space', 's1'], { QUIRE_API_URL: 'http://127.0.0.1:8080' })).toBe('quire-sync.cjs c');
    // `sync` on the embedded service, which the sync bundle leaves out.
    expect(ran(['sync', '--dir', 'docs'])).toBe('quire.cjs a');
    for (const argv of [['serve'], ['sites', 'list', '--api', 'http://127.0.0.1:8080'], ['--version'], []]) expect(ran(argv)).toBe('quire.cjs a');
    // A build without the export or sync bundle, or a dist/ that lost its file.
    expect(bundleFor(dist, { ...build, exportBundleHash: undefined }, ['build', 'docs'], {}).file).toBe(join(dist, 'quire.cjs'));
    expect(bundleFor(dist, { ...build, syncBundleHash: undefined }, ['sync', '--api', 'http://127.0.0.1:8080'], {}).file).toBe(join(dist, 'quire.cjs'));
    rmSync(join(dist, 'quire-export.cjs'));
    rmSync(join(dist, 'quire-sync.cjs'));
    expect(ran(['build', 'docs'])).toBe('quire.cjs a');
    expect(ran(['sync', '--api', 'http://127.0.0.1:8080'])).toBe('quire.cjs a');
  });

  it('builds the same site from the export bundle as from the sources', () => {
    const out = temporaryFolder('quire-export-bundle-');
    const cache = temporaryFolder('quire-export-bundle-cache-');
    const site = (env: Record<string, string>) => quire(env, ['build', `${root}fixtures/repositories/handbook`, '--out', join(out, env['QUIRE_FROM_SOURCE'] ? 'source' : 'bundle'), '--json']);
    const summary = (printed: string) => ({ ...JSON.parse(printed), outDir: undefined, milliseconds: undefined });
    expect(summary(site({ QUIRE_CACHE_DIR: cache }))).toEqual(summary(site({ QUIRE_FROM_SOURCE: '1' })));
    // The run was the export bundle's: the mark it left for its code cache is named by that bundle's hash.
    const { exportBundleHash } = JSON.parse(readFileSync(`${root}dist/build.json`, 'utf8'));
    expect(readdirSync(cache)).toEqual([expect.stringMatching(new RegExp(`^build-${exportBundleHash}-`))]);
    expect(readFileSync(join(out, 'bundle/index.html'), 'utf8')).toBe(readFileSync(join(out, 'source/index.html'), 'utf8'));
  });

  it('prints the same help from the bundle and from the sources', () => {
    const bundled = quire();
    expect(bundled).toContain('Usage: quire [options] [command]');
    expect(bundled).toContain('export');
    expect(quire({ QUIRE_FROM_SOURCE: '1' })).toBe(bundled);
  });

  it('stops quietly when the reader has closed the pipe (quire --help | head -1)', () => {
    // `true` reads nothing and exits long before node has started, so every write meets a closed pipe.
    const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${root}bin/quire.js" --help | true; echo "status \${PIPESTATUS:-done}"`], { encoding: 'utf8' });
    expect(piped.stderr).toBe('');
    expect(piped.status).toBe(0);
  });

  it('checks the sources against the bundle in a Git checkout only: an installed package runs its bundle', () => {
    // A package of its own: bin/quire.js, a bundle and a source that each say which ran, the source newer.
    const folder = temporaryFolder('quire-entry-');
    mkdirSync(join(folder, 'bin'));
    mkdirSync(join(folder, 'dist'));
    mkdirSync(join(folder, 'src/cli'), { recursive: true });
    copyFileSync(`${root}bin/quire.js`, join(folder, 'bin/quire.js'));
    copyFileSync(`${root}bin/load-bundle.js`, join(folder, 'bin/load-bundle.js'));
    copyFileSync(`${root}bin/package.json`, join(folder, 'bin/package.json'));
    symlinkSync(`${root}node_modules`, join(folder, 'node_modules'));
    writeFileSync(join(folder, 'dist/quire.cjs'), "console.log('bundle');\n");
    writeFileSync(join(folder, 'dist/build.json'), `${JSON.stringify({ newestSource: Date.UTC(2026, 0, 1), bundleHash: '0123456789abcdef' })}\n`);
    writeFileSync(join(folder, 'src/cli/main.ts'), "console.log('source');\n");
    utimesSync(join(folder, 'src/cli/main.ts'), new Date(Date.UTC(2026, 0, 2)), new Date(Date.UTC(2026, 0, 2)));
    const run = () => execFileSync(process.execPath, [join(folder, 'bin/quire.js')], { encoding: 'utf8', env: { ...process.env, QUIRE_FROM_SOURCE: '', QUIRE_CACHE_DIR: join(folder, 'cache') } }).trim();

    expect(run()).toBe('bundle');
    mkdirSync(join(folder, '.git'));
    expect(run()).toBe('source');
  });

  describe('the code cache of the bundle', () => {
    const cacheFiles = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);
    // A command that works with no service: a small site built from a fixture.
    const buildSite = (env: Record<string, string>) => {
      const out = temporaryFolder('quire-code-cache-site-');
      const printed = quire(env, ['build', `${root}fixtures/repositories/handbook`, '--out', out]);
      return printed.replaceAll(out, '<out>').replace(/ in (?:\d+ ms|[\d.]+ s)/, ' in <time>');
    };

    it("is looked up with the bundle's text as Module.wrap gives it, made in one piece", () => {
      for (const bundle of ['quire.cjs', 'quire-export.cjs', 'quire-sync.cjs']) {
        const file = `${root}dist/${bundle}`;
        expect(wrappedSource(file) === Module.wrap(readFileSync(file, 'latin1'))).toBe(true);
      }
      const small = join(temporaryFolder('quire-wrapped-source-'), 'bundle.cjs');
      writeFileSync(small, 'module.exports = 1;');
      expect(wrappedSource(small)).toBe(Module.wrap('module.exports = 1;'));
    });

    it('is written by the second run of a command, the first only marking that it ran, then read: the runs print the same', () => {
      const cache = temporaryFolder('quire-code-cache-');
      const first = buildSite({ QUIRE_CACHE_DIR: cache });
      // `quire build` runs the export bundle (bundleFor).
      const { exportBundleHash } = JSON.parse(readFileSync(`${root}dist/build.json`, 'utf8'));
      const [mark, ...othersThen] = cacheFiles(cache);
      expect(mark).toMatch(new RegExp(`^build-${exportBundleHash}-[0-9a-f]{12}\\.v8cache\\.ran$`));
      expect(othersThen).toEqual([]);
      expect(statSync(join(cache, mark!)).size).toBe(0);

      expect(buildSite({ QUIRE_CACHE_DIR: cache })).toBe(first);
      const [file, ...others] = cacheFiles(cache);
      expect(file).toBe(mark!.replace(/\.ran$/, ''));
      expect(others).toEqual([]);
      const written = statSync(join(cache, file!));
      expect(written.size).toBeGreaterThan(100_000);

      expect(buildSite({ QUIRE_CACHE_DIR: cache })).toBe(first);
      // Read, not written again (V8 accepted it).
      expect(statSync(join(cache, file!)).mtimeMs).toBe(written.mtimeMs);
      expect(cacheFiles(cache)).toEqual([file]);
      expect(first).toMatch(/^Exported \d+ pages/);
    });

    it('is written again when V8 rejects it, and the command runs as without one', () => {
      const cache = temporaryFolder('quire-code-cache-');
      const expected = buildSite({ QUIRE_COMPILE_CACHE: '0' });
      buildSite({ QUIRE_CACHE_DIR: cache });
      buildSite({ QUIRE_CACHE_DIR: cache });
      const [file] = cacheFiles(cache);
      writeFileSync(join(cache, file!), 'not a code cache');
      expect(buildSite({ QUIRE_CACHE_DIR: cache })).toBe(expected);
      expect(statSync(join(cache, file!)).size).toBeGreaterThan(100_000);
    });

    it("keeps the command's caches of the two newest other bundles, the other commands', and removes the rest, with its marks of other bundles' first runs", () => {
      const cache = temporaryFolder('quire-code-cache-');
      const older = (name: string, hoursAgo: number) => {
        writeFileSync(join(cache, name), 'an older bundle');
        const when = new Date(Date.now() - hoursAgo * 3_600_000);
        utimesSync(join(cache, name), when, when);
      };
      older('build-00000000000000a1-000000000000.v8cache', 3);
      older('build-00000000000000a2-000000000000.v8cache', 2);
      older('build-00000000000000a3-000000000000.v8cache', 1);
      older('spaces-00000000000000a1-000000000000.v8cache', 3);
      older('build-00000000000000a9-000000000000.v8cache.123.partial', 2);
      older('build-00000000000000a8-000000000000.v8cache.124.partial', 0);
      older('build-00000000000000a4-000000000000.v8cache.ran', 0);
      older('spaces-00000000000000a4-000000000000.v8cache.ran', 0);
      buildSite({ QUIRE_CACHE_DIR: cache });
      buildSite({ QUIRE_CACHE_DIR: cache });
      const { exportBundleHash } = JSON.parse(readFileSync(`${root}dist/build.json`, 'utf8'));
      const names = cacheFiles(cache).map((name) => name.replace(exportBundleHash, 'CURRENT').replace(/-[0-9a-f]{12}\.v8cache$/, '.v8cache'));
      expect(names.sort()).toEqual([
        'build-00000000000000a2.v8cache',
        'build-00000000000000a3.v8cache',
        // A run still writing it.
        'build-00000000000000a8-000000000000.v8cache.124.partial',
        'build-CURRENT.v8cache',
        'spaces-00000000000000a1.v8cache',
        // Another command's mark: that command prunes its own.
        'spaces-00000000000000a4-000000000000.v8cache.ran',
      ]);
    });

    it('is not written by a run that asks for help or the version, nor by one that fails', () => {
      const cache = temporaryFolder('quire-code-cache-');
      quire({ QUIRE_CACHE_DIR: cache }, ['build', '--help']);
      quire({ QUIRE_CACHE_DIR: cache }, ['--version']);
      const failed = spawnSync(process.execPath, [`${root}bin/quire.js`, 'build', join(cache, 'no-such-folder')], { encoding: 'utf8', env: { ...process.env, QUIRE_CACHE_DIR: cache } });
      expect(failed.status).not.toBe(0);
      expect(cacheFiles(cache)).toEqual([]);
    });

    it('is neither read nor written with QUIRE_COMPILE_CACHE=0', () => {
      const cache = temporaryFolder('quire-code-cache-');
      buildSite({ QUIRE_CACHE_DIR: cache, QUIRE_COMPILE_CACHE: '0' });
      expect(cacheFiles(cache)).toEqual([]);
    });

    it("is written by the build for the bundle's top level, and a damaged one does not stop a command", () => {
      expect(statSync(`${root}dist/quire.cjs.v8cache`).size).toBeGreaterThan(100_000);
      expect(statSync(`${root}dist/quire-export.cjs.v8cache`).size).toBeGreaterThan(100_000);
      // An installed copy of the package whose build cache is damaged.
      const folder = temporaryFolder('quire-build-cache-');
      mkdirSync(join(folder, 'bin'));
      mkdirSync(join(folder, 'dist'));
      for (const file of ['bin/quire.js', 'bin/load-bundle.js', 'bin/package.json', 'dist/quire.cjs', 'dist/build.json']) copyFileSync(`${root}${file}`, join(folder, file));
      writeFileSync(join(folder, 'dist/quire.cjs.v8cache'), 'not a code cache');
      symlinkSync(`${root}node_modules`, join(folder, 'node_modules'));
      const version = execFileSync(process.execPath, [join(folder, 'bin/quire.js'), '--version'], { encoding: 'utf8', env: { ...process.env, QUIRE_CACHE_DIR: join(folder, 'cache') } });
      expect(version.trim()).toBe(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version);
    });

    it('is made under the V8 options the bundle sets as it starts', () => {
      expect(bundleV8Flags).toBe(httpParserTierUpFlag);
    });
  });

  describe('V8 options', () => {
    // V8 ignores an option it does not know (one a later Node renamed, say) with a line on stderr at most: each one
    // the commands set must name an option of this Node's V8, with a value of its type.
    it('names options this Node has, each a number option set to a number', () => {
      const known = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
      const options = `${bundleV8Flags} ${shortRunV8Flags}`.split(' ');
      expect(options.map((option) => option.replace(/=.*$/, ''))).toEqual(['--wasm-tiering-budget', '--max-inlined-bytecode-size-cumulative', '--interrupt-budget']);
      for (const option of options) {
        const [name, value] = option.slice(2).split('=');
        expect(known, name).toMatch(new RegExp(`^  --${name} \\(.*\\)\\n\\s+type: (int|uint) `, 'm'));
        expect(value, name).toMatch(/^[1-9]\d*$/);
      }
    });
  });
});
