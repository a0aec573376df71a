import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createSamlProvider, deleteSamlProvider, getSamlProvider, listSamlProviders, listSsoProviderLogins, updateSamlProvider } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { SamlProviderCreateBody, SamlProviderSchema, SamlProviderUpdateBody, SsoProviderLoginsSchema } from '../schemas/saml-providers.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const ProviderParams = Type.Object({ organizationId: EntityId, samlProviderId: EntityId });
// 204 and 205 carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * SAML providers, the seed's "Single sign-on" rows behind the bearer token: list
 * (listSAMLProvidersInOrganizationById), create (createOrganizationSAMLProvider, 201 + Location), get, update
 * (PATCH) and delete (205 / 204). Only the organization's admins.
 *
 * @example
 * await app.register(samlProviderRoutes);
 */
export const samlProviderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/saml',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(SamlProviderSchema), ...errorResponses } } },
    async (request) => listSamlProviders(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.post(
    '/orgs/:organizationId/saml',
    { schema: { params: OrganizationParams, body: SamlProviderCreateBody, response: { 201: SamlProviderSchema, ...errorResponses } } },
    async (request, reply) => {
      const provider = await createSamlProvider(serviceContext(request), actorOf(request), request.params.organizationId, request.body);
      return reply.code(201).header('Location', provider.urls.location).send(provider);
    },
  );

  app.get('/orgs/:organizationId/saml/:samlProviderId', { schema: { params: ProviderParams, response: { 200: SamlProviderSchema, ...errorResponses } } }, async (request) =>
    getSamlProvider(serviceContext(request), actorOf(request), request.params.organizationId, request.params.samlProviderId),
  );

  app.patch(
    '/orgs/:organizationId/saml/:samlProviderId',
    { schema: { params: ProviderParams, body: SamlProviderUpdateBody, response: { 200: SamlProviderSchema, ...errorResponses } } },
    async (request) => updateSamlProvider(serviceContext(request), actorOf(request), request.params.organizationId, request.params.samlProviderId, request.body),
  );

  app.delete('/orgs/:organizationId/saml/:samlProviderId', { schema: { params: ProviderParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSamlProvider(serviceContext(request), actorOf(request), request.params.organizationId, request.params.samlProviderId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });
};

/**
 * `GET /v1/orgs/{organizationId}/sso` (listSSOProviderLoginsInOrganization): the sign-in entries of an
 * organization. The published operation has no security requirement (a sign-in page calls it before the user
 * has a token), so it is registered with the `/v1` prefix but outside the bearer-token hook.
 *
 * @example
 * await app.register(ssoProviderLoginRoutes, { prefix: '/v1' });
 */
export const ssoProviderLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/orgs/:organizationId/sso', { schema: { params: OrganizationParams, response: { 200: SsoProviderLoginsSchema, ...errorResponses } } }, async (request) =>
    listSsoProviderLogins(serviceContext(request), request.params.organizationId),
  );
};
