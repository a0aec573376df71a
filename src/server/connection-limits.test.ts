// Slow and hostile clients against a listening server with short limits: a client that stops sending its body, one
// that drips it a byte at a time, one that never finishes its headers, and an upload refused before its body was
// read are all cut off, with or without a token; the server answers other requests meanwhile and after.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawConnection } from '../../test/support/listening-app.ts';
import { gitBlobOid } from '../format/git-oid.ts';
import { bootstrap } from '../service/index.ts';
import { openStore, type Store } from '../store/index.ts';
import { buildApp, type QuireApp } from './build-app.ts';
import { defaultConnectionLimits, fastifyConnectionOptions } from './connection-limits.ts';
import { listen } from './listen.ts';

let app: QuireApp;
let store: Store;
let directory: string;
let token: string;
let spaceId: string;
let port: number;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'quire-connection-limits-'));
  store = await openStore({ kind: 'sqlite', directory });
  const admin = await bootstrap(store);
  token = admin.token;
  app = await buildApp({ store, connectionLimits: { idleTimeoutMs: 400, headersTimeoutMs: 400, requestTimeoutMs: 1_200 } });
  port = Number(new URL(await listen(app, { port: 0, host: '127.0.0.1' })).port);
  const created = await fetch(`http://127.0.0.1:${port}/v1/orgs/${admin.organization.id}/spaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Slow' }),
  });
  spaceId = ((await created.json()) as { id: string }).id;
});
afterAll(async () => {
  await app?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function uploadHead(length: number, withToken: boolean): string {
  return (
    `POST /v1/spaces/${spaceId}/quire/blobs?size=${length}&sha256=${'0'.repeat(64)}&oid=${'0'.repeat(40)} HTTP/1.1\r\n` +
    `Host: 127.0.0.1:${port}\r\n` +
    (withToken ? `Authorization: Bearer ${token}\r\n` : '') +
    `Content-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`
  );
}

async function stillAnswers(): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/quire`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
}

describe('connection limits', () => {
  it.each([true, false])('cuts off a client that stops sending its body (token: %s)', async (withToken) => {
    const connection = rawConnection(port);
    connection.socket.write(`${uploadHead(100_000, withToken)}${'x'.repeat(10)}`);
    await stillAnswers(); // while it hangs
    await connection.closed;
    await stillAnswers();
  });

  it('cuts off a client that drips its body a byte at a time, under the idle timeout but over the request timeout', async () => {
    const connection = rawConnection(port);
    connection.socket.write(uploadHead(100_000, true));
    let sent = 0;
    const drip = setInterval(() => {
      if (!connection.socket.destroyed) connection.socket.write('x');
      sent += 1;
    }, 100);
    await connection.closed;
    clearInterval(drip);
    expect(sent).toBeGreaterThan(4); // it kept sending, more often than the idle timeout, and was still cut off
    await stillAnswers();
  });

  it('cuts off a client that never finishes its headers', async () => {
    const connection = rawConnection(port);
    connection.socket.write(`GET /v1/quire HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    await connection.closed;
    await stillAnswers();
  });

  it('closes the connection after refusing an upload before reading its body (no token: 401)', async () => {
    const connection = rawConnection(port);
    connection.socket.write(`${uploadHead(50_000_000, false)}${'x'.repeat(1000)}`);
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(connection.received().toLowerCase()).toContain('connection: close');
  });

  it('keeps the connection of a request whose body was read, and of one without a body', async () => {
    const connection = rawConnection(port);
    connection.socket.write(`GET /v1/quire HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    await new Promise<void>((resolve) => connection.socket.once('data', () => resolve()));
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.received().toLowerCase()).toContain('connection: keep-alive');
    connection.socket.end();
    await connection.closed;
  });
});

describe('an upload over a real connection', () => {
  it('is read and answered: no check meant for JSON walks the request stream a raw body is', async () => {
    const bytes = new Uint8Array(randomBytes(300 * 1024));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const response = await fetch(`http://127.0.0.1:${port}/v1/spaces/${spaceId}/quire/blobs?size=${bytes.byteLength}&sha256=${sha256}&oid=${gitBlobOid(bytes)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: bytes,
      signal: AbortSignal.timeout(30_000),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ object: 'quire-blob', blob: sha256, size: bytes.byteLength, oid: gitBlobOid(bytes) });
  });
});

describe('default limits', () => {
  it('are finite, with the headers timeout within the request timeout and Node checking often enough', () => {
    const options = fastifyConnectionOptions(defaultConnectionLimits);
    expect(options).toEqual({ connectionTimeout: 60_000, requestTimeout: 300_000, keepAliveTimeout: 5_000, http: { headersTimeout: 20_000, connectionsCheckingInterval: 5_000 } });
    expect(defaultConnectionLimits.maxConnections).toBe(1_024);
  });
});
