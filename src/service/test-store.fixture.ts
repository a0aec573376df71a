// A throwaway SQLite store for the service's unit tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../store/index.ts';

/**
 * Opens a store in a new temporary folder; `dispose` closes it and removes the folder.
 *
 * @example
 * const { store, dispose } = await openTestStore();
 */
export async function openTestStore(): Promise<{ store: Store; dispose: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-service-'));
  const store = await openStore({ kind: 'sqlite', directory });
  return {
    store,
    async dispose() {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
