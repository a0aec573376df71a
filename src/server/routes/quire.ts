import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getQuireServerInfo } from '../../service/index.ts';
import { serviceContext } from '../request-context.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { QuireServerInfoSchema } from '../schemas/quire-extensions.ts';

/**
 * `GET /v1/quire` (any valid token): the server is Quire, with its version and the extensions to the published
 * API it offers (docs/api-extensions.md). A server without this route answers 404: clients then use the
 * published API only.
 *
 * @example
 * await app.register(quireRoutes);
 */
export const quireRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/quire', { schema: { response: { 200: QuireServerInfoSchema, ...errorResponses } } }, async (request) => getQuireServerInfo(serviceContext(request)));
};
