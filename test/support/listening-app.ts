// The service listening on loopback, on a throwaway SQLite store, for suites and benchmarks that need real sockets
// (a request in flight while another is answered, a client that holds its connection). Requests go through undici.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { buildApp, type AppDependencies, type QuireApp } from '../../src/server/build-app.ts';
import { listen } from '../../src/server/listen.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore, type Store } from '../../src/store/index.ts';

/** An answer over the wire: status, headers and the body as JSON (text when it is not JSON, undefined when empty). */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are read loosely
  body: any;
}

export interface ListeningApp {
  app: QuireApp;
  store: Store;
  origin: string;
  port: number;
  host: string;
  token: string;
  organizationId: string;
  /**
   * Sends a request. `token` defaults to the admin's (null: none); `body` is sent as JSON, or as it is when a
   * string; `headers` override (an `authorization` given here replaces the token's).
   */
  call(method: string, path: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<WireAnswer>;
  close(): Promise<void>;
}

/**
 * Builds the app on a new SQLite store with the first organization, admin and token, and listens on a free port.
 *
 * @example
 * const t = await startListeningApp({ connectionLimits: { idleTimeoutMs: 1_000 } });
 * expect((await t.call('GET', '/v1/user')).status).toBe(200);
 */
export async function startListeningApp(options: Pick<AppDependencies, 'connectionLimits' | 'bodyLimit' | 'maxFileBytes'> = {}): Promise<ListeningApp> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-listening-'));
  const store = await openStore({ kind: 'sqlite', directory });
  const admin = await bootstrap(store);
  const app = await buildApp({ store, ...options });
  const origin = await listen(app, { port: 0, host: '127.0.0.1' });
  const url = new URL(origin);
  return {
    app,
    store,
    origin,
    port: Number(url.port),
    host: url.host,
    token: admin.token,
    organizationId: admin.organization.id,
    async call(method, path, callOptions = {}) {
      const token = callOptions.token === undefined ? admin.token : callOptions.token;
      const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }) };
      let body: string | undefined;
      if (callOptions.body !== undefined) {
        body = typeof callOptions.body === 'string' ? callOptions.body : JSON.stringify(callOptions.body);
        headers['content-type'] = 'application/json';
      }
      Object.assign(headers, callOptions.headers);
      const response = await request(`${origin}${path}`, { method: method as 'GET', headers, ...(body === undefined ? {} : { body }) });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, body: text === '' ? undefined : parseOrText(text) };
    },
    async close() {
      await app.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A raw connection: the socket, what the server sent, and a promise of its closing (reset or end alike). */
export interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/**
 * Opens a raw TCP connection, for clients no HTTP library would be: one that stops mid-request or drips it.
 *
 * @example
 * const connection = rawConnection(t.port);
 * connection.socket.write('GET /v1/user HTTP/1.1\r\nHost: x\r\nX-Slow: ');
 * await connection.closed; // cut off by the headers timeout
 */
export function rawConnection(port: number): RawConnection {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined); // a reset is one way of being cut off
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, received: () => received, closed };
}
