import { Worker } from 'node:worker_threads';
import { workerEntry } from '../disk/worker-entry.ts';
import { QuireError } from '../errors/quire-error.ts';
import { pageMarkdown, type PagePlan, type SitePlan } from '../render/route-data.ts';
import type { RenderedPage } from '../render/render-site-page.ts';

/** A page sent to a worker thread: its route data and its Markdown, the only page data the worker holds. */
export interface PageToRender {
  page: PagePlan;
  markdown: string;
}

/**
 * Messages to a worker thread: the plan once (without its pages, page bodies and sidebars: `workerPlan`), then
 * batches of pages, then stop.
 */
export type WorkerRequest = { type: 'plan'; plan: SitePlan; outDir: string } | { type: 'render'; pages: PageToRender[] } | { type: 'stop' };
/** A page a worker thread rendered and wrote itself: everything but its HTML, and the bytes it wrote. */
export type WrittenPage = Omit<RenderedPage, 'html'> & { bytes: number };
/** `ready` once the worker has loaded the renderer and received the plan. */
export type WorkerReply = { type: 'ready' } | { type: 'pages'; pages: WrittenPage[] } | { type: 'error'; message: string };

/** Pages a worker takes at a time: enough to make messages cheap, few enough to share the tail of the work. */
const workerBatch = 32;

/**
 * The plan as a worker thread receives it: everything a page's render reads (each space's link tables, includes,
 * variables, chrome; the tabs, claims, OpenAPI documents and integration blocks), without what only this thread
 * needs. Page bodies and page route data come with each batch instead: a worker given the whole plan held its own
 * copy of the site's content, which took the export of 10,000 mixed pages from 409 to 502 MiB.
 */
export function workerPlan(plan: SitePlan): SitePlan {
  return { ...plan, pages: [], usedFiles: [], warnings: [], spaces: plan.spaces.map((space) => ({ ...space, documents: {}, nav: [] })) };
}

/**
 * Worker threads that render pages, started before there is anything to render: they load the renderer (about a
 * third of a second each) while this thread does something else, such as fetching the site. `render` gives them a
 * plan and a queue; `stop` ends them, used or not.
 *
 * @example
 * const threads = startRenderThreads(1);
 * const site = await fetchExportSite(client, location); // the worker loads meanwhile
 * await exportSite(site, { outDir: 'site', renderThreads: threads });
 */
export class RenderThreads {
  private readonly threads: Worker[];
  /** Threads that ended before `render` listened (failed to load, say): `render` reports them. */
  private readonly ended = new Map<Worker, unknown>();
  private used = false;

  constructor(entry: URL, count: number) {
    this.threads = Array.from({ length: count }, () => new Worker(entry, { execArgv: [] }));
    for (const worker of this.threads) {
      worker.once('error', (error) => this.ended.set(worker, error));
      worker.once('exit', (code) => this.ended.has(worker) || this.ended.set(worker, new QuireError('INTERNAL', `a render worker stopped (exit code ${code}) before it was given pages`)));
    }
  }

  get count(): number {
    return this.threads.length;
  }

  /**
   * Renders pages of `plan` until `take` gives none, each thread a batch at a time; each batch rendered goes to
   * `hand`. Resolves once every batch handed out is rendered and handed on. Once only.
   */
  render(plan: SitePlan, outDir: string, take: (size: number) => number[], hand: (pages: WrittenPage[]) => Promise<void>): Promise<void> {
    if (this.used) throw new QuireError('INTERNAL', 'render threads render one plan');
    this.used = true;
    const shell: WorkerRequest = { type: 'plan', plan: workerPlan(plan), outDir };
    const done = Promise.all(this.threads.map((worker) => (this.ended.has(worker) ? Promise.reject(this.ended.get(worker)) : runThread(worker, plan, shell, take, hand)))).then(() => undefined);
    // A failure surfaces through the promise; until someone waits for it, keep it from being unhandled.
    done.catch(() => {});
    return done;
  }

  async stop(): Promise<void> {
    await Promise.all(this.threads.map((worker) => worker.terminate()));
  }
}

/**
 * Starts `count` render worker threads, or none (undefined) when `count` is 0 or the worker's file is missing (a
 * bundle built without it): the pages are then all rendered on this thread.
 */
export function startRenderThreads(count: number): RenderThreads | undefined {
  const entry = count > 0 ? workerEntry('render-worker-entry.mjs', import.meta.url) : undefined;
  return entry === undefined ? undefined : new RenderThreads(entry, Math.floor(count));
}

function runThread(worker: Worker, plan: SitePlan, shell: WorkerRequest, take: (size: number) => number[], hand: (pages: WrittenPage[]) => Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
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
      const pages = indices.map((index): PageToRender => {
        const page = plan.pages[index]!;
        return { page, markdown: pageMarkdown(plan, page) };
      });
      worker.postMessage({ type: 'render', pages } satisfies WorkerRequest);
    };
    const finishIfIdle = (written: Promise<void>) => {
      if (inFlight > 0 || settled) return;
      settled = true;
      worker.postMessage({ type: 'stop' } satisfies WorkerRequest);
      written.then(resolve, reject);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!settled) fail(new QuireError('INTERNAL', `a render worker stopped (exit code ${code}) before it finished its pages`));
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
    worker.postMessage(shell);
  });
}
