import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createOpenApiSpec,
  deleteOpenApiSpec,
  getOpenApiSpec,
  getOpenApiSpecVersion,
  getOpenApiSpecVersionContent,
  listOpenApiSpecs,
  listOpenApiSpecVersions,
  putOpenApiSpec,
  updateOpenApiSpec,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import {
  OpenApiSpecContentSchema,
  OpenApiSpecCreateBody,
  OpenApiSpecPatchBody,
  OpenApiSpecPutBody,
  OpenApiSpecSchema,
  OpenApiSpecSlug,
  OpenApiSpecVersionSchema,
} from '../schemas/openapi-specs.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
/** Reads take any slug up to 100 characters (an unknown one is a 404); `PUT`, which may create, takes only a valid one. */
const SpecParams = Type.Object({ organizationId: EntityId, specSlug: Type.String({ minLength: 1, maxLength: 100 }) });
const SpecPutParams = Type.Object({ organizationId: EntityId, specSlug: OpenApiSpecSlug });
const VersionParams = Type.Object({ organizationId: EntityId, specSlug: Type.String({ minLength: 1, maxLength: 100 }), versionId: EntityId });
// 204 and 205 carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * OpenAPI specs, the seed's ten rows and the published PATCH: list and create (201) in an organization, get,
 * create-or-update by slug (PUT: 201 created, 200 updated; the same URL again re-fetches it), visibility (PATCH),
 * delete (205 / 204), and versions: list, latest, by id, and their content in the published
 * `{ filesystem, urls: { source, public } }` shape.
 *
 * @example
 * await app.register(openApiSpecRoutes);
 */
export const openApiSpecRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/openapi',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(OpenApiSpecSchema), ...errorResponses } } },
    async (request) => listOpenApiSpecs(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.post(
    '/orgs/:organizationId/openapi',
    { schema: { params: OrganizationParams, body: OpenApiSpecCreateBody, response: { 201: OpenApiSpecSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createOpenApiSpec(serviceContext(request), actorOf(request), request.params.organizationId, request.body)),
  );

  app.get('/orgs/:organizationId/openapi/:specSlug', { schema: { params: SpecParams, response: { 200: OpenApiSpecSchema, ...errorResponses } } }, async (request) =>
    getOpenApiSpec(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug),
  );

  app.put(
    '/orgs/:organizationId/openapi/:specSlug',
    { schema: { params: SpecPutParams, body: OpenApiSpecPutBody, response: { 200: OpenApiSpecSchema, 201: OpenApiSpecSchema, ...errorResponses } } },
    async (request, reply) => {
      const { outcome, spec } = await putOpenApiSpec(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, request.body);
      return reply.code(outcome === 'created' ? 201 : 200).send(spec);
    },
  );

  app.patch(
    '/orgs/:organizationId/openapi/:specSlug',
    { schema: { params: SpecParams, body: OpenApiSpecPatchBody, response: { 200: OpenApiSpecSchema, ...errorResponses } } },
    async (request) => updateOpenApiSpec(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, request.body),
  );

  app.delete('/orgs/:organizationId/openapi/:specSlug', { schema: { params: SpecParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await deleteOpenApiSpec(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.get(
    '/orgs/:organizationId/openapi/:specSlug/versions',
    { schema: { params: SpecParams, querystring: PaginationQuery, response: { 200: ListOf(OpenApiSpecVersionSchema), ...errorResponses } } },
    async (request) => listOpenApiSpecVersions(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, request.query),
  );

  app.get('/orgs/:organizationId/openapi/:specSlug/versions/latest', { schema: { params: SpecParams, response: { 200: OpenApiSpecVersionSchema, ...errorResponses } } }, async (request) =>
    getOpenApiSpecVersion(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, 'latest'),
  );

  app.get('/orgs/:organizationId/openapi/:specSlug/versions/latest/content', { schema: { params: SpecParams, response: { 200: OpenApiSpecContentSchema, ...errorResponses } } }, async (request) =>
    getOpenApiSpecVersionContent(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, 'latest'),
  );

  app.get('/orgs/:organizationId/openapi/:specSlug/versions/:versionId', { schema: { params: VersionParams, response: { 200: OpenApiSpecVersionSchema, ...errorResponses } } }, async (request) =>
    getOpenApiSpecVersion(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, request.params.versionId),
  );

  app.get('/orgs/:organizationId/openapi/:specSlug/versions/:versionId/content', { schema: { params: VersionParams, response: { 200: OpenApiSpecContentSchema, ...errorResponses } } }, async (request) =>
    getOpenApiSpecVersionContent(serviceContext(request), actorOf(request), request.params.organizationId, request.params.specSlug, request.params.versionId),
  );
};
