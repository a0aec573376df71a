import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyNetworkError } from './network-error.ts';
import { HttpConnections, responseTimeoutCode } from './node-http-request.ts';

interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  socket: Socket;
}

/** A server on 127.0.0.1 that records each request, the connections it accepted, and answers with `answer`. */
async function serve(answer: (request: Recorded, response: ServerResponse) => void) {
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8'), socket: incoming.socket };
      requests.push(recorded);
      answer(recorded, response);
    });
  });
  server.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { origin, requests, sockets };
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function connections(options: { connections?: number; timeoutMs?: number } = {}): HttpConnections {
  const made = new HttpConnections({ connections: options.connections ?? 4, timeoutMs: options.timeoutMs ?? 5_000 });
  cleanups.push(() => made.close());
  return made;
}

/** Waits, a turn of the event loop at a time, until `condition` holds (the server reads what was written). */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn > 1000) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a rejection');
}

describe('HttpConnections', () => {
  it('sends the method, headers and body with its length, and reads the whole answer', async () => {
    const server = await serve((request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-echo': request.headers['x-test'] as string });
      response.end(JSON.stringify({ got: request.body, length: request.headers['content-length'] }));
    });
    const body = JSON.stringify({ title: 'Déjà vu' });
    const response = await connections().send(new URL(`${server.origin}/v1/things?x=1`), { method: 'POST', headers: { 'x-test': 'yes', 'content-type': 'application/json' }, body });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-echo']).toBe('yes');
    expect(JSON.parse(response.bytes.toString('utf8'))).toEqual({ got: body, length: String(Buffer.byteLength(body)) });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/v1/things?x=1' });
  });

  it('sends bytes as they are, and reads an answer of many chunks whole', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const server = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.concat([Buffer.from(request.body), big]));
    });
    const response = await connections().send(new URL(`${server.origin}/upload`), { method: 'PUT', headers: {}, body: new Uint8Array([104, 105]) });
    expect(response.bytes.length).toBe(big.length + 2);
    expect(response.bytes.subarray(0, 2).toString()).toBe('hi');
    expect(response.bytes.at(-1)).toBe(7);
  });

  it('keeps the connection for the next request, and opens at most `connections` at once', async () => {
    const server = await serve((_request, response) => setTimeout(() => response.end('{}'), 10));
    const pool = connections({ connections: 2 });
    const url = new URL(`${server.origin}/v1/user`);
    await pool.send(url, { method: 'GET', headers: {} });
    await pool.send(url, { method: 'GET', headers: {} });
    expect(server.sockets.size).toBe(1);
    await Promise.all(Array.from({ length: 6 }, () => pool.send(url, { method: 'GET', headers: {} })));
    expect(server.sockets.size).toBe(2);
    expect(server.requests).toHaveLength(8);
  });

  it('tells once every request sent so far is written, on connections new and kept, before any answer', async () => {
    const answers: Array<() => void> = [];
    const server = await serve((_request, response) => answers.push(() => response.end('{}')));
    const pool = connections();
    const url = new URL(`${server.origin}/v1/user`);
    await pool.written(); // nothing sent: settled at once
    const sent = [pool.send(url, { method: 'POST', headers: {}, body: 'a' }), pool.send(url, { method: 'POST', headers: {}, body: 'b' })];
    // Both are on new connections, not connected yet: written only once they are.
    let written = false;
    const writing = pool.written().then(() => (written = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(written).toBe(false);
    await writing;
    // No answer has been sent: that is not waited for.
    await until(() => server.requests.length === 2);
    expect(server.requests.map((request) => request.body).sort()).toEqual(['a', 'b']);
    for (const answer of answers.splice(0)) answer();
    await Promise.all(sent);
    // A kept connection, then a request the server never answers: written all the same.
    const kept = pool.send(url, { method: 'POST', headers: {}, body: 'c' });
    kept.catch(() => {});
    await pool.written();
    await until(() => server.requests.length === 3);
    expect(server.sockets.size).toBe(2);
  });

  it('fails with a response timeout when nothing of the answer arrives, a timeout the request may have reached', async () => {
    const server = await serve(() => {}); // never answers
    const error = await rejection(connections({ timeoutMs: 150 }).send(new URL(`${server.origin}/slow`), { method: 'GET', headers: {} }));
    expect(error.code).toBe(responseTimeoutCode);
    expect(error.message).toBe('no answer for 150 ms');
    expect(classifyNetworkError(error)).toEqual({ code: responseTimeoutCode, kind: 'timeout', requestMayHaveBeenSent: true, permanent: false });
  });

  it('fails with a response timeout when the body stops half way', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('only the start');
    });
    const error = await rejection(connections({ timeoutMs: 150 }).send(new URL(`${server.origin}/stalls`), { method: 'GET', headers: {} }));
    expect(error.code).toBe(responseTimeoutCode);
  });

  it('fails as a broken connection when the server closes it before the whole answer', async () => {
    const server = await serve((request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('ten bytes.', () => request.socket.destroy());
    });
    const error = await rejection(connections().send(new URL(`${server.origin}/cut`), { method: 'GET', headers: {} }));
    expect(classifyNetworkError(error)).toMatchObject({ code: 'ECONNRESET', kind: 'broken', requestMayHaveBeenSent: true });
  });

  it('names the TLS failure when https is asked of a plain HTTP server, keeping the error of Node as the cause', async () => {
    const server = await serve((_request, response) => response.end('{}'));
    const error = await rejection(connections().send(new URL(server.origin.replace('http:', 'https:')), { method: 'GET', headers: {} }));
    expect(error.code).toMatch(/^ERR_SSL_/);
    expect(error.cause).toMatchObject({ code: 'EPROTO' });
    expect(classifyNetworkError(error)).toMatchObject({ kind: 'not-tls', permanent: true, requestMayHaveBeenSent: false });
  });

  it('closes its idle connections on close()', async () => {
    const server = await serve((_request, response) => response.end('{}'));
    const pool = connections();
    await pool.send(new URL(`${server.origin}/v1/user`), { method: 'GET', headers: {} });
    const [socket] = server.sockets;
    const closed = new Promise<void>((resolve) => socket!.on('close', () => resolve()));
    await pool.close();
    await closed;
    expect(socket!.destroyed).toBe(true);
  });
});
