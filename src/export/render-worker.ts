// A worker thread that renders pages of a site plan and writes them. It may start before there is a plan (the CLI
// starts it while the site is fetched): loading this module is most of its start-up. The plan arrives once, without
// pages or page bodies (render-threads.ts, workerPlan), then batches of pages, each with its route data and
// Markdown; each batch goes back as written pages (all but their HTML).
import { parentPort } from 'node:worker_threads';
import { renderPlannedPage, type ChromeCache, type SitePlan } from '../render/index.ts';
import { BundleWriter } from './bundle-writer.ts';
import { threadIconLibrary } from './icon-library.ts';
import type { WorkerReply, WorkerRequest, WrittenPage } from './render-threads.ts';

const cache: ChromeCache = new Map();
// Each worker reads the icon drawings it needs itself, once: libraries do not cross threads.
const icons = threadIconLibrary();
const port = parentPort!;
let plan: SitePlan | undefined;
let writer: BundleWriter | undefined;

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'stop') {
    port.close();
    return;
  }
  if (request.type === 'plan') {
    plan = request.plan;
    writer = new BundleWriter(request.outDir);
    port.postMessage({ type: 'ready' } satisfies WorkerReply);
    return;
  }
  try {
    if (plan === undefined || writer === undefined) throw new Error('pages arrived before the plan');
    const pages = request.pages.map(({ page, markdown }): WrittenPage => {
      const { html, ...rendered } = renderPlannedPage(plan!, page, markdown, cache, icons);
      return { ...rendered, bytes: writer!.write(`${rendered.folder}index.html`, html) };
    });
    port.postMessage({ type: 'pages', pages } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
  }
});
