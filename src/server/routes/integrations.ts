import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  disableIntegrationDevelopmentMode,
  getIntegration,
  getIntegrationAsset,
  getIntegrationContentInstallation,
  getIntegrationEvent,
  getIntegrationInstallation,
  installIntegration,
  installIntegrationOnContent,
  listIntegrationContentInstallations,
  listIntegrationEvents,
  listIntegrationInstallations,
  listIntegrations,
  publishIntegration,
  setIntegrationDevelopmentMode,
  unpublishIntegration,
  updateIntegrationContentInstallation,
  updateIntegrationInstallation,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import {
  ContentInstallationUpdateBody,
  DevelopmentModeBody,
  InstallationUpdateBody,
  IntegrationCategory,
  IntegrationEventSchema,
  IntegrationEventWithTrace,
  IntegrationInstallationSchema,
  IntegrationName,
  IntegrationSchema,
  IntegrationScope,
  IntegrationSiteInstallationSchema,
  IntegrationSpaceInstallationSchema,
  IntegrationTarget,
  PublishIntegrationBody,
} from '../schemas/integrations.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';

const NameParams = Type.Object({ integrationName: IntegrationName });
const InstallationParams = Type.Object({ integrationName: IntegrationName, installationId: EntityId });
const EventParams = Type.Object({ integrationName: IntegrationName, eventId: Type.String({ minLength: 1, maxLength: 200 }) });
const ExternalIdQuery = Type.Object({ ...PaginationQuery.properties, externalId: Type.Optional(Type.String()) });
const ContentListQuery = Type.Object({ ...ExternalIdQuery.properties, extended: Type.Optional(Type.Boolean()) });
const ExtendedQuery = Type.Object({ extended: Type.Optional(Type.Boolean()) });
// 204 and 205 carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });
const AssetBytes = Type.Unsafe<unknown>({ description: 'the bytes of an icon or a preview image' });

/**
 * Integrations, the seed's rows and the installation operations they need: list (every published filter), get,
 * publish (200, a new version each time), unpublish (205 / 204), installations on organizations (list, install
 * 201, get, configure by PATCH), on spaces and sites (installIntegrationOnSpace / OnSite, 201; the lists
 * listIntegrationSpaceInstallations / SiteInstallations with `extended`; get and configure one by
 * getIntegrationSpaceInstallation / updateIntegrationSpaceInstallation and their site twins), events with their trace, and
 * development mode (PUT 204, DELETE 205). Running scripts and render are not here.
 *
 * @example
 * await app.register(integrationRoutes);
 */
export const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/integrations',
    {
      schema: {
        querystring: Type.Object({
          ...PaginationQuery.properties,
          search: Type.Optional(Type.String({ maxLength: 200 })),
          category: Type.Optional(IntegrationCategory),
          blockDomain: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-zA-Z0-9-_.]+$' })),
          blocks: Type.Optional(Type.Boolean()),
          contentSources: Type.Optional(Type.Boolean()),
          owner: Type.Optional(EntityId),
          scope: Type.Optional(IntegrationScope),
          target: Type.Optional(IntegrationTarget),
        }),
        response: { 200: ListOf(IntegrationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return listIntegrations(serviceContext(request), actorOf(request), filter, { ...(page === undefined ? {} : { page }), ...(limit === undefined ? {} : { limit }) });
    },
  );

  app.get('/integrations/:integrationName', { schema: { params: NameParams, response: { 200: IntegrationSchema, ...errorResponses } } }, async (request) =>
    getIntegration(serviceContext(request), actorOf(request), request.params.integrationName),
  );

  app.post(
    '/integrations/:integrationName',
    { bodyLimit: 32 * 1024 * 1024, schema: { params: NameParams, body: PublishIntegrationBody, response: { 200: IntegrationSchema, ...errorResponses } } },
    async (request) => publishIntegration(serviceContext(request), actorOf(request), request.params.integrationName, request.body),
  );

  app.delete('/integrations/:integrationName', { schema: { params: NameParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    const outcome = await unpublishIntegration(serviceContext(request), actorOf(request), request.params.integrationName);
    return reply.code(outcome === 'deleted' ? 205 : 204).send();
  });

  app.get(
    '/integrations/:integrationName/installations',
    { schema: { params: NameParams, querystring: ExternalIdQuery, response: { 200: ListOf(IntegrationInstallationSchema), ...errorResponses } } },
    async (request) => {
      const { externalId, ...options } = request.query;
      return listIntegrationInstallations(serviceContext(request), actorOf(request), request.params.integrationName, externalId === undefined ? {} : { externalId }, options);
    },
  );

  app.post(
    '/integrations/:integrationName/installations',
    { schema: { params: NameParams, body: Type.Object({ organization: EntityId }), response: { 201: IntegrationInstallationSchema, ...errorResponses } } },
    async (request, reply) => {
      const installation = await installIntegration(serviceContext(request), actorOf(request), request.params.integrationName, request.body);
      return reply.code(201).header('location', installation.urls.location).send(installation);
    },
  );

  app.get(
    '/integrations/:integrationName/installations/:installationId',
    { schema: { params: InstallationParams, response: { 200: IntegrationInstallationSchema, ...errorResponses } } },
    async (request) => getIntegrationInstallation(serviceContext(request), actorOf(request), request.params.integrationName, request.params.installationId),
  );

  app.patch(
    '/integrations/:integrationName/installations/:installationId',
    { schema: { params: InstallationParams, body: InstallationUpdateBody, response: { 200: IntegrationInstallationSchema, ...errorResponses } } },
    async (request) => updateIntegrationInstallation(serviceContext(request), actorOf(request), request.params.integrationName, request.params.installationId, request.body),
  );

  app.post(
    '/integrations/:integrationName/installations/:installationId/spaces',
    { schema: { params: InstallationParams, querystring: ExtendedQuery, body: Type.Object({ space: EntityId }), response: { 201: IntegrationSpaceInstallationSchema, ...errorResponses } } },
    async (request, reply) => {
      const { integrationName, installationId } = request.params;
      const installed = await installIntegrationOnContent(serviceContext(request), actorOf(request), integrationName, installationId, 'space', request.body.space, request.query.extended ?? false);
      return reply.code(201).send(installed);
    },
  );

  app.post(
    '/integrations/:integrationName/installations/:installationId/sites',
    { schema: { params: InstallationParams, querystring: ExtendedQuery, body: Type.Object({ siteId: EntityId }), response: { 201: IntegrationSiteInstallationSchema, ...errorResponses } } },
    async (request, reply) => {
      const { integrationName, installationId } = request.params;
      const installed = await installIntegrationOnContent(serviceContext(request), actorOf(request), integrationName, installationId, 'site', request.body.siteId, request.query.extended ?? false);
      return reply.code(201).send(installed);
    },
  );

  for (const kind of ['space', 'site'] as const) {
    const ContentParams = Type.Object({ integrationName: IntegrationName, installationId: EntityId, targetId: EntityId });
    const Installed = kind === 'space' ? IntegrationSpaceInstallationSchema : IntegrationSiteInstallationSchema;
    const path = `/integrations/:integrationName/installations/:installationId/${kind}s/:targetId`;
    app.get(path, { schema: { params: ContentParams, querystring: ExtendedQuery, response: { 200: Installed, ...errorResponses } } }, async (request) => {
      const { integrationName, installationId, targetId } = request.params;
      return getIntegrationContentInstallation(serviceContext(request), actorOf(request), integrationName, installationId, kind, targetId, request.query.extended ?? false);
    });
    app.patch(path, { schema: { params: ContentParams, querystring: ExtendedQuery, body: ContentInstallationUpdateBody, response: { 200: Installed, ...errorResponses } } }, async (request) => {
      const { integrationName, installationId, targetId } = request.params;
      return updateIntegrationContentInstallation(serviceContext(request), actorOf(request), integrationName, installationId, kind, targetId, request.body, request.query.extended ?? false);
    });
  }

  for (const kind of ['space', 'site'] as const) {
    app.get(
      `/integrations/:integrationName/${kind}s`,
      { schema: { params: NameParams, querystring: ContentListQuery, response: { 200: ListOf(kind === 'space' ? IntegrationSpaceInstallationSchema : IntegrationSiteInstallationSchema), ...errorResponses } } },
      async (request) => {
        const { externalId, extended, ...options } = request.query;
        return listIntegrationContentInstallations(
          serviceContext(request),
          actorOf(request),
          request.params.integrationName,
          kind,
          { ...(externalId === undefined ? {} : { externalId }), ...(extended === undefined ? {} : { extended }) },
          options,
        );
      },
    );
  }

  // The published Integration's `urls.icon` and `previewImages` (a Quire route: docs/api-extensions.md). An SVG
  // is served from the API's origin, so nothing in it may run.
  app.get(
    '/integrations/:integrationName/assets/:hash',
    { schema: { params: Type.Object({ integrationName: IntegrationName, hash: Type.String({ pattern: '^[0-9a-f]{64}$' }) }), response: { 200: AssetBytes, ...errorResponses } } },
    async (request, reply) => {
      const { bytes, mediaType } = await getIntegrationAsset(serviceContext(request), actorOf(request), request.params.integrationName, request.params.hash);
      return reply
        .header('content-type', mediaType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    '/integrations/:integrationName/events',
    { schema: { params: NameParams, querystring: PaginationQuery, response: { 200: ListOf(IntegrationEventSchema), ...errorResponses } } },
    async (request) => listIntegrationEvents(serviceContext(request), actorOf(request), request.params.integrationName, request.query),
  );

  app.get('/integrations/:integrationName/events/:eventId', { schema: { params: EventParams, response: { 200: IntegrationEventWithTrace, ...errorResponses } } }, async (request) =>
    getIntegrationEvent(serviceContext(request), actorOf(request), request.params.integrationName, request.params.eventId),
  );

  app.put('/integrations/:integrationName/dev', { schema: { params: NameParams, body: DevelopmentModeBody, response: { 204: NoContent, ...errorResponses } } }, async (request, reply) => {
    await setIntegrationDevelopmentMode(serviceContext(request), actorOf(request), request.params.integrationName, request.body);
    return reply.code(204).send();
  });

  app.delete('/integrations/:integrationName/dev', { schema: { params: NameParams, response: { 205: NoContent, ...errorResponses } } }, async (request, reply) => {
    await disableIntegrationDevelopmentMode(serviceContext(request), actorOf(request), request.params.integrationName);
    return reply.code(205).send();
  });
};
