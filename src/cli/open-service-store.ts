import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openStore, type Store } from '../store/index.ts';

/** Where the service keeps its data: a folder, and optionally a PostgreSQL database instead of SQLite in it. */
export interface ServiceLocation {
  /** The data folder: `quire.db` and `blobs/` (SQLite), or only `blobs/` (PostgreSQL), and `admin-token`. */
  data: string;
  /** `postgres://...`: keep the records there (several processes can share it); blobs stay in `data`. */
  database?: string;
}

/**
 * Opens the store `quire serve` and `quire token` use, creating the data folder (mode 0700) when needed.
 *
 * @example
 * const store = await openServiceStore({ data: '.quire' });
 */
export async function openServiceStore(location: ServiceLocation): Promise<Store> {
  await mkdir(location.data, { recursive: true, mode: 0o700 });
  if (location.database === undefined) return openStore({ kind: 'sqlite', directory: location.data });
  return openStore({ kind: 'postgres', url: location.database, blobDirectory: join(location.data, 'blobs') });
}

/**
 * The file `quire serve` writes the admin token to (mode 0600).
 *
 * @example
 * adminTokenPath('.quire') // → '.quire/admin-token'
 */
export function adminTokenPath(data: string): string {
  return join(data, 'admin-token');
}
