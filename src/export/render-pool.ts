import { Worker } from 'node:worker_threads';
import { workerEntry } from '../disk/worker-entry.ts';
import { QuireError } from '../errors/quire-error.ts';
import { renderSitePage, type ChromeCache, type RenderedPage, type SitePlan } from '../render/index.ts';
import { threadIconLibrary } from './icon-library.ts';

export type WorkerRequest = { type: 'render'; indices: number[] } | { type: 'stop' };
/** A page a worker thread rendered and wrote itself: everything but its HTML, and the bytes it wrote. */
export type WrittenPage = Omit<RenderedPage, 'html'> & { bytes: number };
export type WorkerReply = { type: 'ready' } | { type: 'pages'; pages: WrittenPage[] } | { type: 'error'; message: string };
/** What a worker thread starts with. */
export interface WorkerStart {
  plan: SitePlan;
  /** The export's output folder: a worker writes the pages it renders. */
  outDir: string;
}

/** Pages a worker takes at a time: enough to make messages cheap, few enough to share the tail of the work. */
const workerBatch = 32;
/** Pages this thread renders before it lets worker replies and writes through. */
const mainBatch = 8;

/**
 * Renders every page of a plan and hands each to `consume`. This thread always renders, and `consume` writes those
 * pages; with `workers > 0` that many worker threads render too, taking batches from the same queue, and write the
 * pages they render into `outDir` themselves (so the writing is shared too): `consume` gets those as `WrittenPage`s.
 * The threads' start-up (loading the renderer, receiving the plan) costs nothing: this thread is already working
 * meanwhile. `consume` may return a promise to slow rendering down while writes catch up.
 *
 * @example
 * await renderPages(plan, 1, 'site', (page) => ('bytes' in page ? count(page) : write(page.folder, page.html)));
 */
export async function renderPages(plan: SitePlan, workers: number, outDir: string, consume: (page: RenderedPage | WrittenPage) => void | Promise<void>): Promise<void> {
  const total = plan.pages.length;
  let next = 0;
  const take = (size: number): number[] => {
    const indices: number[] = [];
    while (indices.length < size && next < total) indices.push(next++);
    return indices;
  };
  // Pages from workers and from this thread reach `consume` one at a time, in the order they finish.
  let chain = Promise.resolve();
  const hand = (pages: Array<RenderedPage | WrittenPage>) => {
    chain = chain.then(async () => {
      for (const page of pages) await consume(page);
    });
    return chain;
  };

  // Without the worker's file (a bundle built without it) the pages are all rendered on this thread.
  const entry = workers > 0 && total > mainBatch ? workerEntry('render-worker-entry.mjs', import.meta.url) : undefined;
  const pool = entry === undefined ? undefined : startWorkers(entry, { plan, outDir }, Math.floor(workers), take, hand);
  try {
    const cache: ChromeCache = new Map();
    const icons = threadIconLibrary();
    for (let batch = take(mainBatch); batch.length > 0; batch = take(mainBatch)) {
      await hand(batch.map((index) => renderSitePage(plan, index, cache, icons)));
      if (pool) await new Promise((resolve) => setImmediate(resolve));
    }
    if (pool) await pool.done;
    await chain;
  } finally {
    await pool?.stop();
  }
}

function startWorkers(
  entry: URL,
  start: WorkerStart,
  count: number,
  take: (size: number) => number[],
  hand: (pages: WrittenPage[]) => Promise<void>,
): { done: Promise<void>; stop: () => Promise<void> } {
  const threads: Worker[] = [];
  const done = Promise.all(
    Array.from({ length: count }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(entry, { workerData: start satisfies WorkerStart, execArgv: [] });
        threads.push(worker);
        let inFlight = 0;
        let settled = false;
        const fail = (error: unknown) => {
          if (settled) return;
          settled = true;
          reject(error);
        };
        const send = () => {
          const indices = take(workerBatch);
          if (indices.length === 0) return;
          inFlight++;
          worker.postMessage({ type: 'render', indices } satisfies WorkerRequest);
        };
        const finishIfIdle = (written: Promise<void>) => {
          if (inFlight > 0 || settled) return;
          settled = true;
          worker.postMessage({ type: 'stop' } satisfies WorkerRequest);
          written.then(resolve, reject);
        };
        worker.on('error', fail);
        worker.on('exit', (code) => {
          if (inFlight > 0) fail(new QuireError('INTERNAL', `a render worker stopped (exit code ${code}) before it finished its pages`));
        });
        worker.on('message', (reply: WorkerReply) => {
          if (reply.type === 'error') return fail(new QuireError('INTERNAL', `rendering failed in a worker: ${reply.message}`));
          if (reply.type === 'ready') {
            // Two batches in flight: the worker renders the next while the last one travels back.
            send();
            send();
            return finishIfIdle(Promise.resolve());
          }
          inFlight--;
          send();
          finishIfIdle(hand(reply.pages));
        });
      }),
    ),
  ).then(() => undefined);
  // A failure surfaces through `done`; until someone waits for it, keep it from being unhandled.
  done.catch(() => {});
  return { done, stop: async () => void (await Promise.all(threads.map((worker) => worker.terminate()))) };
}
