// A worker thread that writes the files of an export (write-thread.ts): batches of absolute paths and contents
// arrive in order; each folder is made once. The first failure is kept, later files are skipped, and `end` answers
// with that failure or with `ended`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { WriteReply, WriteRequest, WriteFailure } from './write-thread.ts';

const port = parentPort!;
const folders = new Set<string>();
let failure: WriteFailure | undefined;

port.on('message', (request: WriteRequest) => {
  if (request.type === 'end') {
    port.postMessage((failure === undefined ? { type: 'ended' } : { type: 'failed', failure }) satisfies WriteReply);
    return;
  }
  if (failure !== undefined) return;
  for (const [path, content] of request.files) {
    try {
      const folder = dirname(path);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      writeFileSync(path, content);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      failure = { path, message, ...(code === undefined ? {} : { code }) };
      return;
    }
  }
});
