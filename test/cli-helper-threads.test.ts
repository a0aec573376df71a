// `quire export` and `quire build` put V8's and Node's helper threads one step behind their main thread, which
// renders (src/cli/helper-threads.ts); other commands leave every thread as it is. Seen from inside the process, as
// users run it: the executable in a child process, with a probe preloaded that reads each thread's nice value.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { helperThreadNiceness, yieldsHelperThreads } from '../src/cli/helper-threads.ts';
import { runQuire } from './support/serve-process.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-helper-threads-'));
const probe = fileURLToPath(new URL('./support/thread-nice-probe.mjs', import.meta.url));
/** The niceness a child starts with: this process's. */
const startedAt = getPriority();

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `quire args` with the probe: the main thread's nice value, and those of the threads the process started with. */
async function niceValues(args: string[]): Promise<{ code: number | null; main: number; startup: number[] }> {
  const report = join(work, `probe-${args[0]}-${Date.now()}.json`);
  const run = await runQuire(args, { env: { NODE_OPTIONS: `--import ${probe}`, QUIRE_THREAD_PROBE: report } });
  return { code: run.code, ...(JSON.parse(readFileSync(report, 'utf8')) as { main: number; startup: number[] }) };
}

describe('which commands lower their helper threads', () => {
  it('export and build, whatever their options; not the others', () => {
    expect(yieldsHelperThreads(['export', '--site', 'abc', '--out', 'site'])).toBe(true);
    expect(yieldsHelperThreads(['--json', 'export', '--site', 'abc'])).toBe(true);
    expect(yieldsHelperThreads(['build', 'docs'])).toBe(true);
    for (const argv of [['serve'], ['sync', '--dir', '.'], ['--version'], []]) expect(yieldsHelperThreads(argv)).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('helper threads of a quire process (Linux)', () => {
  it('quire build: the threads the process started with run at a lower priority than its main thread', async () => {
    const dir = join(work, 'docs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'README.md'), '# Docs\n\nHello.\n');
    const seen = await niceValues(['build', dir, '--out', join(work, 'built')]);
    expect(seen.code).toBe(0);
    // The main thread keeps the priority it was started with (0, unless the tests run under `nice`).
    expect(seen.main).toBe(startedAt);
    // V8's platform workers (four by default) and Node's own helpers.
    expect(seen.startup.length).toBeGreaterThanOrEqual(4);
    expect(seen.startup.every((nice) => nice === Math.max(startedAt, helperThreadNiceness))).toBe(true);
  });

  it('another command leaves them as they are', async () => {
    const seen = await niceValues(['--version']);
    expect(seen.code).toBe(0);
    expect(seen.main).toBe(startedAt);
    expect(seen.startup.length).toBeGreaterThanOrEqual(4);
    expect(seen.startup.every((nice) => nice === startedAt)).toBe(true);
  });
});
