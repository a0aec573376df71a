/**
 * Where the data folder keeps its admin token, and so whether a service was ever started there. Kept apart from
 * admin-token-file.ts and embedded-service.ts, which load the service and the server: `quire sync --api ...` and
 * the token commands ask only whether a folder holds a service, and a fresh process must not load the server's
 * code (fastify, the stores, miniflare: most of a second) to answer it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file `quire serve` writes the admin token to.
 *
 * @example
 * adminTokenPath('.quire') // → '.quire/admin-token'
 */
export function adminTokenPath(data: string): string {
  return join(data, 'admin-token');
}

/**
 * True when `data` holds a service (its admin token is written on first start), so starting it creates nothing.
 *
 * @example
 * if (!embeddedServiceExists('.quire')) terminal.err('nothing synced here yet\n');
 */
export function embeddedServiceExists(data: string): boolean {
  return existsSync(adminTokenPath(data));
}
