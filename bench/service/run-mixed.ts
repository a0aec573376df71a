// bench/service, issue 12: a sustained mixed load (90% reads, 10% writes) over loopback against one `quire serve`
// on SQLite and against two `quire serve` processes on one PostgreSQL database (requests round robin), with
// latency percentiles per operation, errors, and each server's resident memory every 5 s.
// Usage: npx tsx bench/service/run-mixed.ts [--store sqlite|postgres|both] [--seconds 120] [--connections 8]
//        [--pages 300] [--warmup 10] [--seed 1] [--heap-every 30]
// --heap-every N: every N s (0: never) a garbage collection in each server, through the inspector the bench starts
// it with on loopback, then its live heap; the pause that collection costs shows in the latencies, so not often.
// PostgreSQL: QUIRE_BENCH_DATABASE_URL (else QUIRE_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// names a server and a database to connect to; the bench creates its own database quire_bench_load there and
// drops it at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServe, type Served } from '../../test/support/serve-process.ts';
import type { LatencySummary } from './latency-summary.ts';
import { connectHeapProbe, inspectorUrl, type HeapProbe } from './inspector-heap.ts';
import { memoryTrend, residentMiB, sampleMemory, type MemorySample } from './memory-trend.ts';
import { loadOperations, runMixedLoad, seedLoadSpace, type MixedLoadResult } from './mixed-load.ts';
import { writeShare } from './operation-mix.ts';
import { RoundRobinApi } from './round-robin-api.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '120' },
    connections: { type: 'string', default: '8' },
    pages: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    'heap-every': { type: 'string', default: '30' },
  },
});
const positive = (name: keyof typeof values, least = 1) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < least) throw new Error(`--${name} must be an integer of at least ${least}, not ${String(values[name])}`);
  return value;
};
const storeNames = { sqlite: ['sqlite'], postgres: ['postgres'], both: ['sqlite', 'postgres'] } as const;
if (!Object.hasOwn(storeNames, values.store)) throw new Error(`--store must be sqlite, postgres or both, not ${values.store}`);
const stores = storeNames[values.store as keyof typeof storeNames];
const options = { seconds: positive('seconds'), connections: positive('connections'), pages: positive('pages'), warmup: positive('warmup'), seed: positive('seed'), heapEvery: positive('heap-every', 0) };
if (options.pages < 20) throw new Error(`--pages must be at least 20 (10 chapters and their pages), not ${options.pages}`);

const adminUrl = process.env.QUIRE_BENCH_DATABASE_URL ?? process.env.QUIRE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const benchDatabase = 'quire_bench_load';

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`);
console.log(`mix: ${((1 - writeShare(loadOperations)) * 100).toFixed(0)}% reads, ${(writeShare(loadOperations) * 100).toFixed(0)}% writes; ${options.connections} connections, ${options.pages} pages, ${options.warmup} s warm-up then ${options.seconds} s, seed ${options.seed}`);

for (const store of stores) await benchStore(store);

/** Starts the servers of `store`, seeds, warms up, runs the measured load while sampling RSS, prints, and cleans up. */
async function benchStore(store: 'sqlite' | 'postgres'): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'quire-bench-mixed-'));
  const servers: Served[] = [];
  const probes: HeapProbe[] = [];
  const serve = (args: string[]) => startServe(['--data', data, ...args], options.heapEvery === 0 ? {} : { env: { NODE_OPTIONS: '--inspect=127.0.0.1:0' } });
  const admin = store === 'postgres' ? new pg.Client({ connectionString: adminUrl }) : undefined;
  try {
    if (admin !== undefined) {
      await admin.connect();
      await admin.query(`drop database if exists ${benchDatabase}`);
      await admin.query(`create database ${benchDatabase}`);
      const url = new URL(adminUrl);
      url.pathname = `/${benchDatabase}`;
      // The first process creates the tables and the admin; the second joins them.
      servers.push(await serve(['--database', url.toString()]));
      servers.push(await serve(['--database', url.toString()]));
    } else {
      servers.push(await serve([]));
    }
    if (options.heapEvery > 0) {
      for (const served of servers) probes.push(await connectHeapProbe(inspectorUrl(served.stderr()) ?? `(no inspector address on the stderr of pid ${served.child.pid})`));
    }
    const api = new RoundRobinApi(
      servers.map((served) => new URL(served.baseUrl).origin),
      servers[0]!.token,
      options.connections,
    );
    try {
      const space = await seedLoadSpace(api, options.pages);
      console.log(`\n## ${store === 'sqlite' ? 'SQLite, one process' : 'PostgreSQL, two processes (round robin)'}: space ${space.spaceId}, ${space.pages.length} document pages; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
      await runMixedLoad(api, space, { seconds: options.warmup, connections: options.connections, seed: options.seed + 1000 });
      const rssSamplers = servers.map((served) => sampleMemory(5, () => residentMiB(served.child.pid!)));
      const heapSamplers = probes.map((probe) => sampleMemory(options.heapEvery, () => probe.liveHeapMiB()));
      const result = await runMixedLoad(api, space, { seconds: options.seconds, connections: options.connections, seed: options.seed });
      const rss = await Promise.all(rssSamplers.map((sampler) => sampler.stop()));
      const heap = await Promise.all(heapSamplers.map((sampler) => sampler.stop()));
      printResult(result);
      servers.forEach((served, index) => {
        printMemory(`RSS of process ${index + 1} (pid ${served.child.pid}), MiB every 5 s`, rss[index]!);
        if (heap[index] !== undefined) printMemory(`live heap after a garbage collection, process ${index + 1}, MiB every ${options.heapEvery} s`, heap[index]);
      });
      console.log(`load average at the end: ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
      for (const served of servers) {
        const stderr = served.stderr().replace(/^(Debugger listening on|For help, see:|Debugger attached).*\n/gm, '').trim();
        if (stderr !== '') console.log(`stderr of pid ${served.child.pid}:\n${stderr.slice(0, 2000)}`);
      }
    } finally {
      await api.close();
    }
  } finally {
    for (const probe of probes) probe.close();
    for (const served of servers) served.child.kill('SIGINT');
    await Promise.all(servers.map((served) => served.exited));
    if (admin !== undefined) {
      await admin.query(`drop database if exists ${benchDatabase}`).catch((error: unknown) => console.log(`could not drop ${benchDatabase}: ${String(error)}`));
      await admin.end();
    }
    rmSync(data, { recursive: true, force: true });
  }
}

function printResult(result: MixedLoadResult): void {
  const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
  const row = (name: string, latency: LatencySummary, errors: number) =>
    `| ${name} | ${latency.count} | ${(latency.count / result.seconds).toFixed(1)} | ${ms(latency.p50Ms)} | ${ms(latency.p90Ms)} | ${ms(latency.p99Ms)} | ${ms(latency.maxMs)} | ${errors} |`;
  console.log(`${result.operations} operations in ${result.seconds.toFixed(1)} s: ${(result.operations / result.seconds).toFixed(0)} operations/s, ${result.errors} errors`);
  console.log('| operation | done | per s | p50 ms | p90 ms | p99 ms | max ms | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const operation of result.perOperation) console.log(row(`${operation.writes ? 'write' : 'read'}: ${operation.name}`, operation.latency, operation.errors));
  const errorsOf = (writes: boolean) => result.perOperation.filter((operation) => operation.writes === writes).reduce((sum, operation) => sum + operation.errors, 0);
  console.log(row('**all reads**', result.reads, errorsOf(false)));
  console.log(row('**all writes**', result.writes, errorsOf(true)));
  console.log(row('**all**', result.overall, result.errors));
  for (const sample of result.errorSamples) console.log(`error: ${sample}`);
  console.log(`renamed pages read back through every process: ${result.renamedPages} pages, ${result.lostRenames.length} with another title than the last rename's`);
  for (const lost of result.lostRenames.slice(0, 20)) console.log(`lost rename: ${lost}`);
}

function printMemory(name: string, samples: MemorySample[]): void {
  const trend = memoryTrend(samples);
  console.log(`${name}: ${samples.map((sample) => sample.mib.toFixed(0)).join(' ')}`);
  console.log(
    `  first ${trend.firstMiB.toFixed(0)}, last ${trend.lastMiB.toFixed(0)}, peak ${trend.peakMiB.toFixed(0)}; middle third ${trend.middleThirdMiB.toFixed(0)}, last third ${trend.lastThirdMiB.toFixed(0)} (${(trend.growth * 100).toFixed(1)}%): ${trend.verdict}`,
  );
}
