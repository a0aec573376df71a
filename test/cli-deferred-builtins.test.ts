// The CLI's bundles put off the requires scripts/defer-requires.ts names: a command that talks to the API loads
// neither node:child_process (commander's executable subcommands) nor node:http2 (undici's HTTP/2 client), and the
// modules that asked for them still work when used.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { deferRequires, deferredRequires } from '../scripts/defer-requires.ts';

const root = new URL('../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'quire-deferred-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A preload that prints, as the process exits, which of Node's modules `names` it loaded. */
function loadedModulesPreload(names: string[]): string {
  const preload = join(scratch, 'loaded-modules.cjs');
  const pattern = `^NativeModule (${names.join('|')})$`;
  writeFileSync(preload, `process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify(process.moduleLoadList.filter((m) => new RegExp(${JSON.stringify(pattern)}).test(m)).map((m) => m.slice(13))) + '\\n'));\n`);
  return preload;
}

/** Runs bin/quire.js with `args` and the preload; resolves to its exit code and stderr. */
function runQuire(args: string[], preload: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', preload, `${root}bin/quire.js`, ...args], { env: { ...process.env, QUIRE_CACHE_DIR: join(scratch, 'cache') }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

const loadedOf = (stderr: string): string[] => JSON.parse(/^LOADED (.*)$/m.exec(stderr)?.[1] ?? 'null') as string[];

describe('the CLI bundle, as a command starts', () => {
  it('asks the API without loading node:child_process or node:http2', { timeout: 60_000 }, async () => {
    // An API that knows no organization: the export's first request fails at once, after a real HTTP exchange.
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: 'no such thing' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await runQuire(['export', '--site', 'site1', '--organization', 'org1', '--out', join(scratch, 'out'), '--api', api, '--token', 'secret'], loadedModulesPreload(['http', 'http2', 'child_process']));
      expect(run.code).not.toBe(0);
      expect(requests.length).toBeGreaterThan(0);
      expect(loadedOf(run.stderr)).toEqual(['http']);
    } finally {
      server.close();
    }
  });

});

describe('deferRequires (scripts/defer-requires.ts)', () => {
  it('loads a deferred module when it is first used, once, and answers from it: calls, properties and `in`', async () => {
    // A package file that requires a module whose loading is seen (it counts its loads on globalThis).
    const folder = join(scratch, 'plugin');
    mkdirSync(join(folder, 'node_modules/asker'), { recursive: true });
    writeFileSync(join(folder, 'node_modules/asker/heavy.js'), 'globalThis.heavyLoads = (globalThis.heavyLoads ?? 0) + 1;\nmodule.exports = Object.assign((a, b) => a + b, { answer: 42 });\n');
    writeFileSync(join(folder, 'node_modules/asker/index.js'), "const heavy = require('./heavy.js');\nmodule.exports = { heavy };\n");
    writeFileSync(join(folder, 'entry.js'), "const { heavy } = require('asker');\nconst log = [globalThis.heavyLoads ?? 0];\nlog.push(heavy(2, 3), globalThis.heavyLoads, heavy.answer, 'answer' in heavy, heavy(1, 1), globalThis.heavyLoads);\nconsole.log(JSON.stringify(log));\n");
    const outfile = join(folder, 'bundle.cjs');
    await build({ entryPoints: [join(folder, 'entry.js')], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent', plugins: [deferRequires([{ importer: 'node_modules/asker/index.js', request: './heavy.js' }])] });
    // Not loaded by the require; loaded by the first call; once.
    expect(JSON.parse(execFileSync(process.execPath, [outfile], { encoding: 'utf8' }))).toEqual([0, 5, 1, 42, true, 2, 1]);
    // Another importer's require of the same request is left as it is.
    const plain = join(folder, 'plain.cjs');
    await build({ entryPoints: [join(folder, 'entry.js')], outfile: plain, bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent', plugins: [deferRequires([{ importer: 'node_modules/other/index.js', request: './heavy.js' }])] });
    expect(JSON.parse(execFileSync(process.execPath, [plain], { encoding: 'utf8' }))).toEqual([1, 5, 1, 42, true, 2, 1]);
  });

  it('names what the CLI defers: each importer and request as the installed packages have them', () => {
    for (const { importer, request } of deferredRequires) {
      const source = readFileSync(join(root, importer), 'utf8');
      expect(source, importer).toContain(`require('${request}')`);
    }
  });
});
