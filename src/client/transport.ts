/**
 * The HTTP transport every API call goes through: Node's HTTP client on connections we own (node-http-request.ts),
 * bearer auth, JSON bodies,
 * retries (retry-policy.ts), a concurrency bound (p-queue) and request counting.
 *
 * One attempt holds one queue slot from sending the request to reading the last byte of the response, so at
 * most `concurrency` requests are ever in flight; the slot is released while waiting to retry. Waits keep the
 * process alive (a command waiting to retry must not exit silently); `close()` ends them, and a request whose
 * wait was ended fails with its last error.
 */
import PQueue from 'p-queue';
import { QuireError } from '../errors/index.ts';
import { ApiInvalidResponseError, ApiRequestError, ApiUnreachableError, readErrorBody, type RequestTarget } from './api-errors.ts';
import { systemClock, type Clock, type RandomSource } from './clock.ts';
import { classifyNetworkError, type NetworkFailure } from './network-error.ts';
import { redactSecret, redactUrl } from './redact-secrets.ts';
import { RequestCounter, type RequestCounts } from './request-counter.ts';
import { parseRetryAfter } from './retry-after.ts';
import { decideRetry, resolveRetryPolicy, type AttemptOutcome, type RetryPolicy } from './retry-policy.ts';
import { routeUrl, type QueryValues } from './route-template.ts';
import { HttpConnections } from './node-http-request.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How to reach the API and how hard to try. */
export type TransportOptions = {
  /** The API origin without `/v1`, as the official client's `endpoint`: `http://127.0.0.1:8080`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` to the API origin only. */
  readonly token?: string | undefined;
  /** Defaults to `quire-api-client (node/<version>)`; the CLI passes `quire/<version>`. */
  readonly userAgent?: string | undefined;
  /** Requests in flight at most. Default 8. */
  readonly concurrency?: number | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  /** Connect, headers and body timeout of one attempt, in milliseconds. Default 60 000. */
  readonly timeoutMs?: number | undefined;
  readonly clock?: Clock | undefined;
  readonly random?: RandomSource | undefined;
};

/** One API call, before retries. */
export type ApiRequest = {
  readonly method: HttpMethod;
  /** The route template from the OpenAPI document, with `/v1`: `/v1/spaces/{spaceId}`. */
  readonly route: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: QueryValues;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as JSON already encoded (UTF-8), instead of `body`. */
  readonly encodedJson?: Uint8Array | undefined;
  /** Sent as they are (`Content-Type: application/octet-stream`), instead of a JSON `body`. */
  readonly rawBody?: Uint8Array | undefined;
  /** The caller's word that repeating the request is harmless even if the server saw it. */
  readonly retrySafe?: boolean;
};

type WireRequest = {
  readonly method: HttpMethod;
  readonly url: URL;
  readonly route: string;
  readonly body: { readonly bytes: string | Uint8Array; readonly type: 'application/json' | 'application/octet-stream' } | undefined;
  readonly authorize: boolean;
  readonly retrySafe: boolean;
};

type WireResponse = {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly bytes: Buffer;
};

type AttemptResult =
  | { readonly kind: 'response'; readonly response: WireResponse }
  | { readonly kind: 'network'; readonly failure: NetworkFailure; readonly error: unknown };

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const maxRedirects = 5;

export const defaultConcurrency = 8;
export const defaultTimeoutMs = 60_000;

export class Transport {
  readonly #base: URL;
  readonly #token: string | undefined;
  readonly #userAgent: string;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #clock: Clock;
  readonly #random: RandomSource;
  readonly #queue: PQueue;
  readonly #connections: HttpConnections;
  readonly #counter = new RequestCounter();
  /** Aborted by `close()`: ends the waits before retries. */
  readonly #closing = new AbortController();
  #closed = false;

  /** Expects options already checked by `createApiClient`. */
  constructor(options: TransportOptions & { readonly baseUrl: string }) {
    this.#base = new URL(options.baseUrl);
    this.#token = options.token;
    this.#userAgent = options.userAgent ?? `quire-api-client (node/${process.versions.node})`;
    this.#policy = resolveRetryPolicy(options.retry);
    this.#timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    const concurrency = options.concurrency ?? defaultConcurrency;
    this.#queue = new PQueue({ concurrency });
    this.#connections = new HttpConnections({ connections: concurrency, timeoutMs: this.#timeoutMs });
  }

  /** The API origin, e.g. `http://127.0.0.1:8080`. */
  get origin(): string {
    return this.#base.origin;
  }

  /** Where `call` goes, secrets redacted: for error messages about it. */
  describe(call: ApiRequest): RequestTarget {
    return { method: call.method, url: redactUrl(routeUrl(this.#base, call.route, call.params, call.query)), route: call.route };
  }

  /**
   * Sends `call` and returns its parsed JSON body (`undefined` for an empty 2xx body).
   * Throws ApiRequestError, ApiUnreachableError or ApiInvalidResponseError.
   */
  async json<T>(call: ApiRequest): Promise<T> {
    const url = routeUrl(this.#base, call.route, call.params, call.query);
    const wire: WireRequest = {
      method: call.method,
      url,
      route: call.route,
      body: wireBody(call),
      authorize: true,
      retrySafe: call.retrySafe ?? false,
    };
    const response = await this.#send(wire);
    if (response.statusCode < 200 || response.statusCode > 299) throw this.#httpError(wire, response, 1);
    const text = response.bytes.toString('utf8');
    if (text.trim() === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new ApiInvalidResponseError({ ...this.#target(wire), status: response.statusCode, problem: 'a body that is not JSON' }, { cause: error });
    }
  }

  /**
   * Fetches the bytes at an absolute URL (a file's `downloadURL`), following up to 5 redirects.
   * The token goes only to the API's own origin, so a file stored elsewhere never sees it.
   */
  async bytes(downloadUrl: URL): Promise<Uint8Array> {
    let url = downloadUrl;
    for (let redirects = 0; ; redirects += 1) {
      const wire: WireRequest = {
        method: 'GET',
        url,
        route: '{downloadURL}',
        body: undefined,
        authorize: url.origin === this.#base.origin,
        retrySafe: true,
      };
      const response = await this.#send(wire);
      const location = firstHeader(response.headers['location']);
      if (redirectStatuses.has(response.statusCode) && location !== undefined && redirects < maxRedirects) {
        url = new URL(location, url);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode > 299) throw this.#httpError(wire, response, 1);
      return new Uint8Array(response.bytes.buffer, response.bytes.byteOffset, response.bytes.byteLength);
    }
  }

  /** Requests sent so far. */
  counts(): RequestCounts {
    return this.#counter.snapshot();
  }

  resetCounts(): void {
    this.#counter.reset();
  }

  /** Settles once every request started so far is written to its connection (`HttpConnections.written`). */
  written(): Promise<void> {
    return this.#connections.written();
  }

  /** Waits for requests in flight and closes the connections. Later calls throw. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    await this.#queue.onIdle();
    await this.#connections.close();
  }

  /** Sends with retries; returns the last response when it is not retried, throws when no response came. */
  async #send(wire: WireRequest): Promise<WireResponse> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.#closed) {
        throw new QuireError('INTERNAL', `${wire.method} ${redactUrl(wire.url)} was called on a closed API client`, this.#target(wire));
      }
      const isRetry = attempt > 1;
      const result = await this.#queue.add(() => this.#attempt(wire, isRetry));
      if (result.kind === 'response' && result.response.statusCode < 400) return result.response;
      const outcome: AttemptOutcome =
        result.kind === 'network'
          ? { kind: 'network', requestMayHaveBeenSent: result.failure.requestMayHaveBeenSent, permanent: result.failure.permanent }
          : {
              kind: 'status',
              status: result.response.statusCode,
              retryAfterMs: parseRetryAfter(result.response.headers['retry-after'], this.#clock.now()),
            };
      const decision = decideRetry(outcome, wire, attempt, this.#policy, this.#random);
      const failure = () =>
        result.kind === 'response'
          ? this.#httpError(wire, result.response, attempt)
          : new ApiUnreachableError(
              { ...this.#target(wire), networkCode: result.failure.code, networkFailure: result.failure.kind, attempts: attempt },
              { cause: result.error },
            );
      if (!decision.retry) throw failure();
      await this.#clock.sleep(decision.delayMs, this.#closing.signal);
      if (this.#closed) throw failure();
    }
  }

  /** One attempt, run inside a queue slot: send, and read the whole body before giving the slot back. */
  async #attempt(wire: WireRequest, isRetry: boolean): Promise<AttemptResult> {
    this.#counter.record(wire.method, wire.route, isRetry);
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, accept: 'application/json' };
    if (wire.authorize && this.#token !== undefined) headers['authorization'] = `Bearer ${this.#token}`;
    if (wire.body !== undefined) headers['content-type'] = wire.body.type;
    try {
      const response = await this.#connections.send(wire.url, { method: wire.method, headers, body: wire.body?.bytes });
      return { kind: 'response', response };
    } catch (error) {
      const failure = classifyNetworkError(error);
      if (failure === undefined) throw error;
      return { kind: 'network', failure, error };
    }
  }

  #target(wire: WireRequest): RequestTarget {
    return { method: wire.method, url: redactUrl(wire.url), route: wire.route };
  }

  #httpError(wire: WireRequest, response: WireResponse, attempts: number): ApiRequestError {
    const { serverCode, serverMessage } = readErrorBody(response.bytes.toString('utf8'));
    return new ApiRequestError({
      ...this.#target(wire),
      status: response.statusCode,
      serverCode,
      serverMessage: serverMessage === undefined ? undefined : redactSecret(serverMessage, this.#token),
      attempts,
    });
  }
}

/** What a call sends: raw bytes, JSON already encoded, or its body as JSON. */
function wireBody(call: ApiRequest): WireRequest['body'] {
  if (call.rawBody !== undefined) return { bytes: call.rawBody, type: 'application/octet-stream' };
  if (call.encodedJson !== undefined) return { bytes: call.encodedJson, type: 'application/json' };
  return call.body === undefined ? undefined : { bytes: JSON.stringify(call.body), type: 'application/json' };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
