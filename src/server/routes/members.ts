import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getMember, listMembers, removeMember, setSsoMember, updateMember } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { MemberListFilters, MemberUpdateBody, OrganizationMemberSchema } from '../schemas/organization-member.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const MemberParams = Type.Object({ organizationId: EntityId, userId: EntityId });
// 205 (removed) and 204 (was not a member) carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Members of an organization: listMembersInOrganizationById (filters `role`, `search`, `sort`, `order`),
 * getMemberInOrganizationById, updateMemberInOrganizationById, removeMemberFromOrganizationById (205 removed, 204
 * not a member, 202 asked of the admins: see service/members.ts) and setUserAsSSOMemberForOrganization.
 *
 * @example
 * await app.register(memberRoutes);
 */
export const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/members',
    {
      schema: {
        params: OrganizationParams,
        querystring: Type.Object({ ...PaginationQuery.properties, ...MemberListFilters }),
        response: { 200: ListOf(OrganizationMemberSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return listMembers(serviceContext(request), actorOf(request), request.params.organizationId, filter, {
        ...(page === undefined ? {} : { page }),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  );

  app.get('/orgs/:organizationId/members/:userId', { schema: { params: MemberParams, response: { 200: OrganizationMemberSchema, ...errorResponses } } }, async (request) =>
    getMember(serviceContext(request), actorOf(request), request.params.organizationId, request.params.userId),
  );

  app.patch(
    '/orgs/:organizationId/members/:userId',
    { schema: { params: MemberParams, body: MemberUpdateBody, response: { 200: OrganizationMemberSchema, ...errorResponses } } },
    async (request) => updateMember(serviceContext(request), actorOf(request), request.params.organizationId, request.params.userId, request.body),
  );

  app.delete('/orgs/:organizationId/members/:userId', { schema: { params: MemberParams, response: { 202: NoContent, 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await removeMember(serviceContext(request), actorOf(request), request.params.organizationId, request.params.userId);
    return reply.code({ removed: 205, absent: 204, requested: 202 }[outcome]).send();
  });

  app.post('/orgs/:organizationId/members/:userId/sso', { schema: { params: MemberParams, response: { 200: OrganizationMemberSchema, ...errorResponses } } }, async (request) =>
    setSsoMember(serviceContext(request), actorOf(request), request.params.organizationId, request.params.userId),
  );
};
