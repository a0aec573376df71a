import { chmod, mkdir, writeFile } from 'node:fs/promises';
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
 * Opens the store `quire serve`, `quire token` and the embedded service use, creating the data folder when needed
 * (createDataFolder).
 *
 * @example
 * const store = await openServiceStore({ data: '.quire' });
 */
export async function openServiceStore(location: ServiceLocation): Promise<Store> {
  await createDataFolder(location.data);
  if (location.database === undefined) {
    const store = await openStore({ kind: 'sqlite', directory: location.data });
    await makeDatabasePrivate(location.data);
    return store;
  }
  return openStore({ kind: 'postgres', url: location.database, blobDirectory: join(location.data, 'blobs') });
}

/**
 * Creates the data folder (mode 0700) when it is missing, with a `.gitignore` of `*` in it: the folder holds a
 * database and the admin token, and is often made inside a user's repository (`quire sync` makes `./.quire`),
 * where `git add -A` must not pick them up. A folder that exists is made private (0700) too, whatever its mode was.
 *
 * @example
 * await createDataFolder('.quire'); // .quire/ and .quire/.gitignore
 */
export async function createDataFolder(data: string): Promise<void> {
  const created = await mkdir(data, { recursive: true, mode: 0o700 });
  await chmod(data, 0o700);
  if (created === undefined) return;
  await writeFile(join(data, '.gitignore'), '# Written by quire: this folder holds a database and an API token; keep it out of Git.\n*\n');
}

/** The SQLite database and its journal files: readable by the owner only (0600), whatever the umask made them. */
async function makeDatabasePrivate(data: string): Promise<void> {
  for (const name of ['quire.db', 'quire.db-wal', 'quire.db-shm']) {
    await chmod(join(data, name), 0o600).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
