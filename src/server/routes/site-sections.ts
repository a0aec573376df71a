import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createSiteSection, deleteSiteSection, listSiteSections, sortSiteStructure, updateSiteSection } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { PreferHeaders, SectionCreateBody, SectionMoveBody, SectionUpdateBody, SiteParams, SectionListQuery } from '../schemas/site.ts';
import { SiteSectionListSchema, SiteSectionSchema } from '../schemas/site-shapes.ts';
import { movedItem } from './site-moved-item.ts';

const SectionParams = Type.Object({ organizationId: EntityId, siteId: EntityId, siteSectionId: EntityId });
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Site sections: list, add (201 + Location; the space becomes the section's first site space), patch
 * (`Prefer: return=minimal` answers 204), delete (205/204, with its site spaces), and the deprecated move.
 *
 * @example
 * await app.register(siteSectionRoutes);
 */
export const siteSectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/sites/:siteId/sections',
    { schema: { params: SiteParams, querystring: SectionListQuery, response: { 200: SiteSectionListSchema, ...errorResponses } } },
    async (request) => {
      const { shareKey: _shareKey, ...query } = request.query;
      return listSiteSections(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, query);
    },
  );

  app.post('/orgs/:organizationId/sites/:siteId/sections', { schema: { params: SiteParams, body: SectionCreateBody, response: { 201: SiteSectionSchema, ...errorResponses } } }, async (request, reply) => {
    const { draft: _draft, ...body } = request.body;
    const section = await createSiteSection(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, body);
    return reply.code(201).header('Location', `${request.url.replace(/\?.*$/, '')}/${section.id}`).send(section);
  });

  app.patch(
    '/orgs/:organizationId/sites/:siteId/sections/:siteSectionId',
    { schema: { params: SectionParams, headers: PreferHeaders, body: SectionUpdateBody, response: { 200: SiteSectionSchema, 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { draft: _draft, ...body } = request.body;
      const section = await updateSiteSection(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSectionId, body);
      if (/\breturn=minimal\b/.test(request.headers.prefer ?? '')) return reply.code(204).header('Preference-Applied', 'return=minimal').send();
      return section;
    },
  );

  app.delete('/orgs/:organizationId/sites/:siteId/sections/:siteSectionId', { schema: { params: SectionParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSiteSection(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSectionId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.post(
    '/orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move',
    { schema: { params: SectionParams, body: Type.Optional(SectionMoveBody), response: { 200: SiteSectionSchema, ...errorResponses } } },
    async (request) => {
      const position = request.body?.position ?? {};
      const pointer = (value: { siteSection: string } | undefined) => (value === undefined ? undefined : { type: 'site-section' as const, id: value.siteSection });
      const before = pointer(position.before);
      const after = pointer(position.after);
      const moved = await sortSiteStructure(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, { type: 'site-section', id: request.params.siteSectionId }, {
        ...(before === undefined ? {} : { before }),
        ...(after === undefined ? {} : { after }),
      });
      return movedItem(moved, 'site-section');
    },
  );
};
