import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createSiteShareLink, deleteSiteShareLink, listSiteShareLinks, updateSiteShareLink } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ShareLinkCreateBody, ShareLinkListQuery, ShareLinkUpdateBody, SiteParams } from '../schemas/site.ts';
import { ShareLinkListSchema, ShareLinkSchema } from '../schemas/site-shapes.ts';

const LinkParams = Type.Object({ organizationId: EntityId, siteId: EntityId, shareLinkId: EntityId });
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Share links: list (`search`), create (201 + Location; the key is in `urls.published` of that answer only),
 * patch (name, active), delete (205/204).
 *
 * @example
 * await app.register(siteShareLinkRoutes);
 */
export const siteShareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/orgs/:organizationId/sites/:siteId/share-links', { schema: { params: SiteParams, querystring: ShareLinkListQuery, response: { 200: ShareLinkListSchema, ...errorResponses } } }, async (request) =>
    listSiteShareLinks(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.query),
  );

  app.post('/orgs/:organizationId/sites/:siteId/share-links', { schema: { params: SiteParams, body: ShareLinkCreateBody, response: { 201: ShareLinkSchema, ...errorResponses } } }, async (request, reply) => {
    const link = await createSiteShareLink(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.body.name);
    return reply.code(201).header('Location', `${request.url.replace(/\?.*$/, '')}/${link.id}`).send(link);
  });

  app.patch('/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId', { schema: { params: LinkParams, body: ShareLinkUpdateBody, response: { 200: ShareLinkSchema, ...errorResponses } } }, async (request) =>
    updateSiteShareLink(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.shareLinkId, request.body),
  );

  app.delete('/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId', { schema: { params: LinkParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSiteShareLink(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.shareLinkId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });
};
