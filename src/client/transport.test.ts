import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import { ApiRequestError, ApiUnreachableError, createApiClient, systemClock, type ApiClientOptions, type Clock } from './index.ts';
import { fakeClock, refusedPort, sendJson, startLocalServer, type Handler } from './fixtures/local-server.ts';

const token = 'qt_secret_token_123';
const user = { object: 'user', id: 'u1', displayName: 'Ada', urls: { location: 'http://x/v1/user' } };

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(handler: Handler, options: Partial<ApiClientOptions> = {}) {
  const server = await startLocalServer(handler);
  const time = fakeClock();
  const client = createApiClient({ baseUrl: server.origin, token, clock: time.clock, random: () => 0.5, ...options });
  cleanups.push(() => server.close(), () => client.close());
  return { server, client, sleeps: time.sleeps };
}

/** Answers `failures` in order, then the user. */
function failThenUser(...failures: ((response: Parameters<Handler>[1]) => void)[]): Handler {
  return (_request, response, index) => {
    const fail = failures[index];
    if (fail) fail(response);
    else sendJson(response, 200, user);
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('transport', () => {
  it('sends the bearer token, a quire User-Agent and JSON bodies to /v1 paths', async () => {
    const { server, client } = await setup((request, response) =>
      request.method === 'POST' ? sendJson(response, 201, { object: 'change-request', id: 'cr1' }) : sendJson(response, 200, user),
    );
    await expect(client.getCurrentUser()).resolves.toEqual(user);
    await client.createChangeRequest('space1', { subject: 'Import' });
    const [get, post] = server.requests;
    expect(get?.url).toBe('/v1/user');
    expect(get?.headers['authorization']).toBe(`Bearer ${token}`);
    expect(get?.headers['user-agent']).toMatch(/quire/);
    expect(post?.url).toBe('/v1/spaces/space1/change-requests');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ subject: 'Import' });
  });

  it('surfaces the status and the message of a JSON error body, and does not retry a 404', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 404, { error: { code: 404, message: 'No space "nope"' } }));
    const error = await rejection(client.getSpace('nope'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(isQuireError(error, 'API_REQUEST_FAILED')).toBe(true);
    const failure = error as ApiRequestError;
    expect(failure.status).toBe(404);
    expect(failure.data).toMatchObject({ method: 'GET', url: `${server.origin}/v1/spaces/nope`, route: '/v1/spaces/{spaceId}', serverCode: 404, serverMessage: 'No space "nope"', attempts: 1 });
    expect(failure.message).toBe(`GET ${server.origin}/v1/spaces/nope answered 404: No space "nope"`);
    expect(server.requests).toHaveLength(1);
  });

  it('never retries a 400', async () => {
    const { server, client, sleeps } = await setup((_request, response) => sendJson(response, 400, { error: { code: 400, message: 'bad' } }));
    await expect(client.getCurrentUser()).rejects.toMatchObject({ code: 'API_REQUEST_FAILED', status: 400 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('waits out Retry-After in seconds on a 429, then succeeds', async () => {
    const { server, client, sleeps } = await setup(failThenUser((response) => sendJson(response, 429, { error: { code: 429, message: 'slow down' } }, { 'retry-after': '2' })));
    await expect(client.getCurrentUser()).resolves.toEqual(user);
    expect(sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('reads Retry-After as an HTTP date against the injected clock', async () => {
    const time = fakeClock();
    const at = new Date(time.clock.now() + 5000).toUTCString();
    const { client, sleeps } = await setup(failThenUser((response) => sendJson(response, 503, {}, { 'retry-after': at })), { clock: time.clock });
    await client.getCurrentUser();
    expect(time.sleeps).toEqual([5000]);
    expect(sleeps).toEqual([]);
  });

  it('retries a 500 with exponential backoff and full jitter, then succeeds', async () => {
    const fail = (response: Parameters<Handler>[1]) => sendJson(response, 500, { error: { code: 500, message: 'oops' } });
    const { server, client, sleeps } = await setup(failThenUser(fail, fail), { retry: { baseDelayMs: 100 } });
    await expect(client.getCurrentUser()).resolves.toEqual(user);
    // random() = 0.5 of a ceiling of 100, then 200.
    expect(sleeps).toEqual([50, 100]);
    expect(server.requests).toHaveLength(3);
    expect(client.requestCounts()).toMatchObject({ total: 3, retries: 2 });
  });

  it('gives up after maxAttempts with a typed error that counts the attempts', async () => {
    const { server, client, sleeps } = await setup((_request, response) => sendJson(response, 502, { error: { code: 502, message: 'gateway' } }), {
      retry: { maxAttempts: 3, baseDelayMs: 10 },
    });
    const error = await rejection(client.getCurrentUser());
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 502, data: { attempts: 3 } });
    expect((error as Error).message).toMatch(/after 3 attempts/);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('does not wait out a Retry-After longer than maxDelayMs', async () => {
    const { server, client, sleeps } = await setup((_request, response) => sendJson(response, 429, {}, { 'retry-after': '3600' }));
    await expect(client.getCurrentUser()).rejects.toMatchObject({ status: 429 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a POST that failed with a 500, but retries one refused with 503 and Retry-After', async () => {
    const created = { object: 'change-request', id: 'cr1' };
    const first = await setup((_request, response) => sendJson(response, 500, { error: { code: 500, message: 'oops' } }));
    await expect(first.client.createChangeRequest('s1')).rejects.toMatchObject({ status: 500 });
    expect(first.server.requests).toHaveLength(1);

    const second = await setup((_request, response, index) =>
      index === 0 ? sendJson(response, 503, {}, { 'retry-after': '1' }) : sendJson(response, 201, created),
    );
    await expect(second.client.createChangeRequest('s1')).resolves.toEqual(created);
    expect(second.sleeps).toEqual([1000]);
  });

  it('retries a refused connection, then throws API_UNREACHABLE', async () => {
    const port = await refusedPort();
    const time = fakeClock();
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token, clock: time.clock, random: () => 1, retry: { maxAttempts: 3, baseDelayMs: 10 } });
    cleanups.push(() => client.close());
    const error = await rejection(client.getCurrentUser());
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect(error).toMatchObject({ code: 'API_UNREACHABLE', data: { networkCode: 'ECONNREFUSED', attempts: 3, route: '/v1/user' } });
    expect((error as Error).cause).toBeDefined();
    expect(time.sleeps).toEqual([10, 20]);
    expect(client.requestCounts().total).toBe(3);
  });

  it('retries a GET whose connection was reset, but not a POST that may have been received', async () => {
    const reset: Handler = (_request, response, index) => (index === 0 ? response.socket?.destroy() : sendJson(response, 200, user));
    const get = await setup(reset);
    await expect(get.client.getCurrentUser()).resolves.toEqual(user);
    expect(get.server.requests).toHaveLength(2);

    const post = await setup(reset);
    await expect(post.client.mergeChangeRequest('s1', 'cr1')).rejects.toMatchObject({ code: 'API_UNREACHABLE' });
    expect(post.server.requests).toHaveLength(1);
  });

  it('never has more requests in flight than the concurrency bound', async () => {
    const { server, client } = await setup((_request, response) => {
      setTimeout(() => sendJson(response, 200, user), 15);
    }, { concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, () => client.getCurrentUser()));
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight()).toBe(3);
  });

  it('keeps the token out of error messages and data, even when the server echoes it', async () => {
    const { client } = await setup((_request, response) => sendJson(response, 401, { error: { code: 401, message: `Unknown token ${token}` } }));
    const error = (await rejection(client.getCurrentUser())) as ApiRequestError;
    expect(error.status).toBe(401);
    expect(error.message).toContain('Unknown token REDACTED');
    expect(`${error.message} ${error.stack} ${JSON.stringify(error.data)}`).not.toContain(token);

    const port = await refusedPort();
    const offline = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token, clock: fakeClock().clock, retry: { maxAttempts: 1 } });
    cleanups.push(() => offline.close());
    const unreachable = (await rejection(offline.getCurrentUser())) as ApiUnreachableError;
    expect(`${unreachable.message} ${JSON.stringify(unreachable.data)} ${String(unreachable.cause)}`).not.toContain(token);
  });

  it('redacts share keys from URLs in errors', async () => {
    const { client } = await setup((_request, response) => sendJson(response, 404, { error: { code: 404, message: 'no site' } }));
    const error = (await rejection(client.getPublishedSite('o1', 's1', { shareKey: 'sk_private' }))) as ApiRequestError;
    expect(error.message).toContain('shareKey=REDACTED');
    expect(error.message).not.toContain('sk_private');
  });

  it('does not retry https asked of a plain http server, and says so', async () => {
    const { server } = await setup((_request, response) => sendJson(response, 200, user));
    const time = fakeClock();
    const client = createApiClient({ baseUrl: server.origin.replace('http:', 'https:'), token, clock: time.clock, retry: { maxAttempts: 5 } });
    cleanups.push(() => client.close());
    const error = await rejection(client.getCurrentUser());
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect(error).toMatchObject({ data: { networkFailure: 'not-tls', attempts: 1 } });
    expect(time.sleeps).toEqual([]);
  });

  it('ends a wait to retry when closed, failing the request with its last error', async () => {
    const port = await refusedPort();
    let waiting!: () => void;
    const asleep = new Promise<void>((resolve) => (waiting = resolve));
    // The real clock's sleep, told when the wait begins: a minute it never sees out.
    const clock: Clock = { now: () => Date.now(), sleep: (ms, signal) => (waiting(), systemClock.sleep(ms, signal)) };
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token, clock, random: () => 0.99, retry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const call = rejection(client.getCurrentUser());
    await asleep;
    await client.close();
    expect(await call).toMatchObject({ code: 'API_UNREACHABLE', data: { networkCode: 'ECONNREFUSED', networkFailure: 'refused', attempts: 1 } });
  });

  it('refuses requests after close()', async () => {
    const { client } = await setup((_request, response) => sendJson(response, 200, user));
    await client.close();
    await expect(client.getCurrentUser()).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
