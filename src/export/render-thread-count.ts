// How many render threads an export starts: apart from export-site.ts, so that EarlyRenderThreads, which `quire
// export` loads before the renderer, does not load the renderer with it.
import { availableParallelism } from 'node:os';

/**
 * From this many pages on, `workers: 'auto'` renders in worker threads. Below it they do not pay: a worker loads the
 * renderer and warms up its own JIT, and its collector adds to the work of V8's helper threads; on 2 vCPUs,
 * bench/export's 1,000 mixed pages took 3.3 s of CPU with a render thread against 2.7 s without, in 1.1 s of this
 * thread's time against 1.5, so both cores were already full.
 */
export const workerThreshold = 1500;
/** The same on 2 or 3 cores, where the worker competes with V8's helper threads for the second core. */
export const fewCoresWorkerThreshold = 4000;

/**
 * Extra render threads for `workers: 'auto'` and a site of `pages` pages: one per spare core, at most 3, from
 * `workerThreshold` pages on (`fewCoresWorkerThreshold` below 4 cores).
 *
 * @example
 * const threads = startRenderThreads(autoRenderThreads(pagesSoFar)); // before exportSite, while reading the site
 */
export function autoRenderThreads(pages: number): number {
  const cores = availableParallelism();
  if (cores < 2 || pages < (cores >= 4 ? workerThreshold : fewCoresWorkerThreshold)) return 0;
  return Math.min(cores - 1, 3);
}
