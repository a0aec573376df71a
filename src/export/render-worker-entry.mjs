// Entry of a render worker thread: Quire ships TypeScript sources, so the worker registers tsx (as bin/quire.js
// does) before loading the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
