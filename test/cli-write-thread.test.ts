// `quire export` and `quire build` start the export's write thread before they fetch or read the site (so that it
// boots while the second core is idle), hand it to exportSite, and stop it when they fail before exportSite: the
// commands exit promptly (src/cli/prompt-exit.ts), so a thread left running would not hang them, only waste a
// core and leak in a process that runs them in-process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCommand } from '../src/cli/commands/build.ts';
import { runCli } from '../src/cli/program.ts';
import { ThreadedBundleWriter } from '../src/export/write-thread.ts';
import { startConformanceServer, type ConformanceServer } from './conformance/harness.ts';
import { captureTerminal, publishOneSpaceSite } from './support/published-site.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-cli-write-thread-'));
let server: ConformanceServer;
let siteId: string;

beforeAll(async () => {
  server = await startConformanceServer('sqlite');
  siteId = await publishOneSpaceSite(server, [{ operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown: '# Welcome\n\nHello.\n' } }]);
});

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

afterEach(() => vi.restoreAllMocks());

/** Spies on the write threads started, and on the stopping of each. */
function watchWriteThreads() {
  const start = vi.spyOn(ThreadedBundleWriter, 'start');
  const abort = vi.spyOn(ThreadedBundleWriter.prototype, 'abort');
  const started = () => start.mock.results.map((result) => result.value as ThreadedBundleWriter);
  const stopped = (thread: ThreadedBundleWriter) => abort.mock.contexts.includes(thread);
  return { start, started, stopped };
}

describe('the write thread of quire export', () => {
  it('is started once, written through, and stopped', async () => {
    const threads = watchWriteThreads();
    const out = join(work, 'exported');
    const code = await runCli(['export', '--site', siteId, '--out', out, '--api', server.baseUrl, '--token', server.admin.token], captureTerminal());
    expect(code).toBe(0);
    expect(threads.start.mock.calls).toEqual([[out]]);
    expect(threads.stopped(threads.started()[0]!)).toBe(true);
  });

  it('is stopped when the site cannot be read', async () => {
    const threads = watchWriteThreads();
    const code = await runCli(['export', '--site', 'nosuchsite', '--out', join(work, 'none'), '--api', server.baseUrl, '--token', server.admin.token], captureTerminal());
    expect(code).toBe(1);
    expect(threads.started()).toHaveLength(1);
    expect(threads.stopped(threads.started()[0]!)).toBe(true);
  });
});

describe('the write thread of quire build', () => {
  it('is started once, written through, and stopped', async () => {
    const dir = join(work, 'docs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'README.md'), '# Docs\n\nHello.\n');
    const threads = watchWriteThreads();
    const out = join(work, 'built');
    expect(await buildCommand(dir, { out }, captureTerminal())).toBe(0);
    expect(threads.start.mock.calls).toEqual([[out]]);
    expect(threads.stopped(threads.started()[0]!)).toBe(true);
  });

  it('is stopped when the directory is not a site', async () => {
    const dir = join(work, 'empty');
    mkdirSync(dir);
    const threads = watchWriteThreads();
    const terminal = captureTerminal();
    expect(await buildCommand(dir, { out: join(work, 'not-built') }, terminal)).toBe(2);
    expect(terminal.errors()).toMatch(/quire build: /);
    expect(threads.started()).toHaveLength(1);
    expect(threads.stopped(threads.started()[0]!)).toBe(true);
  });
});
