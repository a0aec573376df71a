import type { FastifyInstance } from 'fastify';
import { authenticate } from '../service/index.ts';

/**
 * Requires `Authorization: Bearer <token>` on every route of `app` (and of the plugins it registers after):
 * 401 without a valid token, before the body is even read.
 *
 * @example
 * requireBearerToken(v1);
 */
export function requireBearerToken(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.actor = await authenticate(request.server.quire.store, request.headers.authorization);
  });
}
