import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getOrganization, listOrganizations, listOrganizationsForEmailDomain, updateOrganization } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { OrganizationSchema, OrganizationUpdateBody } from '../schemas/organization.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });

/**
 * Organizations: `GET /v1/orgs` (listOrganizationsForAuthenticatedUser), `GET /v1/orgs/{organizationId}`
 * (getOrganizationById), `PATCH /v1/orgs/{organizationId}` (updateOrganizationById), and
 * `GET /v1/email-domains/{emailDomain}/orgs` (getOrganizationsForEmailDomain).
 *
 * @example
 * await app.register(organizationRoutes);
 */
export const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/orgs', { schema: { querystring: PaginationQuery, response: { 200: ListOf(OrganizationSchema), ...errorResponses } } }, async (request) =>
    listOrganizations(serviceContext(request), actorOf(request), request.query),
  );

  app.get('/orgs/:organizationId', { schema: { params: OrganizationParams, response: { 200: OrganizationSchema, ...errorResponses } } }, async (request) =>
    getOrganization(serviceContext(request), actorOf(request), request.params.organizationId),
  );

  app.patch(
    '/orgs/:organizationId',
    { schema: { params: OrganizationParams, body: OrganizationUpdateBody, response: { 200: OrganizationSchema, ...errorResponses } } },
    async (request) => updateOrganization(serviceContext(request), actorOf(request), request.params.organizationId, request.body),
  );

  app.get(
    '/email-domains/:emailDomain/orgs',
    {
      schema: {
        params: Type.Object({ emailDomain: Type.String({ minLength: 1, maxLength: 253 }) }),
        response: { 200: Type.Object({ organizations: Type.Array(OrganizationSchema) }), ...errorResponses },
      },
    },
    async (request) => listOrganizationsForEmailDomain(serviceContext(request), actorOf(request), request.params.emailDomain),
  );
};
