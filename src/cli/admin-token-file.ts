/**
 * The admin token's file, `DATA/admin-token` (mode 0600): written by the first start of `quire serve` or the
 * embedded service, read by later starts. It is never written through a symbolic link: the token goes to a new
 * file (created exclusively, 0600) that then replaces the name, so a link planted at `admin-token` is replaced,
 * not followed. A link found there is refused on reading too.
 */
import { randomBytes } from 'node:crypto';
import { chmod, lstat, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { QuireError } from '../errors/quire-error.ts';
import { bootstrap, type BootstrapResult } from '../service/index.ts';
import type { Store } from '../store/index.ts';
import { adminTokenPath } from './admin-token-path.ts';

export { adminTokenPath } from './admin-token-path.ts';

/**
 * The token saved in the data folder `data`, or undefined when there is none.
 *
 * @throws QuireError `INVALID_ARGUMENT` when `admin-token` is a symbolic link or not a file.
 * @example
 * const token = await readAdminToken('.quire');
 */
export async function readAdminToken(data: string): Promise<string | undefined> {
  const path = adminTokenPath(data);
  const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stats === undefined) return undefined;
  if (!stats.isFile()) {
    throw new QuireError('INVALID_ARGUMENT', `${path} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a file'}: the admin token is kept only in a file of the data folder; remove it`, { field: 'data', path });
  }
  const text = (await readFile(path, 'utf8')).trim();
  return text === '' ? undefined : text;
}

/**
 * Saves `token` as the data folder's admin token, mode 0600, replacing whatever was at the name (a link included).
 *
 * @example
 * await writeAdminToken('.quire', started.token);
 */
export async function writeAdminToken(data: string, token: string): Promise<void> {
  const path = adminTokenPath(data);
  const fresh = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(fresh, `${token}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(fresh, 0o600);
    await rename(fresh, path);
  } catch (error) {
    await unlink(fresh).catch(() => undefined);
    throw error;
  }
}

/**
 * Starts the service's organization and admin on `store` (`bootstrap`) with the token saved in `data`, and saves
 * the token when it is new: what `quire serve` and the embedded service do first.
 *
 * @example
 * const started = await bootstrapWithTokenFile(store, '.quire');
 */
export async function bootstrapWithTokenFile(store: Store, data: string): Promise<BootstrapResult> {
  const existingToken = await readAdminToken(data);
  const started = await bootstrap(store, existingToken === undefined ? {} : { existingToken });
  if (started.token !== existingToken) await writeAdminToken(data, started.token);
  return started;
}
