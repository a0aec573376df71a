import { QuireError } from '../../errors/index.ts';
import type { Store } from '../../store/index.ts';
import { openApiConnection, type ApiConnection } from '../api-connection.ts';
import { embeddedServiceExists } from '../admin-token-path.ts';
import { openServiceStore } from '../open-service-store.ts';

/**
 * Where `quire token` commands work: the data folder (`--data`, `--database`), whose operator may see and revoke
 * every token, or with `--api` a running service, as the `--token`'s user (or, with `--organization`, as an
 * admin of that organization). QUIRE_API_URL is not read: without `--api` they keep working on the data folder,
 * as `quire token create` always has.
 */
export interface TokenLocationOptions {
  data: string;
  database?: string | undefined;
  api?: string | undefined;
  token?: string | undefined;
}

/** The data folder's store, or the API: the one place a `quire token` command works on. */
export type TokenLocation = { kind: 'store'; store: Store } | { kind: 'api'; connection: ApiConnection };

/**
 * Runs `work` on the location the options name, and closes it after. With `existing`, a data folder that holds
 * no service yet is `NOT_FOUND` (exit 2) and nothing is created.
 *
 * @example
 * await withTokenLocation({ data: '.quire' }, process.env, { existing: true }, async (location) => ...);
 */
export async function withTokenLocation<T>(options: TokenLocationOptions, env: NodeJS.ProcessEnv, settings: { existing: boolean }, work: (location: TokenLocation) => Promise<T>): Promise<T> {
  if (options.api !== undefined) {
    if (options.database !== undefined) throw new QuireError('INVALID_ARGUMENT', 'give --api or --database, not both: --database works on the data folder', { field: 'database' });
    const connection = await openApiConnection({ api: options.api, token: options.token, data: options.data }, env);
    try {
      return await work({ kind: 'api', connection });
    } finally {
      await connection.close();
    }
  }
  if (settings.existing && options.database === undefined && !embeddedServiceExists(options.data)) {
    throw new QuireError('NOT_FOUND', `there is no service in ${options.data}: start quire serve there once, or pass --database or --api`, { field: 'data' });
  }
  const store = await openServiceStore({ data: options.data, ...(options.database === undefined ? {} : { database: options.database }) });
  try {
    return await work({ kind: 'store', store });
  } finally {
    await store.close();
  }
}
