// A worker thread that renders pages of a site plan and writes them: the plan and the output folder arrive once
// (workerData), then batches of page indices; each batch goes back as written pages (all but their HTML).
import { parentPort, workerData } from 'node:worker_threads';
import { renderSitePage, type ChromeCache } from '../render/index.ts';
import { BundleWriter } from './bundle-writer.ts';
import { threadIconLibrary } from './icon-library.ts';
import type { WorkerReply, WorkerRequest, WorkerStart, WrittenPage } from './render-pool.ts';

const { plan, outDir } = workerData as WorkerStart;
const writer = new BundleWriter(outDir);
const cache: ChromeCache = new Map();
// Each worker reads the icon drawings it needs itself, once: libraries do not cross threads.
const icons = threadIconLibrary();
const port = parentPort!;

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'stop') {
    port.close();
    return;
  }
  try {
    const pages = request.indices.map((index): WrittenPage => {
      const { html, ...page } = renderSitePage(plan, index, cache, icons);
      return { ...page, bytes: writer.write(`${page.folder}index.html`, html) };
    });
    const reply: WorkerReply = { type: 'pages', pages };
    port.postMessage(reply);
  } catch (error) {
    const reply: WorkerReply = { type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    port.postMessage(reply);
  }
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
