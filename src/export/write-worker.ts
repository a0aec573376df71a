// A worker thread that writes the files of an export (write-thread.ts) with a `BundleWriter` of its own: the output
// folder arrives in `workerData`, then batches of paths and contents in order, with the search documents of the
// pages, which it indexes, and the index is written when asked. The first failure is kept, later files are
// skipped, and `end` answers with that failure or with `ended` (and the bytes it wrote). `yield` lowers its
// priority to the niceness it names (write-thread.ts, `yieldingWriteThreadNiceness`).
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../disk/thread-priority.ts';
import { isQuireError } from '../errors/index.ts';
import { BundleWriter } from './bundle-writer.ts';
import type { WriteFailure, WriteReply, WriteRequest, WriteThreadData } from './write-thread.ts';

const { outDir } = workerData as WriteThreadData;
const port = parentPort!;
const writer = new BundleWriter(outDir);
let failure: WriteFailure | undefined;

port.on('message', (request: WriteRequest) => {
  if (request.type === 'end') {
    port.postMessage((failure === undefined ? { type: 'ended', bytes: writer.bytes } : { type: 'failed', failure }) satisfies WriteReply);
    return;
  }
  if (request.type === 'yield') {
    lowerThreadPriority(request.niceness);
    return;
  }
  if (failure !== undefined) return;
  if (request.type === 'search-index') {
    attempt(request.path, () => writer.writeSearchIndex(request.path));
    return;
  }
  for (const [pageIndex, document] of request.pages) writer.indexPage(pageIndex, document);
  for (const [path, content] of request.files) if (!attempt(path, () => writer.write(path, content))) return;
});

/** Runs one write; its failure is kept (false) to be answered at `end`. */
function attempt(path: string, write: () => void): boolean {
  try {
    write();
    return true;
  } catch (error) {
    failure = isQuireError(error) ? { message: error.message, data: error.data } : { message: String(error), data: { path } };
    return false;
  }
}
