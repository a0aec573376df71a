// Entry of an HTML conversion worker thread (website imports): Quire ships TypeScript sources, so the worker
// registers tsx (as bin/quire.js does) before loading the worker itself. The CLI's bundle builds
// src/service/import/html-worker.ts into dist/html-worker-entry.mjs instead (scripts/build-cli.ts).
import { register } from 'tsx/esm/api';

register();
await import('./html-worker.ts');
