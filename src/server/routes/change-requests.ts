import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ContentChange } from '../../content/index.ts';
import {
  createChangeRequest,
  getChangeRequest,
  listChangeRequests,
  mergeChangeRequest,
  patchChangeRequest,
  updateChangeRequestContent,
  updateChangeRequestFromSpace,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { ChangeRequestCreateBody, ChangeRequestListFilters, ChangeRequestSchema, ChangeRequestUpdateBody, ContentChangesBody, mergeResultSchema } from '../schemas/change-request.ts';
import { ContentUpdateSchema } from '../schemas/content-update.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';

const SpaceParams = Type.Object({ spaceId: EntityId });
// `changeRequestId` is the change request's id or its number in the space.
const ChangeRequestParams = Type.Object({ spaceId: EntityId, changeRequestId: EntityId });
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Change requests: list (status, default `open`; creator or contributor), create (201 + Location), get by id or
 * number, patch (subject, status; `Prefer: return=minimal` answers 204), write content
 * (updateChangeRequestContent, `compat` both ways), merge and update (`result: conflicts` when the three-way
 * merge conflicts). Their content is read through routes/content.ts.
 *
 * @example
 * await app.register(changeRequestRoutes);
 */
export const changeRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/spaces/:spaceId/change-requests',
    {
      schema: {
        params: SpaceParams,
        querystring: Type.Object({ ...PaginationQuery.properties, ...ChangeRequestListFilters }),
        response: { 200: ListOf(ChangeRequestSchema), ...errorResponses },
      },
    },
    async (request) => listChangeRequests(serviceContext(request), actorOf(request), request.params.spaceId, request.query),
  );

  app.post(
    '/spaces/:spaceId/change-requests',
    { schema: { params: SpaceParams, body: ChangeRequestCreateBody, response: { 201: ChangeRequestSchema, ...errorResponses } } },
    async (request, reply) => {
      const changeRequest = await createChangeRequest(serviceContext(request), actorOf(request), request.params.spaceId, request.body);
      return reply.code(201).header('Location', changeRequest.urls.location).send(changeRequest);
    },
  );

  app.get(
    '/spaces/:spaceId/change-requests/:changeRequestId',
    { schema: { params: ChangeRequestParams, response: { 200: ChangeRequestSchema, ...errorResponses } } },
    async (request) => getChangeRequest(serviceContext(request), actorOf(request), request.params.spaceId, request.params.changeRequestId),
  );

  app.patch(
    '/spaces/:spaceId/change-requests/:changeRequestId',
    {
      schema: {
        params: ChangeRequestParams,
        headers: Type.Object({ prefer: Type.Optional(Type.String()) }),
        body: ChangeRequestUpdateBody,
        response: { 200: ChangeRequestSchema, 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const changeRequest = await patchChangeRequest(serviceContext(request), actorOf(request), request.params.spaceId, request.params.changeRequestId, request.body);
      if (/\breturn=minimal\b/.test(request.headers.prefer ?? '')) return reply.code(204).header('Preference-Applied', 'return=minimal').send();
      return changeRequest;
    },
  );

  app.post(
    '/spaces/:spaceId/change-requests/:changeRequestId/content',
    {
      schema: {
        params: ChangeRequestParams,
        querystring: Type.Object({ compat: Type.Optional(Type.Boolean()), origin: Type.Optional(Type.Union([Type.Literal('git'), Type.Literal('service')])) }),
        body: ContentChangesBody,
        response: { 200: Type.Union([ChangeRequestSchema, ContentUpdateSchema]), ...errorResponses },
      },
    },
    async (request) =>
      updateChangeRequestContent(
        serviceContext(request),
        actorOf(request),
        request.params.spaceId,
        request.params.changeRequestId,
        // The schema checked each change's operation; the content layer checks the rest, naming the field.
        request.body.changes as unknown as ContentChange[],
        request.query,
      ),
  );

  app.post(
    '/spaces/:spaceId/change-requests/:changeRequestId/merge',
    { schema: { params: ChangeRequestParams, response: { 200: mergeResultSchema('merge'), ...errorResponses } } },
    async (request) => mergeChangeRequest(serviceContext(request), actorOf(request), request.params.spaceId, request.params.changeRequestId),
  );

  app.post(
    '/spaces/:spaceId/change-requests/:changeRequestId/update',
    { schema: { params: ChangeRequestParams, response: { 200: mergeResultSchema('update'), ...errorResponses } } },
    async (request) => updateChangeRequestFromSpace(serviceContext(request), actorOf(request), request.params.spaceId, request.params.changeRequestId),
  );
};
