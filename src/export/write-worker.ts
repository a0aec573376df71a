// A worker thread that writes the files of an export (write-thread.ts) with a `BundleWriter` of its own: the output
// folder arrives in `workerData`, then batches of paths and contents in order. The first failure is kept, later
// files are skipped, and `end` answers with that failure or with `ended`.
import { parentPort, workerData } from 'node:worker_threads';
import { isQuireError } from '../errors/index.ts';
import { BundleWriter } from './bundle-writer.ts';
import type { WriteFailure, WriteReply, WriteRequest } from './write-thread.ts';

const port = parentPort!;
const writer = new BundleWriter((workerData as { outDir: string }).outDir);
let failure: WriteFailure | undefined;

port.on('message', (request: WriteRequest) => {
  if (request.type === 'end') {
    port.postMessage((failure === undefined ? { type: 'ended' } : { type: 'failed', failure }) satisfies WriteReply);
    return;
  }
  if (failure !== undefined) return;
  for (const [path, content] of request.files) {
    try {
      writer.write(path, content);
    } catch (error) {
      failure = isQuireError(error) ? { message: error.message, data: error.data } : { message: String(error), data: { path } };
      return;
    }
  }
});
