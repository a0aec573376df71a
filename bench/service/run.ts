// bench/service: requests per second and p99 latency of reading a page, listing the pages and searching a
// 10,000-page space over loopback, and the time to merge a one-page change request in it (three untimed, then
// fifteen timed, each time once the server is idle). The server is
// `quire serve` in its own process (bin/quire.js: dist/ when it is current, else the sources through tsx: run
// `npm run build` first); the load comes from wrk when it is installed, else from undici in this process.
// Usage: npx tsx bench/service/run.ts [pages=10000] [seconds=10] [--only=read,list,search,merge] [--cpu-prof=DIR]
//   --cpu-prof=DIR  the server writes a V8 CPU profile of its whole run into DIR (open it in Chrome DevTools).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { readDirectory } from '../../src/format/read-directory.ts';
import { flattenPages } from '../../src/model/page-tree.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore, type StoredRevisionFile } from '../../src/store/index.ts';
import { startServe } from '../../test/support/serve-process.ts';
import { generateRepository } from '../format/generate-repository.ts';
import { processCpuSeconds, settled } from '../process-readings.ts';
import { load, type LoadResult } from './load.ts';
import { wrkAvailable, wrkLoad } from './wrk-load.ts';

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const [pagesArg, secondsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const pages = Number(pagesArg ?? 10_000);
const seconds = Number(secondsArg ?? 10);
const flag = (name: string) => flags.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const phases = new Set((flag('only') ?? 'read,list,search,merge').split(','));
const profileDirectory = flag('cpu-prof');
/** Two words of the generated pages' vocabulary (bench/format/generate-repository.ts): many pages match. */
const searchWord = 'merge conflict';
/** Merges made first, untimed (the server's first merges compile its merge path), then merges timed. */
const firstMerges = 3;
const timedMerges = 15;
const withWrk = await wrkAvailable();
const loadWith = withWrk ? wrkLoad : load;
const data = mkdtempSync(join(tmpdir(), 'quire-bench-service-'));

try {
  // The space, written straight into the store: 10,000 pages with their bodies and files.
  const store = await openStore({ kind: 'sqlite', directory: data });
  const { token, organization } = await bootstrap(store);
  writeFileSync(join(data, 'admin-token'), `${token}\n`, { mode: 0o600 });
  const { bundle } = readDirectory(generateRepository(pages));
  for (const body of Object.values(bundle.documents)) await store.putDocument(body);
  const files: StoredRevisionFile[] = [];
  for (const { downloadURL: _unused, ...file } of bundle.revision.files) {
    const { hash } = await store.putBlob(bundle.files[file.id]!);
    files.push({ ...file, blob: hash });
  }
  const space = await store.createSpace({
    organizationId: organization.id,
    title: 'Bench',
    content: { pages: bundle.revision.pages, files, reusableContents: bundle.revision.reusableContents, source: bundle.source },
  });
  await store.close();
  const documents = flattenPages(bundle.revision.pages).filter((page) => page.type === 'document');
  const target = documents[Math.floor(documents.length / 2)]!;
  console.log(`Space ${space.id}: ${documents.length} pages`);

  const served = await startServe(['--data', data], profileDirectory === undefined ? {} : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] });
  console.log(`server: pid ${served.child.pid}, its own process; load from ${withWrk ? 'wrk (1 thread)' : 'undici in the bench process (wrk not installed)'}`);
  const origin = new URL(served.baseUrl).origin;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await request(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${served.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) throw new Error(`${method} ${path} answered ${response.statusCode}: ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
  };
  try {
    // The server's CPU per request is read too: on this 2-core machine wrk takes its share of the cores, and the
    // rate moved by a fifth from one run to the next where the CPU a request costs did not.
    const serverCpu = () => processCpuSeconds(served.child.pid!);
    const report = (label: string, result: LoadResult, connections: number, cpuSeconds: number) =>
      console.log(
        `${label.padEnd(16)}${result.requestsPerSecond.toFixed(result.requestsPerSecond < 100 ? 1 : 0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ` +
          `server CPU ${formatCpu(cpuSeconds / Math.max(1, result.requests))} a request ` +
          `(${connections} connections, ${result.requests} requests, ${result.errors} errors, ${(result.bytesPerResponse / 1024).toFixed(1)} KiB each)`,
      );
    const measured = async (label: string, path: string, connections: number) => {
      const before = serverCpu();
      const result = await loadWith(origin, path, { token: served.token, seconds, connections });
      report(label, result, connections, serverCpu() - before);
    };
    if (phases.has('read')) {
      const pagePath = `/v1/spaces/${space.id}/content/page/${target.id}?format=markdown`;
      await loadWith(origin, pagePath, { token: served.token, seconds: 2, connections: 16 }); // warm-up
      await measured('read a page', pagePath, 16);
    }
    if (phases.has('list')) await measured('list all pages', `/v1/spaces/${space.id}/content/pages`, 4);
    if (phases.has('search')) {
      // The first search indexes the space (written straight into the store, it has no index yet): timed apart.
      const searchPath = `/v1/spaces/${space.id}/search?query=${encodeURIComponent(searchWord)}`;
      const indexing = performance.now();
      await call('GET', searchPath);
      console.log(`first search (indexes the space): ${(performance.now() - indexing).toFixed(0)} ms`);
      await measured('search', searchPath, 16);
    }

    if (phases.has('merge')) {
      // After the search load the server still answers the searches it had queued: the merges are timed once it is
      // idle, as a user's merge made later would be.
      const idle = await settled(served.child.pid!);
      const merge = async (round: number) => {
        const changeRequest = (await call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: `Edit ${round}` }))!;
        await call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`, {
          changes: [{ operation: 'update_page', page: target.id, document: { markdown: `Edited in round ${round}.\n` } }],
        });
        const started = performance.now();
        const merged = (await call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`))!;
        if (merged.result !== 'merge') throw new Error(`merge answered ${JSON.stringify(merged)}`);
        return performance.now() - started;
      };
      const first: number[] = [];
      for (let round = 0; round < firstMerges; round++) first.push(await merge(round));
      // A space never searched has no index yet: its first merge indexes all of it, after the answer.
      const indexed = await settled(served.child.pid!);
      const times: number[] = [];
      for (let round = firstMerges; round < firstMerges + timedMerges; round++) times.push(await merge(round));
      const sorted = [...times].sort((a, b) => a - b);
      const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!.toFixed(1);
      console.log(
        `merge a one-page change request: median ${at(0.5)} ms, p90 ${at(0.9)} ms, slowest ${at(1)} ms (${timedMerges} merges, in order: ${times.map((ms) => ms.toFixed(1)).join(', ')}); ` +
          `the server's first ${firstMerges}, not counted: ${first.map((ms) => ms.toFixed(1)).join(', ')} ms; server idle ${idle.toFixed(1)} s after the load, ${indexed.toFixed(1)} s after those`,
      );
    }
  } finally {
    served.child.kill('SIGINT');
    await served.exited;
  }
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}; load average at the end ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  if (profileDirectory !== undefined) console.log(`CPU profile of the server in ${profileDirectory}`);
} finally {
  rmSync(data, { recursive: true, force: true });
}

/** CPU seconds as µs or ms, whichever reads better. */
function formatCpu(seconds: number): string {
  return seconds < 0.001 ? `${(seconds * 1e6).toFixed(0)} µs` : `${(seconds * 1e3).toFixed(1)} ms`;
}
