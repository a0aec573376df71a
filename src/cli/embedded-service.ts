import { QuireError } from '../errors/index.ts';
import { buildApp, listen } from '../server/index.ts';
import { bootstrapWithTokenFile } from './admin-token-file.ts';
import { embeddedServiceExists } from './admin-token-path.ts';
import { maxFileBytesOption } from './commands/serve.ts';
import { openServiceStore } from './open-service-store.ts';

/** The embedded service, running in this process on a free port of 127.0.0.1. */
export interface EmbeddedService {
  /** `http://127.0.0.1:PORT`, for the API client. */
  baseUrl: string;
  /** The admin's token (the one `quire serve` uses, saved in DATA/admin-token). */
  token: string;
  organizationId: string;
  close(): Promise<void>;
}

export { embeddedServiceExists } from './admin-token-path.ts';

/**
 * Starts the service of `quire serve` on the data folder `data` (`.quire` by default), in this process, on a
 * port only this machine can reach, so `quire sync` and `quire demo` work on a fresh machine with no server.
 * The folder is created on first use, with a `.gitignore` that keeps it out of Git (open-service-store.ts);
 * with `{ create: false }` a folder without a service is NOT_FOUND and nothing is written.
 *
 * @example
 * const service = await startEmbeddedService('.quire');
 * try { await work(service.baseUrl, service.token); } finally { await service.close(); }
 */
export async function startEmbeddedService(data: string, options: { readonly create?: boolean } = {}): Promise<EmbeddedService> {
  if (options.create === false && !embeddedServiceExists(data)) {
    throw new QuireError('NOT_FOUND', `there is no embedded service in ${data}: nothing was synced here yet (run quire sync first), or name the API with --api`, {
      field: 'data',
      path: data,
    });
  }
  const store = await openServiceStore({ data });
  try {
    const started = await bootstrapWithTokenFile(store, data);
    const app = await buildApp({ store, logger: false, maxFileBytes: maxFileBytesOption(undefined, process.env['QUIRE_MAX_FILE_SIZE']) });
    const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
    return {
      baseUrl,
      token: started.token,
      organizationId: started.organization.id,
      async close() {
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
