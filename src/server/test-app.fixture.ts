// An app on a throwaway SQLite store, driven with app.inject() (no socket), for the server's unit tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, mintApiToken, type BootstrapResult, type TokenRequest } from '../service/index.ts';
import { openStore, type Store } from '../store/index.ts';
import { buildApp, type AppDependencies, type QuireApp } from './build-app.ts';

/** An answer of the app: status and parsed JSON body (undefined when empty). */
export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are read loosely
  body: any;
}

export interface TestApp {
  app: QuireApp;
  store: Store;
  admin: BootstrapResult;
  organizationId: string;
  /**
   * Sends a request. `token` defaults to the admin's (null: none); `body` is sent as JSON, or as it is when a
   * string (for malformed JSON).
   */
  call(method: string, url: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  tokenFor(request: TokenRequest): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the app on a new SQLite store with the first organization, admin and token.
 *
 * @example
 * const t = await startTestApp();
 * expect((await t.call('GET', '/v1/user')).status).toBe(200);
 */
export async function startTestApp(options: { now?: () => Date; logger?: AppDependencies['logger']; documentConversion?: AppDependencies['documentConversion']; pdf?: AppDependencies['pdf'] } = {}): Promise<TestApp> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-server-'));
  const store = await openStore({ kind: 'sqlite', directory, ...(options.now === undefined ? {} : { now: options.now }) });
  const admin = await bootstrap(store);
  const app = await buildApp({ store, baseUrl: 'http://quire.test', ...(options.now === undefined ? {} : { clock: options.now }), ...(options.logger === undefined ? {} : { logger: options.logger }), ...(options.documentConversion === undefined ? {} : { documentConversion: options.documentConversion }), ...(options.pdf === undefined ? {} : { pdf: options.pdf }) });
  return {
    app,
    store,
    admin,
    organizationId: admin.organization.id,
    async call(method, url, callOptions = {}) {
      const token = callOptions.token === undefined ? admin.token : callOptions.token;
      const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...callOptions.headers };
      let payload: string | undefined;
      if (callOptions.body !== undefined) {
        payload = typeof callOptions.body === 'string' ? callOptions.body : JSON.stringify(callOptions.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
      return { status: response.statusCode, headers: response.headers, body: response.body === '' ? undefined : JSON.parse(response.body) };
    },
    async tokenFor(request) {
      return (await mintApiToken(store, request)).token;
    },
    async close() {
      await app.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
