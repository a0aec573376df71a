// The committed Action bundle must be what the source builds: rebuild it in memory and compare.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildActionBundle, bundlePath } from '../../scripts/build-action.ts';

it('action/dist/index.js is the bundle of src/action/main.ts (run npm run build:action after changing the source)', async () => {
  const committed = readFileSync(bundlePath, 'utf8');
  const built = await buildActionBundle();
  expect(built.length).toBe(committed.length);
  expect(built === committed).toBe(true);
});

it('action.yml runs the bundle on node24 with the documented inputs and outputs', () => {
  const text = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8');
  expect(text).toMatch(/using: node24\n\s+main: action\/dist\/index\.js/);
  for (const input of ['api-url', 'token', 'space', 'directory', 'direction', 'branch', 'prefer', 'dry-run']) expect(text).toContain(`\n  ${input}:\n`);
  for (const output of ['revision', 'change-request', 'commit', 'result']) expect(text).toContain(`\n  ${output}:\n`);
});
