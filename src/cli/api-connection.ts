import { createApiClient, type ApiClient } from '../client/index.ts';
import { QuireError } from '../errors/quire-error.ts';
import type { EmbeddedService } from './embedded-service.ts';

/** How a command is told where the API is: the options every API command of `quire` shares. */
export interface ApiConnectionOptions {
  /** `--api`: the API origin, without `/v1`. Default: $QUIRE_API_URL, else the embedded service. */
  api?: string | undefined;
  /** `--token`. Default: $QUIRE_TOKEN. Required with an API origin. */
  token?: string | undefined;
  /** `--data`: the embedded service's data folder, used when no API origin is given. */
  data: string;
  /** `--organization`. Default: the embedded service's, else the token's first organization. */
  organization?: string | undefined;
}

/** A client for the API the options name, and the way to let it go. */
export interface ApiConnection {
  client: ApiClient;
  /** The embedded service, when no API origin was given; undefined with `--api`. */
  embedded: EmbeddedService | undefined;
  /** The organization to work in: `--organization`, the embedded service's, or the token's first (read once). */
  organizationId(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Connects to the API as the options of `quire export`, `quire spaces` and `quire sites` say: `--api` (or
 * QUIRE_API_URL) with `--token` (or QUIRE_TOKEN), else the embedded service on `--data`, started in this process.
 * Close the connection when done.
 *
 * @example
 * const connection = await openApiConnection({ data: '.quire' }, process.env);
 * try { console.log(await connection.organizationId()); } finally { await connection.close(); }
 */
export async function openApiConnection(options: ApiConnectionOptions, env: NodeJS.ProcessEnv): Promise<ApiConnection> {
  const api = options.api ?? env['QUIRE_API_URL'];
  const token = options.token ?? env['QUIRE_TOKEN'];
  if (api === undefined) {
    // Nothing to read before a first `quire sync` made the service: a folder without one is NOT_FOUND, and nothing is written.
    // Loaded here, not above: with --api a command never loads the server, its store and the integrations' runtime.
    const { startEmbeddedService } = await import('./embedded-service.ts');
    const embedded = await startEmbeddedService(options.data, { create: false });
    const client = createApiClient({ baseUrl: embedded.baseUrl, token: embedded.token, userAgent: userAgent });
    return connection(client, embedded, options.organization ?? embedded.organizationId);
  }
  // The URL is checked by the client (one check for every command); the message names --api or QUIRE_API_URL (api-naming.ts).
  if (token === undefined || token === '') throw new QuireError('INVALID_ARGUMENT', '--token (or QUIRE_TOKEN) is required with --api', { field: 'token' });
  return connection(createApiClient({ baseUrl: api, token, userAgent }), undefined, options.organization);
}

const userAgent = 'quire/0.1.0';

function connection(client: ApiClient, embedded: EmbeddedService | undefined, organization: string | undefined): ApiConnection {
  let organizationId = organization;
  return {
    client,
    embedded,
    async organizationId() {
      if (organizationId !== undefined) return organizationId;
      for await (const found of client.listOrganizations()) {
        organizationId = found.id;
        break;
      }
      if (organizationId === undefined) throw new QuireError('NOT_FOUND', 'the token belongs to no organization; pass --organization', { field: 'organization' });
      return organizationId;
    },
    async close() {
      await client.close();
      await embedded?.close();
    },
  };
}
