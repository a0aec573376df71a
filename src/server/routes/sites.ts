import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createSite,
  deleteSite,
  getPublishedSite,
  getSite,
  getSiteAdaptiveSchema,
  getSiteStructure,
  listSiteAdaptiveTemplateConditions,
  listSites,
  putSiteAdaptiveSchema,
  setSitePublished,
  sortSiteStructure,
  updateSite,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { AdaptiveSchemaBody, OrganizationParams, PreferHeaders, ShareKeyQuery, SiteCreateBody, SiteListQuery, SiteParams, SiteUpdateBody, SortBody } from '../schemas/site.ts';
import { AdaptiveTemplateConditionsSchema, SiteAdaptiveSchemaSchema } from '../schemas/site-adaptive-shapes.ts';
import { PublishedContentSiteSchema } from '../schemas/site-profile-shapes.ts';
import { SiteListSchema, SiteSchema, SiteStructureItemSchema, SiteStructureSchema } from '../schemas/site-shapes.ts';

const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Sites: list (filters `space`, `title`, `published`), create (201 + Location), get, patch, delete (205/204),
 * publish and unpublish, the published profile (`shareKey`), the structure and its sort (the replacement of
 * the deprecated moves; `Prefer: return=minimal` answers 204), and the adaptive schema.
 *
 * @example
 * await app.register(siteRoutes);
 */
export const siteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/orgs/:organizationId/sites', { schema: { params: OrganizationParams, querystring: SiteListQuery, response: { 200: SiteListSchema, ...errorResponses } } }, async (request) =>
    listSites(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.post('/orgs/:organizationId/sites', { schema: { params: OrganizationParams, body: Type.Optional(SiteCreateBody), response: { 201: SiteSchema, ...errorResponses } } }, async (request, reply) => {
    const site = await createSite(serviceContext(request), actorOf(request), request.params.organizationId, request.body ?? {});
    return reply.code(201).header('Location', site.urls.location).send(site);
  });

  app.get('/orgs/:organizationId/sites/:siteId', { schema: { params: SiteParams, response: { 200: SiteSchema, ...errorResponses } } }, async (request) =>
    getSite(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId),
  );

  app.patch('/orgs/:organizationId/sites/:siteId', { schema: { params: SiteParams, body: SiteUpdateBody, response: { 200: SiteSchema, ...errorResponses } } }, async (request) =>
    updateSite(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.body),
  );

  app.delete('/orgs/:organizationId/sites/:siteId', { schema: { params: SiteParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSite(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(`/orgs/:organizationId/sites/:siteId/${action}`, { schema: { params: SiteParams, response: { 200: SiteSchema, ...errorResponses } } }, async (request) =>
      setSitePublished(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, published),
    );
  }

  app.get('/orgs/:organizationId/sites/:siteId/published', { schema: { params: SiteParams, querystring: ShareKeyQuery, response: { 200: PublishedContentSiteSchema, ...errorResponses } } }, async (request) =>
    getPublishedSite(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.query),
  );

  app.get('/orgs/:organizationId/sites/:siteId/structure', { schema: { params: SiteParams, querystring: ShareKeyQuery, response: { 200: SiteStructureSchema, ...errorResponses } } }, async (request) =>
    getSiteStructure(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId),
  );

  app.patch(
    '/orgs/:organizationId/sites/:siteId/structure/sort',
    { schema: { params: SiteParams, headers: PreferHeaders, body: SortBody, response: { 200: SiteStructureItemSchema, 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const item = await sortSiteStructure(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.body.item, request.body.position);
      if (/\breturn=minimal\b/.test(request.headers.prefer ?? '')) return reply.code(204).header('Preference-Applied', 'return=minimal').send();
      return item;
    },
  );

  app.get('/orgs/:organizationId/sites/:siteId/adaptive-schema', { schema: { params: SiteParams, response: { 200: SiteAdaptiveSchemaSchema, ...errorResponses } } }, async (request) =>
    getSiteAdaptiveSchema(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId),
  );

  app.put('/orgs/:organizationId/sites/:siteId/adaptive-schema', { schema: { params: SiteParams, body: AdaptiveSchemaBody, response: { 200: SiteAdaptiveSchemaSchema, ...errorResponses } } }, async (request) =>
    putSiteAdaptiveSchema(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.body.jsonSchema),
  );

  app.get('/orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions', { schema: { params: SiteParams, response: { 200: AdaptiveTemplateConditionsSchema, ...errorResponses } } }, async (request) =>
    listSiteAdaptiveTemplateConditions(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId),
  );
};
