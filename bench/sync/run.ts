/**
 * bench/sync: the initial sync of an N-page repository into a fresh space, then one page changed and synced
 * again. Reports the HTTP requests (the client's `requestCounts()`) and the time of each; the target (DESIGN.md,
 * "Performance") is a handful of requests for the one-page change, in a time that does not grow with N. Next to
 * the wall-clock time of a one-page sync, the CPU time the process spent on it (client and server together, all
 * threads): on a shared machine it moves less with the load than the wall clock does.
 *
 *   npx tsx bench/sync/run.ts [pages...]      default: 1000 10000
 *
 * The server runs in this process on a throwaway SQLite store, on a real socket (127.0.0.1). A 1,000-page run
 * first, not reported, warms the process up, so that the first size measured does not pay for compiling the
 * code more than the next ones.
 */
import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../src/client/index.ts';
import { initRepository, writeCommit, type GitIdentity } from '../../src/git/index.ts';
import { buildApp, listen } from '../../src/server/index.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore } from '../../src/store/index.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';
import { generateRepository } from '../format/generate-repository.ts';

/** One-page syncs measured after the first (which reads the revision and writes the location cache). */
const warmRuns = 9;
/** One-page syncs measured on a fresh checkout (no location cache). */
const freshRuns = 5;

const author: GitIdentity = { name: 'Bench', email: 'bench@quire.invalid', timestamp: 1_700_000_000, timezoneOffset: 0 };

async function measure(pageCount: number): Promise<Record<string, string | number>> {
  const folder = mkdtempSync(join(tmpdir(), 'quire-bench-sync-'));
  const store = await openStore({ kind: 'sqlite', directory: join(folder, 'store') });
  const admin = await bootstrap(store);
  const app = await buildApp({ store, logger: false });
  const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
  const client = createApiClient({ baseUrl, token: admin.token });
  try {
    const files = generateRepository(pageCount);
    const repo = await initRepository({ fs, dir: join(folder, 'repo') });
    const first = await writeCommit(repo, { parent: null, changes: { write: files }, author, message: `${pageCount} pages`, ref: 'main' });
    const space = await client.createSpace(admin.organization.id, { title: 'Bench' });
    const context = { client, repo, spaceId: space.id, options: { direction: 'both' as const, prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix } };

    const started = performance.now();
    const initial = await runSync(context, { dryRun: false });
    const initialMs = performance.now() - started;
    if (!initial.result.ok) throw new Error(`initial sync failed: ${initial.result.reason} ${JSON.stringify(initial.result.items.filter((item) => item.outcome === "failed").slice(0, 3))}`);
    const initialRequests = client.requestCounts().total;

    const pages = [...files.keys()].filter((path) => path.endsWith('.md') && path.includes('/page-') && !path.startsWith('.gitbook'));
    let parent = first;
    const editOnePage = async (index: number) => {
      const page = pages[index * 97 % pages.length]!;
      const edited = new TextEncoder().encode(`${new TextDecoder().decode(files.get(page))}\nOne more line (${index}).\n`);
      parent = await writeCommit(repo, { parent, changes: { write: new Map([[page, edited]]) }, author: { ...author, timestamp: author.timestamp + 60 * (index + 1) }, message: `Edit one page (${index})`, ref: 'main' });
      client.resetRequestCounts();
      const cpuBefore = process.cpuUsage();
      const began = performance.now();
      const run = await runSync(context, { dryRun: false });
      const ms = performance.now() - began;
      const cpu = process.cpuUsage(cpuBefore);
      if (!run.result.ok || run.result.mode !== 'import') throw new Error(`incremental sync: ${run.result.mode}`);
      return { ms, cpuMs: (cpu.user + cpu.system) / 1000, counts: client.requestCounts() };
    };
    // The first sync after the initial import reads the revision once (where each Git path lives) and caches it
    // in .git/quire/; the next ones read only the changed blobs and the cache.
    const cold = await editOnePage(0);
    const warm: Array<Awaited<ReturnType<typeof editOnePage>>> = [];
    for (let index = 1; index <= warmRuns; index++) warm.push(await editOnePage(index));
    // The GitHub Action's case: a fresh checkout, without .git/quire/, each run (issue 17). The server locates the
    // changed path (extension git-paths) instead of the whole revision being read.
    const fresh: Array<Awaited<ReturnType<typeof editOnePage>>> = [];
    for (let index = warmRuns + 1; index <= warmRuns + freshRuns; index++) {
      rmSync(join(repo.gitdir, 'quire'), { recursive: true, force: true });
      fresh.push(await editOnePage(index));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      pages: pageCount,
      'initial sync': `${(initialMs / 1000).toFixed(1)} s`,
      'initial requests': initialRequests,
      'one page changed, first': `${cold.ms.toFixed(0)} ms, ${cold.counts.total} requests`,
      [`one page changed, next (median of ${warmRuns})`]: `${median(warm.map((run) => run.ms)).toFixed(0)} ms, CPU ${median(warm.map((run) => run.cpuMs)).toFixed(0)} ms, ${Math.max(...warm.map((run) => run.counts.total))} requests at most`,
      [`one page changed, fresh clone (median of ${freshRuns})`]: `${median(fresh.map((run) => run.ms)).toFixed(0)} ms, CPU ${median(fresh.map((run) => run.cpuMs)).toFixed(0)} ms, ${Math.max(...fresh.map((run) => run.counts.total))} requests at most, ${Math.max(...fresh.map((run) => run.counts.byRoute['GET /v1/spaces/{spaceId}/revisions/{revisionId}'] ?? 0))} whole-revision reads`,
      routes: Object.entries(warm[0]!.counts.byRoute).map(([route, count]) => `${count}× ${route}`).join('; '),
    };
  } finally {
    await client.close();
    await app.close();
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number).filter((size) => size > 0);
await measure(1000);
for (const size of sizes.length > 0 ? sizes : [1000, 10000]) {
  const row = await measure(size);
  process.stdout.write(`${JSON.stringify(row)}\n`);
}
