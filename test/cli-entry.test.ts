// bin/quire.js runs the bundle in dist/ (built by the global setup, as `npm ci` builds it) and the TypeScript
// sources through tsx when asked to (QUIRE_FROM_SOURCE) or when a source is newer than the bundle: both must be the
// same program.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const quire = (env: Record<string, string> = {}) =>
  execFileSync(process.execPath, [`${root}bin/quire.js`, '--help'], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('bin/quire.js', () => {
  it('has a current bundle to run, with the render, document, HTML and OpenAPI workers beside it', () => {
    expect(existsSync(`${root}dist/quire.mjs`)).toBe(true);
    expect(existsSync(`${root}dist/render-worker-entry.mjs`)).toBe(true);
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
});
