// The conformance harness: starts the real server (buildApp on a real socket, port 0) on a throwaway store,
// SQLite always and PostgreSQL when QUIRE_TEST_DATABASE_URL is set, and hands out the official client
// (`@gitbook/api`'s GitBookAPI) whose every response is validated against the published schema of its
// operation. Scenario files use `describeConformance`; see README.md in this folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, listen, type QuireApp } from '../../src/server/index.ts';
import { bootstrap, mintApiToken, type BootstrapResult, type ImportSettings, type TokenRequest } from '../../src/service/index.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { ResponseValidator } from './response-validator.ts';

/** Which stores the suite runs on. */
export type StoreKind = 'sqlite' | 'postgres';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
/** Why the PostgreSQL half is skipped, or undefined when it runs. */
export const postgresSkipReason = databaseUrl
  ? undefined
  : 'QUIRE_TEST_DATABASE_URL is not set (set it to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)';

/** A clock tests can move; give it to `startConformanceServer` to drive the 7-day rules. */
export class ManualClock {
  #time: number;
  constructor(start = Date.parse('2025-01-01T00:00:00.000Z')) {
    this.#time = start;
  }
  /** The time now; every reading moves it 1 ms, so timestamps stay distinct. */
  now = (): Date => new Date((this.#time += 1));
  advance(ms: number): void {
    this.#time += ms;
  }
}

/** A running server and what a scenario needs to talk to it. */
export interface ConformanceServer {
  kind: StoreKind;
  /** `http://127.0.0.1:PORT`: the client's `endpoint` (no /v1). */
  baseUrl: string;
  /** The store under the server, for setting up data the API cannot (many records, other users). */
  store: Store;
  app: QuireApp;
  /** The first organization, its admin user and the admin's token (what `quire serve` makes). */
  admin: BootstrapResult;
  /** Checks every response of `client()` and `request()`; `validator.operationIds` lists what was checked. */
  validator: ResponseValidator;
  /** The official client, as `token` (default: the admin's), validating every response. */
  client(token?: string): GitBookAPI;
  /**
   * A raw request to the server (for operations the official client lacks, and for bad input), validated the
   * same way. `body` is sent as JSON unless it is a string.
   */
  request(method: string, path: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** A token for another user (`mintApiToken`: an unknown e-mail makes a user; `role` sets the membership). */
  tokenFor(request: TokenRequest): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a server on a new, empty store of `kind` with the first organization, admin and token in it.
 *
 * @example
 * const server = await startConformanceServer('sqlite');
 * const { data } = await server.client().orgs.listOrganizationsForAuthenticatedUser();
 * await server.close();
 */
/** How a conformance server differs from the default: its clock, its file limit, what its imports and spec fetches may reach. */
export interface ConformanceOptions {
  now?: () => Date;
  maxFileBytes?: number;
  /** The server's git-batches limit (50 to 500). */
  maxGitBatchChanges?: number;
  imports?: ImportSettings;
}

export async function startConformanceServer(kind: StoreKind, options: ConformanceOptions = {}): Promise<ConformanceServer> {
  const { store, dispose } = await openThrowawayStore(kind, options.now);
  const admin = await bootstrap(store);
  const app = await buildApp({
    store,
    ...(options.now === undefined ? {} : { clock: options.now }),
    ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
    ...(options.maxGitBatchChanges === undefined ? {} : { maxGitBatchChanges: options.maxGitBatchChanges }),
    ...(options.imports === undefined ? {} : { imports: options.imports }),
  });
  const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
  const validator = new ResponseValidator();

  const validatingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    validator.check({ method, url, status: response.status, contentType: response.headers.get('content-type'), body: await response.clone().text() });
    return response;
  };

  return {
    kind,
    baseUrl,
    store,
    app,
    admin,
    validator,
    client: (token = admin.token) => new GitBookAPI({ endpoint: baseUrl, authToken: token, serviceBinding: { fetch: validatingFetch } }),
    async request(method, path, requestOptions = {}) {
      const token = requestOptions.token === undefined ? admin.token : requestOptions.token;
      const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...requestOptions.headers };
      let body: string | undefined;
      if (requestOptions.body !== undefined) {
        body = typeof requestOptions.body === 'string' ? requestOptions.body : JSON.stringify(requestOptions.body);
        headers['content-type'] ??= 'application/json';
      }
      return validatingFetch(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    },
    async tokenFor(request) {
      return (await mintApiToken(store, request)).token;
    },
    async close() {
      await app.close();
      await store.close();
      await dispose();
    },
  };
}

/**
 * Declares a scenario once per store kind (`name (sqlite)`, `name (postgres)`), each with its own server
 * started before the tests and closed after. PostgreSQL is skipped, with the reason in its name, when
 * QUIRE_TEST_DATABASE_URL is unset.
 *
 * @example
 * describeConformance('spaces', (server) => {
 *   it('creates a space', async () => {
 *     const { data } = await server().client().orgs.createSpace(server().admin.organization.id, { title: 'Docs' });
 *   });
 * });
 */
export function describeConformance(name: string, body: (server: () => ConformanceServer) => void, options: ConformanceOptions = {}): void {
  for (const kind of ['sqlite', 'postgres'] as const) {
    const skip = kind === 'postgres' ? postgresSkipReason : undefined;
    describe.skipIf(skip !== undefined)(`${name} (${kind}${skip === undefined ? '' : `; skipped: ${skip}`})`, () => {
      let server: ConformanceServer | undefined;
      beforeAll(async () => {
        server = await startConformanceServer(kind, options);
      });
      afterAll(async () => {
        await server?.close();
      });
      body(() => {
        if (server === undefined) throw new Error('the conformance server did not start');
        return server;
      });
    });
  }
}

/**
 * A new empty store: SQLite in a temporary folder, or PostgreSQL in a schema of its own (dropped by `dispose`).
 *
 * @example
 * const { store, dispose } = await openThrowawayStore('sqlite');
 */
export async function openThrowawayStore(kind: StoreKind, now?: () => Date): Promise<{ store: Store; dispose: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-conformance-'));
  const clock = now === undefined ? {} : { now };
  if (kind === 'sqlite') {
    const store = await openStore({ kind: 'sqlite', directory, ...clock });
    return { store, dispose: async () => rmSync(directory, { recursive: true, force: true }) };
  }
  if (databaseUrl === undefined) throw new Error(postgresSkipReason);
  const schema = `quire_test_${Math.random().toString(36).slice(2, 10)}`;
  const adminClient = new pg.Client({ connectionString: databaseUrl });
  await adminClient.connect();
  await adminClient.query(`create schema "${schema}"`);
  const store = await openStore({ kind: 'postgres', url: databaseUrl, schema, blobDirectory: directory, poolSize: 4, ...clock });
  return {
    store,
    dispose: async () => {
      await adminClient.query(`drop schema "${schema}" cascade`);
      await adminClient.end();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
