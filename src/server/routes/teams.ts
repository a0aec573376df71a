import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  getTeam,
  listMemberTeams,
  listTeamMembers,
  listTeams,
  removeTeamMember,
  updateTeam,
  updateTeamMembers,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import {
  MemberTeamSchema,
  TeamCreateBody,
  TeamMemberItemSchema,
  TeamMemberPutBody,
  TeamMembersUpdateBody,
  TeamSchema,
  TeamTitleFilter,
  TeamUpdateBody,
} from '../schemas/team.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const TeamParams = Type.Object({ organizationId: EntityId, teamId: EntityId });
const TeamMemberParams = Type.Object({ organizationId: EntityId, teamId: EntityId, userId: EntityId });
const MemberParams = Type.Object({ organizationId: EntityId, userId: EntityId });
// 204 and 205 carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Teams, the seed's nine rows and the teams of a member: list (filters `owner`, `title`) and create (PUT, 201)
 * in an organization (listTeamsInOrganizationById, createOrganizationTeam), get, rename (PATCH), delete (205 /
 * 204), the members of a team (listTeamMembersInOrganizationById), their bulk update
 * (updateMembersInOrganizationTeam, 204), adding or re-roling one (addMemberToOrganizationTeamById, 204) and
 * removing one (deleteMemberFromOrganizationTeamById, 205 / 204), and a member's teams
 * (listTeamsForOrganizationMember).
 *
 * @example
 * await app.register(teamRoutes);
 */
export const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/teams',
    {
      schema: {
        params: OrganizationParams,
        querystring: Type.Object({ ...PaginationQuery.properties, owner: Type.Optional(EntityId), title: Type.Optional(TeamTitleFilter) }),
        response: { 200: ListOf(TeamSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { owner, title, ...options } = request.query;
      return listTeams(serviceContext(request), actorOf(request), request.params.organizationId, { ...(owner === undefined ? {} : { owner }), ...(title === undefined ? {} : { title }) }, options);
    },
  );

  app.put(
    '/orgs/:organizationId/teams',
    { schema: { params: OrganizationParams, body: TeamCreateBody, response: { 201: TeamSchema, ...errorResponses } } },
    async (request, reply) => {
      const team = await createTeam(serviceContext(request), actorOf(request), request.params.organizationId, request.body);
      return reply.code(201).send(team);
    },
  );

  app.get('/orgs/:organizationId/teams/:teamId', { schema: { params: TeamParams, response: { 200: TeamSchema, ...errorResponses } } }, async (request) =>
    getTeam(serviceContext(request), actorOf(request), request.params.organizationId, request.params.teamId),
  );

  app.patch(
    '/orgs/:organizationId/teams/:teamId',
    { schema: { params: TeamParams, body: TeamUpdateBody, response: { 200: TeamSchema, ...errorResponses } } },
    async (request) => updateTeam(serviceContext(request), actorOf(request), request.params.organizationId, request.params.teamId, request.body),
  );

  app.delete('/orgs/:organizationId/teams/:teamId', { schema: { params: TeamParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteTeam(serviceContext(request), actorOf(request), request.params.organizationId, request.params.teamId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.get(
    '/orgs/:organizationId/teams/:teamId/members',
    { schema: { params: TeamParams, querystring: PaginationQuery, response: { 200: ListOf(TeamMemberItemSchema), ...errorResponses } } },
    async (request) => listTeamMembers(serviceContext(request), actorOf(request), request.params.organizationId, request.params.teamId, request.query),
  );

  app.put(
    '/orgs/:organizationId/teams/:teamId/members',
    { schema: { params: TeamParams, body: TeamMembersUpdateBody, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await updateTeamMembers(serviceContext(request), actorOf(request), request.params.organizationId, request.params.teamId, request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/orgs/:organizationId/teams/:teamId/members/:userId',
    { schema: { params: TeamMemberParams, body: TeamMemberPutBody, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { organizationId, teamId, userId } = request.params;
      await addTeamMember(serviceContext(request), actorOf(request), organizationId, teamId, userId, request.body.role);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/orgs/:organizationId/teams/:teamId/members/:userId',
    { schema: { params: TeamMemberParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { organizationId, teamId, userId } = request.params;
      const outcome = await removeTeamMember(serviceContext(request), actorOf(request), organizationId, teamId, userId);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );

  app.get(
    '/orgs/:organizationId/members/:userId/teams',
    {
      schema: {
        params: MemberParams,
        querystring: Type.Object({ ...PaginationQuery.properties, title: Type.Optional(TeamTitleFilter) }),
        response: { 200: ListOf(MemberTeamSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { title, ...options } = request.query;
      const { organizationId, userId } = request.params;
      return listMemberTeams(serviceContext(request), actorOf(request), organizationId, userId, title === undefined ? {} : { title }, options);
    },
  );
};
