// A worker thread that renders pages of a site plan: the plan arrives once (workerData), then batches of page
// indices; each batch goes back as rendered pages.
import { parentPort, workerData } from 'node:worker_threads';
import { renderSitePage, type ChromeCache, type SitePlan } from '../render/index.ts';
import type { WorkerReply, WorkerRequest } from './render-pool.ts';

const { plan } = workerData as { plan: SitePlan };
const cache: ChromeCache = new Map();
const port = parentPort!;

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'stop') {
    port.close();
    return;
  }
  try {
    const reply: WorkerReply = { type: 'pages', pages: request.indices.map((index) => renderSitePage(plan, index, cache)) };
    port.postMessage(reply);
  } catch (error) {
    const reply: WorkerReply = { type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    port.postMessage(reply);
  }
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
