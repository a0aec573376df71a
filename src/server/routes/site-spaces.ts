import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createSiteSpace,
  deleteSiteSpace,
  deleteSiteSpaceCustomization,
  getSiteSpaceCustomization,
  listSiteSpaces,
  overrideSiteSpaceCustomization,
  sortSiteStructure,
  updateSiteSpace,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { FreeObject } from '../schemas/free-object.ts';
import { PreferHeaders, SiteParams, SiteSpaceListQuery, SiteSpaceCreateBody, SiteSpaceMoveBody, SiteSpaceUpdateBody } from '../schemas/site.ts';
import { SiteSpaceCustomizationSchema } from '../schemas/site-customization-shapes.ts';
import { SiteSpaceListSchema, SiteSpaceSchema } from '../schemas/site-shapes.ts';
import { movedItem } from './site-moved-item.ts';

const SiteSpaceParams = Type.Object({ organizationId: EntityId, siteId: EntityId, siteSpaceId: EntityId });
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Site spaces: list (`default` filter), add (201 + Location, or 204 with `Prefer: return=minimal`), patch,
 * delete (205/204), the deprecated move, and each site space's customization (get, override, delete).
 *
 * @example
 * await app.register(siteSpaceRoutes);
 */
export const siteSpaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/sites/:siteId/site-spaces',
    {
      schema: {
        params: SiteParams,
        querystring: SiteSpaceListQuery,
        response: { 200: SiteSpaceListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { shareKey: _shareKey, ...query } = request.query;
      return listSiteSpaces(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, query);
    },
  );

  app.post(
    '/orgs/:organizationId/sites/:siteId/site-spaces',
    { schema: { params: SiteParams, headers: PreferHeaders, body: SiteSpaceCreateBody, response: { 201: SiteSpaceSchema, 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { draft: _draft, ...body } = request.body;
      const siteSpace = await createSiteSpace(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, body);
      const location = `${request.url.replace(/\?.*$/, '')}/${siteSpace.id}`;
      if (/\breturn=minimal\b/.test(request.headers.prefer ?? '')) return reply.code(204).header('Preference-Applied', 'return=minimal').header('Location', location).send();
      return reply.code(201).header('Location', location).send(siteSpace);
    },
  );

  app.patch(
    '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId',
    { schema: { params: SiteSpaceParams, headers: PreferHeaders, body: SiteSpaceUpdateBody, response: { 200: SiteSpaceSchema, 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { draft: _draft, ...body } = request.body;
      const siteSpace = await updateSiteSpace(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSpaceId, body);
      if (/\breturn=minimal\b/.test(request.headers.prefer ?? '')) return reply.code(204).header('Preference-Applied', 'return=minimal').send();
      return siteSpace;
    },
  );

  app.delete('/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId', { schema: { params: SiteSpaceParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSiteSpace(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSpaceId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.post(
    '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move',
    { schema: { params: SiteSpaceParams, body: Type.Optional(SiteSpaceMoveBody), response: { 200: SiteSpaceSchema, ...errorResponses } } },
    async (request) => {
      const position = request.body?.position ?? {};
      const pointer = (value: { siteSpace: string } | undefined) => (value === undefined ? undefined : { type: 'site-space' as const, id: value.siteSpace });
      const before = pointer(position.before);
      const after = pointer(position.after);
      const moved = await sortSiteStructure(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, { type: 'site-space', id: request.params.siteSpaceId }, {
        ...(before === undefined ? {} : { before }),
        ...(after === undefined ? {} : { after }),
      });
      return movedItem(moved, 'site-space');
    },
  );

  app.get(
    '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization',
    { schema: { params: SiteSpaceParams, querystring: Type.Object({ unmasked: Type.Optional(Type.Boolean()) }), response: { 200: SiteSpaceCustomizationSchema, ...errorResponses } } },
    async (request) => getSiteSpaceCustomization(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSpaceId),
  );

  app.patch('/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization', { schema: { params: SiteSpaceParams, body: FreeObject, response: { 200: SiteSpaceCustomizationSchema, ...errorResponses } } }, async (request) =>
    overrideSiteSpaceCustomization(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSpaceId, request.body),
  );

  app.delete(
    '/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization',
    { schema: { params: SiteSpaceParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await deleteSiteSpaceCustomization(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSpaceId);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );
};
