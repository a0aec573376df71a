import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  inviteToContent,
  listPermissionsAggregate,
  listSpacesForOrganizationMember,
  listTeamPermissions,
  listUserPermissions,
  removeTeamPermission,
  removeUserPermission,
  updateTeamPermission,
  updateUserPermission,
  type ContentTarget,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import {
  InviteBody,
  MemberContentPermissionSchema,
  PermissionUpdateBody,
  TeamContentPermissionSchema,
  UserContentPermissionSchema,
} from '../schemas/content-permission.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { MemberRole } from '../schemas/roles.ts';

// 204 and 205 carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });
const AggregateQuery = Type.Object({ ...PaginationQuery.properties, role: Type.Optional(MemberRole) });

/**
 * Space and collection permissions, the published operations (the same eight for each, `Space` or `Collection`
 * in the name): inviteTo… (POST …/permissions: 204), listUserPermissionsIn…, updateUserPermissionIn… (204),
 * removeUserFrom… (205 / 204), listTeamPermissionsIn…, updateTeamPermissionIn… (204), removeTeamFrom… (205 /
 * 204), listPermissionsAggregateIn…; and listSpacesForOrganizationMember
 * (`GET /orgs/{organizationId}/members/{userId}/spaces`).
 *
 * @example
 * await app.register(contentPermissionRoutes);
 */
export const contentPermissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of ['space', 'collection'] as const) {
    const idName = kind === 'space' ? 'spaceId' : 'collectionId';
    const base = `/${kind === 'space' ? 'spaces' : 'collections'}/:${idName}/permissions`;
    const Params = Type.Object({ [idName]: EntityId });
    const UserParams = Type.Object({ [idName]: EntityId, userId: EntityId });
    const TeamParams = Type.Object({ [idName]: EntityId, teamId: EntityId });
    // The content id is `spaceId` or `collectionId`, as the published paths name it; the schemas require every
    // path parameter, so the `?? ''` below never applies (the computed key types them as possibly absent).
    const target = (params: Readonly<Record<string, string>>): ContentTarget => ({ kind, id: params[idName] ?? '' });

    app.post(base, { schema: { params: Params, body: InviteBody, response: { 204: NoContent, ...errorResponses } } }, async (request, reply) => {
      await inviteToContent(serviceContext(request), actorOf(request), target(request.params), request.body);
      return reply.code(204).send();
    });

    app.get(
      `${base}/users`,
      { schema: { params: Params, querystring: PaginationQuery, response: { 200: ListOf(UserContentPermissionSchema), ...errorResponses } } },
      async (request) => listUserPermissions(serviceContext(request), actorOf(request), target(request.params), request.query),
    );

    app.patch(
      `${base}/users/:userId`,
      { schema: { params: UserParams, body: PermissionUpdateBody, response: { 204: NoContent, ...errorResponses } } },
      async (request, reply) => {
        await updateUserPermission(serviceContext(request), actorOf(request), target(request.params), request.params.userId ?? '', request.body.role);
        return reply.code(204).send();
      },
    );

    app.delete(`${base}/users/:userId`, { schema: { params: UserParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
      const outcome = await removeUserPermission(serviceContext(request), actorOf(request), target(request.params), request.params.userId ?? '');
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    });

    app.get(
      `${base}/teams`,
      { schema: { params: Params, querystring: PaginationQuery, response: { 200: ListOf(TeamContentPermissionSchema), ...errorResponses } } },
      async (request) => listTeamPermissions(serviceContext(request), actorOf(request), target(request.params), request.query),
    );

    app.patch(
      `${base}/teams/:teamId`,
      { schema: { params: TeamParams, body: PermissionUpdateBody, response: { 204: NoContent, ...errorResponses } } },
      async (request, reply) => {
        await updateTeamPermission(serviceContext(request), actorOf(request), target(request.params), request.params.teamId ?? '', request.body.role);
        return reply.code(204).send();
      },
    );

    app.delete(`${base}/teams/:teamId`, { schema: { params: TeamParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
      const outcome = await removeTeamPermission(serviceContext(request), actorOf(request), target(request.params), request.params.teamId ?? '');
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    });

    app.get(
      `${base}/aggregate`,
      { schema: { params: Params, querystring: AggregateQuery, response: { 200: ListOf(UserContentPermissionSchema), ...errorResponses } } },
      async (request) => {
        const { role, ...options } = request.query;
        return listPermissionsAggregate(serviceContext(request), actorOf(request), target(request.params), role === undefined ? {} : { role }, options);
      },
    );
  }

  app.get(
    '/orgs/:organizationId/members/:userId/spaces',
    {
      schema: {
        params: Type.Object({ organizationId: EntityId, userId: EntityId }),
        querystring: Type.Object({ ...PaginationQuery.properties, order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })) }),
        response: { 200: ListOf(MemberContentPermissionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { order, ...options } = request.query;
      return listSpacesForOrganizationMember(serviceContext(request), actorOf(request), request.params.organizationId, request.params.userId, order === undefined ? {} : { order }, options);
    },
  );
};
