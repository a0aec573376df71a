import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createSpace,
  deleteSpace,
  duplicateSpace,
  getSpace,
  listSpacesInOrganization,
  moveSpace,
  restoreSpace,
  transferSpace,
  updateSpace,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { MoveBody, TransferBody } from '../schemas/content-position.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { SpaceCreateBody, SpaceSchema, SpaceUpdateBody } from '../schemas/space.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const SpaceParams = Type.Object({ spaceId: EntityId });
// 205 (deleted) and 204 (nothing to delete) carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Spaces: list and create in an organization (listSpacesInOrganizationById, createSpace), get, patch, delete
 * (getSpaceById, updateSpaceById, deleteSpaceById: 205 deleted, 204 nothing to delete), duplicate (201),
 * restore, move, and the seed's transfer (no published operation).
 *
 * @example
 * await app.register(spaceRoutes);
 */
export const spaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/spaces',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(SpaceSchema), ...errorResponses } } },
    async (request) => listSpacesInOrganization(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.post(
    '/orgs/:organizationId/spaces',
    { schema: { params: OrganizationParams, body: SpaceCreateBody, response: { 201: SpaceSchema, ...errorResponses } } },
    async (request, reply) => {
      const space = await createSpace(serviceContext(request), actorOf(request), request.params.organizationId, request.body);
      return reply.code(201).header('Location', space.urls.location).send(space);
    },
  );

  app.get(
    '/spaces/:spaceId',
    { schema: { params: SpaceParams, querystring: Type.Object({ shareKey: Type.Optional(Type.String()) }), response: { 200: SpaceSchema, ...errorResponses } } },
    async (request) => getSpace(serviceContext(request), actorOf(request), request.params.spaceId),
  );

  app.patch('/spaces/:spaceId', { schema: { params: SpaceParams, body: SpaceUpdateBody, response: { 200: SpaceSchema, ...errorResponses } } }, async (request) =>
    updateSpace(serviceContext(request), actorOf(request), request.params.spaceId, request.body),
  );

  app.delete('/spaces/:spaceId', { schema: { params: SpaceParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteSpace(serviceContext(request), actorOf(request), request.params.spaceId);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.post('/spaces/:spaceId/duplicate', { schema: { params: SpaceParams, response: { 201: SpaceSchema, ...errorResponses } } }, async (request, reply) => {
    const copy = await duplicateSpace(serviceContext(request), actorOf(request), request.params.spaceId);
    return reply.code(201).header('Location', copy.urls.location).send(copy);
  });

  app.post('/spaces/:spaceId/restore', { schema: { params: SpaceParams, response: { 200: SpaceSchema, ...errorResponses } } }, async (request) =>
    restoreSpace(serviceContext(request), actorOf(request), request.params.spaceId),
  );

  app.post('/spaces/:spaceId/move', { schema: { params: SpaceParams, body: MoveBody, response: { 200: SpaceSchema, ...errorResponses } } }, async (request) =>
    moveSpace(serviceContext(request), actorOf(request), request.params.spaceId, request.body),
  );

  app.post('/spaces/:spaceId/transfer', { schema: { params: SpaceParams, body: TransferBody, response: { 200: SpaceSchema, ...errorResponses } } }, async (request) =>
    transferSpace(serviceContext(request), actorOf(request), request.params.spaceId, request.body.organization),
  );
};
