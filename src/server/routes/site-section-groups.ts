import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createSiteSectionGroup, deleteSiteSectionGroup, listSiteSectionGroups, setSectionGroupMembership, sortSiteStructure, updateSiteSectionGroup } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { PaginationQuery } from '../schemas/list.ts';
import { GroupCreateBody, GroupMoveBody, GroupSectionBody, GroupUpdateBody, PreferHeaders, SiteParams } from '../schemas/site.ts';
import { SiteSectionGroupListSchema, SiteSectionGroupSchema } from '../schemas/site-shapes.ts';
import { movedItem } from './site-moved-item.ts';

const GroupParams = Type.Object({ organizationId: EntityId, siteId: EntityId, siteSectionGroupId: EntityId });
const GroupSectionParams = Type.Object({ organizationId: EntityId, siteId: EntityId, siteSectionGroupId: EntityId, siteSectionId: EntityId });
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Section groups: list, create (201 + Location), patch, delete (205/204; its sections move up), the seed's
 * add and remove section (no published operation), and the deprecated move.
 *
 * @example
 * await app.register(siteSectionGroupRoutes);
 */
export const siteSectionGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/orgs/:organizationId/sites/:siteId/section-groups', { schema: { params: SiteParams, querystring: PaginationQuery, response: { 200: SiteSectionGroupListSchema, ...errorResponses } } }, async (request) =>
    listSiteSectionGroups(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.query),
  );

  app.post('/orgs/:organizationId/sites/:siteId/section-groups', { schema: { params: SiteParams, body: GroupCreateBody, response: { 201: SiteSectionGroupSchema, ...errorResponses } } }, async (request, reply) => {
    const { draft: _draft, ...body } = request.body;
    const group = await createSiteSectionGroup(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, body);
    return reply.code(201).header('Location', `${request.url.replace(/\?.*$/, '')}/${group.id}`).send(group);
  });

  app.patch(
    '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId',
    { schema: { params: GroupParams, headers: PreferHeaders, body: GroupUpdateBody, response: { 200: SiteSectionGroupSchema, 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { draft: _draft, ...body } = request.body;
      const group = await updateSiteSectionGroup(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSectionGroupId, body);
      if (/\breturn=minimal\b/.test(request.headers.prefer ?? '')) return reply.code(204).header('Preference-Applied', 'return=minimal').send();
      return group;
    },
  );

  app.delete('/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId', { schema: { params: GroupParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSiteSectionGroup(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, request.params.siteSectionGroupId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.post(
    '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections',
    { schema: { params: GroupParams, body: GroupSectionBody, response: { 201: SiteSectionGroupSchema, ...errorResponses } } },
    async (request, reply) => {
      const { params } = request;
      const { group } = await setSectionGroupMembership(serviceContext(request), actorOf(request), params.organizationId, params.siteId, params.siteSectionGroupId, request.body.sectionId, true);
      return reply.code(201).send(group);
    },
  );

  app.delete(
    '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId',
    { schema: { params: GroupSectionParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { params } = request;
      const { outcome } = await setSectionGroupMembership(serviceContext(request), actorOf(request), params.organizationId, params.siteId, params.siteSectionGroupId, params.siteSectionId, false);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );

  app.post(
    '/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/move',
    { schema: { params: GroupParams, body: Type.Optional(GroupMoveBody), response: { 200: SiteSectionGroupSchema, ...errorResponses } } },
    async (request) => {
      const position = request.body?.position ?? {};
      const moved = await sortSiteStructure(serviceContext(request), actorOf(request), request.params.organizationId, request.params.siteId, { type: 'site-section-group', id: request.params.siteSectionGroupId }, {
        ...(position.before === undefined ? {} : { before: position.before }),
        ...(position.after === undefined ? {} : { after: position.after }),
      });
      return movedItem(moved, 'site-section-group');
    },
  );
};
