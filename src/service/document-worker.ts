// A worker thread that converts page bodies to JSON documents for the service (document-converter.ts), so a page
// written to be costly to read never holds the thread that answers requests: each request is converted here and
// its document goes back; a conversion past its budget is ended by terminating this thread.
import { parentPort } from 'node:worker_threads';
import { jsonDocumentOf } from './page-json-document.ts';
import type { ConversionReply, ConversionRequest } from './document-worker-pool.ts';

const port = parentPort!;

port.on('message', (request: ConversionRequest) => {
  let reply: ConversionReply;
  try {
    reply = { id: request.id, ok: true, document: jsonDocumentOf(request.markdown, request.revision, request.owner) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies ConversionReply);
