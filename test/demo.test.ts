// `quire demo` (npm run demo), the README's first command: the main job end to end on the embedded default.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';

const out = mkdtempSync(join(tmpdir(), 'quire-demo-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('round-trips, syncs both ways, publishes and exports, and says where to look', async () => {
  let printed = '';
  const code = await runCli(['demo', '--out', out], { out: (text) => (printed += text), err: (text) => (printed += text), interactive: false });
  expect(code, printed).toBe(0);
  expect(printed).toContain('byte for byte the same');
  expect(printed).toMatch(/quire sync, Git → space/);
  expect(printed).toMatch(/commit [0-9a-f]{7} "QUIRE-2: Welcome readers from the service"/);
  expect(printed).toContain('No broken links.');
  expect(printed).toContain('Where to look:');
  expect(readFileSync(join(out, 'repository', 'README.md'), 'utf8')).toContain('This line was written in the service, through the API.');
  expect(existsSync(join(out, 'site', 'index.html'))).toBe(true);
  expect(readFileSync(join(out, 'site', 'index.html'), 'utf8')).toContain('This line was written in the service');
}, 120_000);
