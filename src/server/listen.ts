import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Starts `app` listening and returns the base URL clients use (`http://127.0.0.1:8787`, without /v1). Port 0
 * picks a free port.
 *
 * @example
 * const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
 * const api = new GitBookAPI({ endpoint: baseUrl, authToken });
 */
export async function listen(app: FastifyInstance, options: { port: number; host: string }): Promise<string> {
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
