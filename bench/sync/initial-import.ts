/**
 * bench/sync initial import (issue 17: "an initial import of 10,000 pages < 5 s, peak memory of the sync process
 * < 500 MB"): the sync and the server each in their own process, as `quire sync` against a `quire serve` would
 * be. The server (serve-child.ts) uses a throwaway SQLite store; the sync (sync-child.ts) imports a generated
 * N-page repository into a new space. Reports the sync's wall-clock time by stage, its requests, its peak RSS,
 * the server's peak RSS, and the server's requests and bytes by route.
 *
 *   npx tsx bench/sync/initial-import.ts [pages]      default: 10000
 *   BENCH_CPU_PROF=<folder> npx tsx bench/sync/initial-import.ts   also writes CPU profiles there, a folder per process
 *                                                                  (`server/`, `sync/`), a file per thread
 */
import { spawn } from 'node:child_process';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApiClient } from '../../src/client/index.ts';
import { initRepository, writeCommit } from '../../src/git/index.ts';
import { generateRepository } from '../format/generate-repository.ts';

const pageCount = Number(process.argv[2] ?? 10000);
const profiles = process.env['BENCH_CPU_PROF'];
const here = import.meta.dirname;

/** Starts a bench script in its own node process (tsx loader, CPU profile when asked); lines of its stdout come one by one. */
function child(script: string, args: string[], name: string) {
  const flags = ['--import', 'tsx', ...(profiles === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(profiles, name)}`])];
  const process_ = spawn(process.execPath, [...flags, join(here, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: process_.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done === true) throw new Error(`${script} ended without answering`);
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  return { process: process_, nextLine };
}

const folder = mkdtempSync(join(tmpdir(), 'quire-bench-import-'));
const server = child('serve-child.ts', [folder], 'server');
try {
  const files = generateRepository(pageCount);
  const dir = join(folder, 'repo');
  const repo = await initRepository({ fs, dir });
  await writeCommit(repo, { parent: null, changes: { write: files }, author: { name: 'Bench', email: 'bench@quire.invalid', timestamp: 1_700_000_000, timezoneOffset: 0 }, message: `${pageCount} pages`, ref: 'main' });
  const { baseUrl, token, organizationId } = (await server.nextLine()) as { baseUrl: string; token: string; organizationId: string };
  const client = createApiClient({ baseUrl, token });
  const space = await client.createSpace(organizationId, { title: 'Bench' });
  await client.close();
  const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  const sync = await child('sync-child.ts', [baseUrl, token, space.id, dir], 'sync').nextLine();
  server.process.kill('SIGTERM');
  const served = await server.nextLine();
  process.stdout.write(`${JSON.stringify({ pages: pageCount, loadavg: loadBefore, sync, server: served }, null, 1)}\n`);
} finally {
  server.process.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
}
