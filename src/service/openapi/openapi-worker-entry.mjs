// Entry of an OpenAPI processing worker thread: Quire ships TypeScript sources, so the worker registers tsx (as
// bin/quire.js does) before loading the worker itself. The CLI's bundle builds src/service/openapi/openapi-worker.ts into
// dist/openapi-worker-entry.mjs instead (scripts/build-cli.ts).
import { register } from 'tsx/esm/api';

register();
await import('./openapi-worker.ts');
