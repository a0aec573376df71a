import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getSiteCustomization, putSiteCustomization } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { FreeObject } from '../schemas/free-object.ts';
import { SiteParams } from '../schemas/site.ts';
import { SiteCustomizationSchema } from '../schemas/site-customization-shapes.ts';

/**
 * A site's customization: get, and put (a full replacement, checked field by field: colours, enums, URLs).
 * Each site space's customization is in `site-spaces.ts`.
 *
 * @example
 * await app.register(siteCustomizationRoutes);
 */
export const siteCustomizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/sites/:siteId/customization',
    { schema: { params: SiteParams, querystring: Type.Object({ unmasked: Type.Optional(Type.Boolean()) }), response: { 200: SiteCustomizationSchema, ...errorResponses } } },
    async (request) => getSiteCustomization(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId),
  );

  app.put('/orgs/:organizationId/sites/:siteId/customization', { schema: { params: SiteParams, body: FreeObject, response: { 200: SiteCustomizationSchema, ...errorResponses } } }, async (request) =>
    putSiteCustomization(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.body),
  );
};
