// A throwaway SQLite store for the service's unit tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../store/index.ts';
import { authenticate, type Actor } from './access/actor.ts';
import { bootstrap } from './bootstrap.ts';

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

/**
 * `openTestStore` with the service bootstrapped: its first admin as the actor, and their organization.
 *
 * @example
 * const { store, dispose, actor, organizationId } = await openAdminTestStore();
 */
export async function openAdminTestStore(): Promise<{ store: Store; dispose: () => Promise<void>; actor: Actor; organizationId: string }> {
  const { store, dispose } = await openTestStore();
  try {
    const admin = await bootstrap(store);
    return { store, dispose, actor: await authenticate(store, `Bearer ${admin.token}`), organizationId: admin.organization.id };
  } catch (error) {
    await dispose();
    throw error;
  }
}
