// Entry of the export's write thread from the sources: registers tsx (as bin/quire.js does), then loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./write-worker.ts');
