import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The file a worker thread starts from (`render-worker-entry.mjs`, `document-worker-entry.mjs`, `html-worker-entry.mjs`, `openapi-worker-entry.mjs`), for a module at
 * `moduleUrl` that starts it: beside that module when running from the sources (the `.mjs` entry that registers
 * tsx) or in the CLI's bundle (`dist/quire.cjs`, the entries being `dist/*.mjs`), or one folder up when the module
 * is a chunk of a worker's bundle (`dist/chunks/…`). Undefined when neither exists (a bundle built without that entry): run without workers then.
 *
 * @example
 * const entry = workerEntry('render-worker-entry.mjs', import.meta.url); // → file:///…/dist/render-worker-entry.mjs
 */
export function workerEntry(fileName: string, moduleUrl: string | URL): URL | undefined {
  for (const candidate of [`./${fileName}`, `../${fileName}`]) {
    const url = new URL(candidate, moduleUrl);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}
