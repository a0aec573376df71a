import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createOwnApiToken, listOrganizationApiTokens, listOwnApiTokens, revokeOrganizationApiToken, revokeOwnApiToken } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { ApiTokenCreateBody, ApiTokenSchema, CreatedApiTokenSchema } from '../schemas/quire-extensions.ts';

const TokenParams = Type.Object({ tokenId: EntityId });
const OrganizationParams = Type.Object({ organizationId: EntityId });
const OrganizationTokenParams = Type.Object({ organizationId: EntityId, tokenId: EntityId });
// 205 (revoked) carries no body; a token that is not there (or not the caller's) is a 404, not a 204, so that
// `quire token revoke` with a wrong id says so (docs/api-extensions.md).
const Revoked = Type.Unsafe<void>({ description: 'revoked' });

/**
 * Quire's `api-tokens` extension (docs/api-extensions.md): one's own tokens (`/v1/quire/tokens`: list, create,
 * revoke) and, for an organization's admins, its members' tokens (`/v1/orgs/{organizationId}/quire/tokens`:
 * list, revoke). The published API has no such operations.
 *
 * @example
 * await app.register(apiTokenRoutes);
 */
export const apiTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/quire/tokens', { schema: { querystring: PaginationQuery, response: { 200: ListOf(ApiTokenSchema), ...errorResponses } } }, async (request) =>
    listOwnApiTokens(serviceContext(request), actorOf(request), request.query),
  );

  app.post('/quire/tokens', { schema: { body: ApiTokenCreateBody, response: { 201: CreatedApiTokenSchema, ...errorResponses } } }, async (request, reply) => {
    const created = await createOwnApiToken(serviceContext(request), actorOf(request), request.body);
    // The answer holds a secret: no cache may keep it.
    return reply.code(201).header('Cache-Control', 'no-store').send(created);
  });

  app.delete('/quire/tokens/:tokenId', { schema: { params: TokenParams, response: { 205: Revoked, ...errorResponses } } }, async (request, reply) => {
    await revokeOwnApiToken(serviceContext(request), actorOf(request), request.params.tokenId);
    return reply.code(205).send();
  });

  app.get(
    '/orgs/:organizationId/quire/tokens',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(ApiTokenSchema), ...errorResponses } } },
    async (request) => listOrganizationApiTokens(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.delete('/orgs/:organizationId/quire/tokens/:tokenId', { schema: { params: OrganizationTokenParams, response: { 205: Revoked, ...errorResponses } } }, async (request, reply) => {
    await revokeOrganizationApiToken(serviceContext(request), actorOf(request), request.params.organizationId, request.params.tokenId);
    return reply.code(205).send();
  });
};
