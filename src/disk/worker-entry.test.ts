import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from './package-root.ts';
import { workerEntry } from './worker-entry.ts';

const folder = mkdtempSync(join(tmpdir(), 'quire-worker-entry-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('workerEntry', () => {
  it('finds the entry beside the module, else one folder up (a chunk of the bundle), else none', () => {
    mkdirSync(join(folder, 'chunks'));
    writeFileSync(join(folder, 'beside.mjs'), '');
    writeFileSync(join(folder, 'chunks', 'beside.mjs'), '');
    writeFileSync(join(folder, 'up.mjs'), '');
    const chunk = pathToFileURL(join(folder, 'chunks', 'chunk-1.mjs'));
    expect(fileURLToPath(workerEntry('beside.mjs', chunk)!)).toBe(join(folder, 'chunks', 'beside.mjs'));
    expect(fileURLToPath(workerEntry('up.mjs', chunk)!)).toBe(join(folder, 'up.mjs'));
    expect(workerEntry('nowhere.mjs', chunk)).toBeUndefined();
  });

  // The CLI's bundle (built by the suite's global setup): dist/quire.cjs and the workers' chunks start workers from
  // the entries beside it.
  it.each(['render-worker-entry.mjs', 'write-worker-entry.mjs', 'document-worker-entry.mjs', 'html-worker-entry.mjs', 'openapi-worker-entry.mjs'])('finds %s from the bundle and from a chunk of dist/', (entry) => {
    const dist = join(packageRoot, 'dist');
    expect(existsSync(join(dist, 'quire.cjs')), 'dist/ is built before the tests').toBe(true);
    expect(fileURLToPath(workerEntry(entry, pathToFileURL(join(dist, 'quire.cjs')))!)).toBe(join(dist, entry));
    expect(fileURLToPath(workerEntry(entry, pathToFileURL(join(dist, 'chunks', 'any-chunk.mjs')))!)).toBe(join(dist, entry));
  });
});
