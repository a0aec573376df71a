/**
 * bench/sync initial import (issue 17: "an initial import of 10,000 pages < 5 s, peak memory of the sync process
 * < 500 MB"): the sync and the server each in their own process, as `quire sync` against a `quire serve` would
 * be. The server (serve-child.ts) uses a throwaway SQLite store; the sync (sync-child.ts) imports a generated
 * N-page repository into a new space. Reports the sync's wall-clock time by stage, its requests, its peak RSS,
 * the server's peak RSS, and the server's requests and bytes by route.
 *
 * With `--runs=N` the import runs N times, each into a new repository, server and store (one after the other,
 * the same pages): the report is the run of median time (of an even count, the slower middle one), with every
 * run's time, CPU and peaks in `runs`. One run moved from 3.9 to 5.6 s with the machine's slow spells on issue
 * 17's machine; the other targets are judged on medians, and `npm run bench:targets` judges this one on the
 * median of 3. Before each run after the first, the
 * disk is flushed (`sync`) and the machine left quiet for `--pause` seconds (default 10), and every run's folder
 * is removed only after the last: each run starts as the first does, not while the kernel writes back or frees the
 * files of the one before.
 *
 *   npx tsx bench/sync/initial-import.ts [pages] [--runs=N] [--pause=S]   default: 10000 pages, 1 run, 10 s
 *   BENCH_CPU_PROF=<folder> npx tsx bench/sync/initial-import.ts   also writes CPU profiles there, a folder per process
 *                                                                  (`server/`, `sync/`), a file per thread
 */
import { spawn, spawnSync } from 'node:child_process';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApiClient } from '../../src/client/index.ts';
import { initRepository, writeCommit } from '../../src/git/index.ts';
import { generateRepository } from '../format/generate-repository.ts';

const args = process.argv.slice(2);
const pageCount = Number(args.find((arg) => !arg.startsWith('--')) ?? 10000);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1);
const pauseSeconds = Number(args.find((arg) => arg.startsWith('--pause='))?.slice('--pause='.length) ?? 10);
if (!Number.isInteger(pageCount) || pageCount < 1) throw new Error(`pages must be a whole number from 1, got ${args.join(' ')}`);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1, got ${args.join(' ')}`);
if (!Number.isFinite(pauseSeconds) || pauseSeconds < 0) throw new Error(`--pause must be a number of seconds, got ${args.join(' ')}`);
const profiles = process.env['BENCH_CPU_PROF'];
const here = import.meta.dirname;

/** Starts a bench script in its own node process (tsx loader, CPU profile when asked); lines of its stdout come one by one. */
function child(script: string, scriptArgs: string[], name: string) {
  const flags = ['--import', 'tsx', ...(profiles === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(profiles, name)}`])];
  const process_ = spawn(process.execPath, [...flags, join(here, script), ...scriptArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: process_.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done === true) throw new Error(`${script} ended without answering`);
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  return { process: process_, nextLine };
}

/** What one import reported: the sync's line (sync-child.ts) and the server's (serve-child.ts). */
interface ImportRun {
  loadavg: string;
  sync: { ms: number; cpuMs: number; maxRssMb: number } & Record<string, unknown>;
  server: { maxRssMb: number } & Record<string, unknown>;
}

/** One import of `files` into a new space, with its own repository, server and store, all in `folder`. */
async function importOnce(files: Map<string, Uint8Array>, folder: string): Promise<ImportRun> {
  const server = child('serve-child.ts', [folder], 'server');
  try {
    const dir = join(folder, 'repo');
    const repo = await initRepository({ fs, dir });
    await writeCommit(repo, { parent: null, changes: { write: files }, author: { name: 'Bench', email: 'bench@quire.invalid', timestamp: 1_700_000_000, timezoneOffset: 0 }, message: `${pageCount} pages`, ref: 'main' });
    const { baseUrl, token, organizationId } = (await server.nextLine()) as { baseUrl: string; token: string; organizationId: string };
    const client = createApiClient({ baseUrl, token });
    const space = await client.createSpace(organizationId, { title: 'Bench' });
    await client.close();
    const loadavg = fs.readFileSync('/proc/loadavg', 'utf8').trim();
    const sync = (await child('sync-child.ts', [baseUrl, token, space.id, dir], 'sync').nextLine()) as ImportRun['sync'];
    server.process.kill('SIGTERM');
    const served = (await server.nextLine()) as ImportRun['server'];
    return { loadavg, sync, server: served };
  } finally {
    server.process.kill('SIGTERM');
  }
}

const files = generateRepository(pageCount);
const done: ImportRun[] = [];
const folders: string[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    if (run > 1) {
      spawnSync('sync');
      await new Promise((resolve) => setTimeout(resolve, pauseSeconds * 1000));
    }
    folders.push(mkdtempSync(join(tmpdir(), 'quire-bench-import-')));
    done.push(await importOnce(files, folders.at(-1)!));
    if (runs > 1) process.stderr.write(`import ${run} of ${runs}: ${(done.at(-1)!.sync.ms / 1000).toFixed(2)} s\n`);
  }
} finally {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
// The run of median time (of an even count, the slower of the two in the middle, so that two runs are judged by
// the slower, not the quicker); every run in `runs`.
const median = [...done].sort((a, b) => a.sync.ms - b.sync.ms)[Math.floor(done.length / 2)]!;
const report = {
  pages: pageCount,
  loadavg: median.loadavg,
  sync: median.sync,
  server: median.server,
  ...(runs > 1 ? { runs: done.map((run) => ({ ms: run.sync.ms, cpuMs: run.sync.cpuMs, maxRssMb: run.sync.maxRssMb, serverMaxRssMb: run.server.maxRssMb, loadavg: run.loadavg })) } : {}),
};
process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
