// Failures that are not the client's: 5xx with the details logged and hidden from the body.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuireError } from '../errors/index.ts';
import type { Store } from '../store/index.ts';
import { buildApp, type QuireApp } from './build-app.ts';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

let t: TestApp;
let app: QuireApp;
const logged: string[] = [];
let failure: Error;

beforeAll(async () => {
  t = await startTestApp();
  // The same store, except that reading a space fails the way the test says.
  const failing = new Proxy(t.store, {
    get(target, property, receiver) {
      if (property === 'getSpace') return async () => Promise.reject(failure);
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as Store;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ store: failing, logger: { level: 'error', stream } });
});
afterAll(async () => {
  // Either is unset when beforeAll failed.
  await app?.close();
  await t?.close();
});

async function getSpace(): Promise<{ status: number; body: { error: { code: number; message: string } } }> {
  const response = await app.inject({ method: 'GET', url: '/v1/spaces/anything', headers: { authorization: `Bearer ${t.admin.token}` } });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

describe('server errors', () => {
  it('answers 500 for a bug, without its message or stack, and logs it', async () => {
    failure = new TypeError('cannot read secret-column of undefined');
    const answer = await getSpace();
    expect(answer).toEqual({ status: 500, body: { error: { code: 500, message: 'internal error; the details are in the server log' } } });
    expect(JSON.stringify(answer.body)).not.toContain('secret');
    expect(logged.join('')).toContain('cannot read secret-column of undefined');
  });

  it('answers 503 when the store is unavailable, and 500 for corrupt content, hiding both', async () => {
    failure = new QuireError('STORE_UNAVAILABLE', 'connect ECONNREFUSED 10.0.0.7:5432 (password=hunter2)');
    const unavailable = await getSpace();
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error.message).not.toContain('hunter2');
    failure = new QuireError('STORE_CORRUPT', 'object 1234 does not match its hash');
    const corrupt = await getSpace();
    expect(corrupt.status).toBe(500);
    expect(corrupt.body.error.message).not.toContain('1234');
  });

  it('passes the 4xx of typed errors through, with their message', async () => {
    failure = new QuireError('CONFLICT', 'space anything moved meanwhile');
    expect(await getSpace()).toEqual({ status: 409, body: { error: { code: 409, message: 'space anything moved meanwhile' } } });
  });
});
