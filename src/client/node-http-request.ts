/**
 * One HTTP/1.1 exchange through Node's own `node:http` (`node:https` for an https origin), on keep-alive
 * connections the caller owns (`HttpConnections`). The API client used undici until issue 17: undici parses
 * responses with llhttp compiled to WebAssembly, and loading it with its agent cost a command 25 to 40 ms of its
 * start on a 2-core machine, every request a little more, where Node's parser is native and already loaded
 * (BENCHMARKS.md). `node:https`, and the TLS it loads, are read only when an https URL asks for them.
 *
 * Failures are Node's own errors, with their codes (`ECONNREFUSED`, `ECONNRESET`, a TLS code), or one of
 * `connectTimeoutCode` and `responseTimeoutCode` when `timeoutMs` passes with nothing arriving: network-error.ts
 * classifies them all.
 *
 * @example
 * const connections = new HttpConnections({ connections: 8, timeoutMs: 60_000 });
 * const response = await connections.send(new URL('http://127.0.0.1:8080/v1/user'), { method: 'GET', headers: {} });
 * response.statusCode // → 200; response.bytes is the whole body
 * await connections.close();
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type RequestOptions } from 'node:http';
import type * as HttpsModule from 'node:https';

/** The code of the error when no connection was made within the timeout: the server cannot have seen the request. */
export const connectTimeoutCode = 'QUIRE_CONNECT_TIMEOUT';
/** The code of the error when, connected, nothing of the answer arrived for the timeout: the request may have been seen. */
export const responseTimeoutCode = 'QUIRE_RESPONSE_TIMEOUT';

export interface HttpResponse {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  /** The whole body, as received (no decoding: the client asks for none). */
  readonly bytes: Buffer;
}

export interface HttpExchange {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array | undefined;
}

type HttpsConnections = { module: typeof HttpsModule; agent: HttpsModule.Agent };

/** Keep-alive connections to the origins a client talks to, at most `connections` open to each. */
export class HttpConnections {
  readonly #timeoutMs: number;
  readonly #connections: number;
  readonly #http: HttpAgent;
  #https: HttpsConnections | undefined;
  /** Requests not yet written to their connection: each settles once it is (or once it ends unwritten). */
  readonly #unwritten = new Set<Promise<void>>();

  constructor(options: { connections: number; timeoutMs: number }) {
    this.#connections = options.connections;
    this.#timeoutMs = options.timeoutMs;
    this.#http = new HttpAgent({ keepAlive: true, maxSockets: options.connections });
  }

  /** Sends one request and reads its whole answer; rejects with a coded error when the exchange fails. */
  send(url: URL, exchange: HttpExchange): Promise<HttpResponse> {
    const headers: Record<string, string | number> = { ...exchange.headers };
    if (exchange.body !== undefined) headers['content-length'] = Buffer.byteLength(exchange.body);
    // The socket's idle timeout, set before it connects: it covers connecting, waiting for the headers and every
    // pause in the body.
    const options: RequestOptions = { method: exchange.method, headers, timeout: this.#timeoutMs };
    let request: ClientRequest;
    if (url.protocol === 'https:') {
      const https = this.#httpsModule();
      request = https.module.request(url, { ...options, agent: https.agent });
    } else {
      request = httpRequest(url, { ...options, agent: this.#http });
    }
    this.#trackWriting(request);
    return exchangeOn(request, exchange.body, this.#timeoutMs);
  }

  /**
   * Settles once every request sent so far is written to its connection (handed to the operating system), or has
   * ended without being written: a request on a new connection is written only once it connects, which takes a
   * turn of the event loop. What lets a caller start long synchronous work without holding back its own requests.
   *
   * @example
   * const answering = connections.send(url, { method: 'GET', headers: {} });
   * await connections.written(); // the server has the request; this thread is free to work until it answers
   */
  async written(): Promise<void> {
    await Promise.all(this.#unwritten);
  }

  #trackWriting(request: ClientRequest): void {
    const written = new Promise<void>((resolve) => {
      request.once('finish', resolve);
      request.once('close', resolve);
    });
    this.#unwritten.add(written);
    void written.then(() => this.#unwritten.delete(written));
  }

  /** Closes every connection; requests still in flight fail. */
  async close(): Promise<void> {
    this.#http.destroy();
    this.#https?.agent.destroy();
  }

  #httpsModule(): HttpsConnections {
    if (this.#https === undefined) {
      const module = process.getBuiltinModule('node:https');
      this.#https = { module, agent: new module.Agent({ keepAlive: true, maxSockets: this.#connections }) };
    }
    return this.#https;
  }
}

/**
 * The error with Node's code for the OpenSSL reason in its message, when a write failed with `EPROTO` (an https
 * request to a plain HTTP server fails so: "write EPROTO …:SSL routines:ssl3_get_record:wrong version number:…"),
 * as a TLS handshake's own errors carry it (`ERR_SSL_WRONG_VERSION_NUMBER`); the write's error is its cause.
 */
function withTlsCode(error: Error): Error {
  if ((error as { code?: unknown }).code !== 'EPROTO') return error;
  const reason = /:SSL routines:[^:]*:([^:]+):/.exec(error.message)?.[1];
  if (reason === undefined) return error;
  const code = `ERR_SSL_${reason.trim().toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
  return Object.assign(new Error(`${reason} (${error.message})`, { cause: error }), { code });
}

/** Writes `body` on `request` and resolves to the whole answer; `timeoutMs` of silence in any phase fails it. */
function exchangeOn(request: ClientRequest, body: string | Uint8Array | undefined, timeoutMs: number): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(error);
    };
    request.on('timeout', () => {
      const connected = request.socket !== null && request.socket.connecting === false;
      const message = connected ? `no answer for ${timeoutMs} ms` : `no connection within ${timeoutMs} ms`;
      fail(Object.assign(new Error(message), { code: connected ? responseTimeoutCode : connectTimeoutCode }));
    });
    request.on('error', (error) => fail(withTlsCode(error)));
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        if (settled) return;
        // An answer cut short (fewer bytes than its Content-Length) ends as `aborted`, not as an error.
        if (!response.complete) return fail(cutShort());
        settled = true;
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      });
      response.on('aborted', () => fail(cutShort()));
    });
    request.end(body);
  });
}

/** An answer that ended before all of it arrived: a broken connection, as network-error.ts reads `ECONNRESET`. */
function cutShort(): Error {
  return Object.assign(new Error('the connection closed before the whole answer arrived'), { code: 'ECONNRESET' });
}
