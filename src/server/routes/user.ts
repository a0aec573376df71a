import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAuthenticatedUser } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { UserSchema } from '../schemas/user.ts';

/**
 * `GET /v1/user` (getAuthenticatedUser): the user the token belongs to.
 *
 * @example
 * await app.register(userRoutes);
 */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/user', { schema: { response: { 200: UserSchema, ...errorResponses } } }, async (request) => getAuthenticatedUser(serviceContext(request), actorOf(request)));
};
