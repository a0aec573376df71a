// bench/service, issue 12: is the live heap's climb under the mixed load a leak, or the store's object cache
// filling up to its bound? The same mixed load against a server in this process, once per object-cache size,
// with the heap after a forced garbage collection every 15 s: a leak climbs whatever the cache size; a cache
// filling climbs less with a smaller cache and stops where the cache is full.
// Usage: node --expose-gc --import tsx bench/service/run-heap-by-cache.ts [--seconds 120] [--cache-mib 1,64]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, listen } from '../../src/server/index.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore } from '../../src/store/index.ts';
import { memoryTrend, sampleMemory } from './memory-trend.ts';
import { runMixedLoad, seedLoadSpace } from './mixed-load.ts';
import { RoundRobinApi } from './round-robin-api.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc --import tsx: the heap is read after a forced garbage collection');
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '120' }, 'cache-mib': { type: 'string', default: '1,64' } } });
const seconds = Number(values.seconds);
const cacheSizes = values['cache-mib'].split(',').map(Number);
if (!(seconds > 0) || cacheSizes.some((size) => !(size > 0))) throw new Error('--seconds and every --cache-mib must be positive numbers');

for (const cacheMiB of cacheSizes) {
  const data = mkdtempSync(join(tmpdir(), 'quire-bench-heap-'));
  const store = await openStore({ kind: 'sqlite', directory: data, cacheBytes: cacheMiB * 1024 * 1024 });
  try {
    const { token } = await bootstrap(store);
    const app = await buildApp({ store, logger: false });
    const api = new RoundRobinApi([new URL(await listen(app, { port: 0, host: '127.0.0.1' })).origin], token, 8);
    try {
      const space = await seedLoadSpace(api, 300);
      await runMixedLoad(api, space, { seconds: 10, connections: 8, seed: 1001 });
      const sampler = sampleMemory(15, () => {
        gc();
        return process.memoryUsage().heapUsed / 1024 / 1024;
      });
      const result = await runMixedLoad(api, space, { seconds, connections: 8, seed: 1 });
      const heap = await sampler.stop();
      const trend = memoryTrend(heap);
      console.log(`object cache ${cacheMiB} MiB: ${result.operations} operations, ${result.errors} errors; live heap MiB every 15 s: ${heap.map((sample) => sample.mib.toFixed(1)).join(' ')}`);
      console.log(`  middle third ${trend.middleThirdMiB.toFixed(1)}, last third ${trend.lastThirdMiB.toFixed(1)} (${(trend.growth * 100).toFixed(1)}%); store: ${JSON.stringify(await store.stats())}`);
    } finally {
      await api.close();
      await app.close();
    }
  } finally {
    await store.close();
    rmSync(data, { recursive: true, force: true });
  }
}
