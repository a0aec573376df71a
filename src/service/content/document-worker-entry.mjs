// Entry of a document conversion worker thread: Quire ships TypeScript sources, so the worker registers tsx (as
// bin/quire.js does) before loading the worker itself. The CLI's bundle builds src/service/content/document-worker.ts into
// dist/document-worker-entry.mjs instead (scripts/build-cli.ts).
import { register } from 'tsx/esm/api';

register();
await import('./document-worker.ts');
