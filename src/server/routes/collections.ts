import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  listSpacesInCollection,
  moveCollection,
  transferCollection,
  updateCollection,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { CollectionCreateBody, CollectionSchema, CollectionUpdateBody } from '../schemas/collection.ts';
import { MoveBody, TransferBody } from '../schemas/content-position.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { SpaceSchema } from '../schemas/space.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const CollectionParams = Type.Object({ collectionId: EntityId });
// 205 (deleted) and 204 (nothing to delete) carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Collections, the seed's eight rows: list (with `nested`) and create in an organization
 * (listCollectionsInOrganizationById, createCollection: 201), get, patch, delete (205 / 204), the spaces in
 * one (listSpacesInCollectionById), move and transfer.
 *
 * @example
 * await app.register(collectionRoutes);
 */
export const collectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/collections',
    {
      schema: {
        params: OrganizationParams,
        querystring: Type.Object({ ...PaginationQuery.properties, nested: Type.Optional(Type.Boolean({ default: true })) }),
        response: { 200: ListOf(CollectionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { nested, ...options } = request.query;
      return listCollections(serviceContext(request), actorOf(request), request.params.organizationId, { ...(nested === undefined ? {} : { nested }) }, options);
    },
  );

  app.post(
    '/orgs/:organizationId/collections',
    { schema: { params: OrganizationParams, body: CollectionCreateBody, response: { 201: CollectionSchema, ...errorResponses } } },
    async (request, reply) => {
      const collection = await createCollection(serviceContext(request), actorOf(request), request.params.organizationId, request.body);
      return reply.code(201).header('Location', collection.urls.location).send(collection);
    },
  );

  app.get('/collections/:collectionId', { schema: { params: CollectionParams, response: { 200: CollectionSchema, ...errorResponses } } }, async (request) =>
    getCollection(serviceContext(request), actorOf(request), request.params.collectionId),
  );

  app.patch(
    '/collections/:collectionId',
    { schema: { params: CollectionParams, body: CollectionUpdateBody, response: { 200: CollectionSchema, ...errorResponses } } },
    async (request) => updateCollection(serviceContext(request), actorOf(request), request.params.collectionId, request.body),
  );

  app.delete(
    '/collections/:collectionId',
    { schema: { params: CollectionParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await deleteCollection(serviceContext(request), actorOf(request), request.params.collectionId);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );

  app.get(
    '/collections/:collectionId/spaces',
    { schema: { params: CollectionParams, querystring: PaginationQuery, response: { 200: ListOf(SpaceSchema), ...errorResponses } } },
    async (request) => listSpacesInCollection(serviceContext(request), actorOf(request), request.params.collectionId, request.query),
  );

  app.post(
    '/collections/:collectionId/move',
    { schema: { params: CollectionParams, body: MoveBody, response: { 200: CollectionSchema, ...errorResponses } } },
    async (request) => moveCollection(serviceContext(request), actorOf(request), request.params.collectionId, request.body),
  );

  app.post(
    '/collections/:collectionId/transfer',
    { schema: { params: CollectionParams, body: TransferBody, response: { 200: CollectionSchema, ...errorResponses } } },
    async (request) => transferCollection(serviceContext(request), actorOf(request), request.params.collectionId, request.body.organization),
  );
};
