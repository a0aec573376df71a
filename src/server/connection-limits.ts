/**
 * What one client may hold of the server: how long a connection may sit idle, how long a whole request may take
 * to arrive, how many connections are open at once, and what happens to a body the server will not read. The
 * defaults fit an API behind which uploads of up to 100 MB travel over ordinary links; `quire serve` documents
 * them (README, docs/security.md). A client that stops sending is cut off, with or without a token.
 */
import type { FastifyInstance } from 'fastify';

export interface ConnectionLimits {
  /** A connection that sends and receives nothing for this long is closed (ms). */
  idleTimeoutMs: number;
  /** The request line and headers must arrive within this (ms). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms): 100 MB at 400 KB/s. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are refused at accept. */
  maxConnections: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  idleTimeoutMs: 60_000,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_024,
};

/**
 * The Fastify server options that enforce `limits` (Node's http server reads them when it is created). Node looks
 * for requests over their time on an interval (30 s by default); it is made a quarter of the shorter timeout, so a
 * slow client is cut off close to its time.
 *
 * @example
 * Fastify({ ...fastifyConnectionOptions(defaultConnectionLimits) })
 */
export function fastifyConnectionOptions(limits: ConnectionLimits): {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  // Node requires headersTimeout <= requestTimeout.
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout, connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(headersTimeout / 4))) },
  };
}

/**
 * Applies what Fastify has no option for: the connection cap on the http server, and
 * `Connection: close` on an error answered before the request's body was read (a 401 or 413 to an upload), so the
 * client stops sending instead of the server reading, or waiting for, a body it has refused.
 *
 * @example
 * installConnectionLimits(app, defaultConnectionLimits);
 */
export function installConnectionLimits(app: FastifyInstance, limits: ConnectionLimits): void {
  app.server.maxConnections = limits.maxConnections;
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    return payload;
  });
}
