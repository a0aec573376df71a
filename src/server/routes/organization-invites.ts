import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createInviteLink, deleteInvite, getInviteLink, inviteUsers, joinWithInvite, listEmailInvites, listInviteLinks, updateInviteLink } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { MemberRoleOrGuest } from '../schemas/roles.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const InviteParams = Type.Object({ organizationId: EntityId, inviteId: EntityId });
// 205 (deleted) and 204 (nothing to delete) carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/** The published `InviteLinkToOrganization`. */
const InviteLinkSchema = Type.Object({ object: Type.Literal('invite'), id: Type.String(), role: MemberRoleOrGuest, redundant: Type.Boolean() });

/** A pending e-mail invite and its join link (Quire's extension, docs/api-extensions.md `email-invites`). */
const EmailInviteSchema = Type.Object({ id: Type.String(), email: Type.String(), role: MemberRoleOrGuest, url: Type.String({ format: 'uri' }) });

/** The published `InviteUsersToOrganization`; the addresses are checked by the service, which names the bad one. */
const InviteUsersBody = Type.Object(
  {
    emails: Type.Array(
      Type.Union([Type.String({ maxLength: 320 }), Type.Object({ email: Type.String({ maxLength: 320 }), role: MemberRoleOrGuest }, { additionalProperties: false })], {
        description: 'an e-mail address, or { "email": ..., "role": ... }',
      }),
      { minItems: 1, maxItems: 100 },
    ),
    role: Type.Optional(MemberRoleOrGuest),
    sso: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The published `CreateOrganizationInvite` (the service refuses the space and collection variants, naming them). */
const CreateInviteBody = Type.Object(
  { role: Type.Optional(MemberRoleOrGuest), level: Type.Optional(MemberRoleOrGuest), space: Type.Optional(EntityId), collection: Type.Optional(EntityId) },
  { additionalProperties: false },
);

const UpdateInviteBody = Type.Object({ role: Type.Optional(MemberRoleOrGuest), level: Type.Optional(MemberRoleOrGuest) }, { additionalProperties: false });

/**
 * Organization invites: inviteUsersToOrganization (by e-mail; the answer adds each join link),
 * joinOrganizationWithInvite, the link invites (listOrganizationInviteLinks, createOrganizationInvite: 201,
 * getOrganizationInviteLink, updateOrganizationInviteById, deleteOrganizationInviteById: 205 / 204, which also
 * revokes a pending e-mail invite), and Quire's list of pending e-mail invites.
 *
 * @example
 * await app.register(organizationInviteRoutes);
 */
export const organizationInviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/orgs/:organizationId/invites',
    {
      schema: {
        params: OrganizationParams,
        body: InviteUsersBody,
        response: { 200: Type.Object({ users: Type.Array(Type.String()), invited: Type.Number(), invites: Type.Array(EmailInviteSchema) }), ...errorResponses },
      },
    },
    async (request) => inviteUsers(serviceContext(request), actorOf(request), request.params.organizationId, request.body),
  );

  app.post('/orgs/:organizationId/invites/:inviteId', { schema: { params: InviteParams, response: { 200: Type.Object({}), ...errorResponses } } }, async (request) =>
    joinWithInvite(serviceContext(request), actorOf(request), request.params.organizationId, request.params.inviteId),
  );

  app.get(
    '/orgs/:organizationId/email-invites',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(EmailInviteSchema), ...errorResponses } } },
    async (request) => listEmailInvites(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.get(
    '/orgs/:organizationId/link-invites',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(InviteLinkSchema), ...errorResponses } } },
    async (request) => listInviteLinks(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.post(
    '/orgs/:organizationId/link-invites',
    { schema: { params: OrganizationParams, body: CreateInviteBody, response: { 201: InviteLinkSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createInviteLink(serviceContext(request), actorOf(request), request.params.organizationId, request.body)),
  );

  app.get('/orgs/:organizationId/link-invites/:inviteId', { schema: { params: InviteParams, response: { 200: InviteLinkSchema, ...errorResponses } } }, async (request) =>
    getInviteLink(serviceContext(request), actorOf(request), request.params.organizationId, request.params.inviteId),
  );

  app.patch(
    '/orgs/:organizationId/link-invites/:inviteId',
    { schema: { params: InviteParams, body: UpdateInviteBody, response: { 200: InviteLinkSchema, ...errorResponses } } },
    async (request) => updateInviteLink(serviceContext(request), actorOf(request), request.params.organizationId, request.params.inviteId, request.body),
  );

  app.delete('/orgs/:organizationId/link-invites/:inviteId', { schema: { params: InviteParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteInvite(serviceContext(request), actorOf(request), request.params.organizationId, request.params.inviteId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });
};
