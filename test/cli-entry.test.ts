// bin/quire.js runs the bundle in dist/ (built by the global setup, as `npm ci` builds it) and the TypeScript
// sources through tsx when asked to (QUIRE_FROM_SOURCE) or when a source is newer than the bundle: both must be the
// same program.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const quire = (env: Record<string, string> = {}) =>
  execFileSync(process.execPath, [`${root}bin/quire.js`, '--help'], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('bin/quire.js', () => {
  it('has a current bundle to run, with the render, write, document, HTML and OpenAPI workers beside it', () => {
    expect(existsSync(`${root}dist/quire.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/render-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/write-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/document-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/html-worker-entry.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/openapi-worker-entry.mjs`)).toBe(true);
    expect(JSON.parse(readFileSync(`${root}dist/build.json`, 'utf8')).newestSource).toBeGreaterThan(0);
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
    const folder = mkdtempSync(join(tmpdir(), 'quire-entry-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    mkdirSync(join(folder, 'bin'));
    mkdirSync(join(folder, 'dist'));
    mkdirSync(join(folder, 'src/cli'), { recursive: true });
    copyFileSync(`${root}bin/quire.js`, join(folder, 'bin/quire.js'));
    symlinkSync(`${root}node_modules`, join(folder, 'node_modules'));
    writeFileSync(join(folder, 'dist/quire.mjs'), "console.log('bundle');\n");
    writeFileSync(join(folder, 'dist/build.json'), `${JSON.stringify({ newestSource: Date.UTC(2026, 0, 1) })}\n`);
    writeFileSync(join(folder, 'src/cli/main.ts'), "console.log('source');\n");
    utimesSync(join(folder, 'src/cli/main.ts'), new Date(Date.UTC(2026, 0, 2)), new Date(Date.UTC(2026, 0, 2)));
    const run = () => execFileSync(process.execPath, [join(folder, 'bin/quire.js')], { encoding: 'utf8', env: { ...process.env, QUIRE_FROM_SOURCE: '' } }).trim();

    expect(run()).toBe('bundle');
    mkdirSync(join(folder, '.git'));
    expect(run()).toBe('source');
  });
});
