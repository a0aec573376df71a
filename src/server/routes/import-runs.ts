import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { cancelImportRun, getImportRun, listImportRuns, startImportRun } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ImportRunSchema, ImportRunStatusFilter, StartImportRunBodySchema } from '../schemas/import-run.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
const RunParams = Type.Object({ organizationId: EntityId, importRunId: EntityId });

/**
 * Import runs, the published asynchronous imports (note `/org/`, singular, as the published spec writes it):
 * start (startImportRun, 201), get (getImportRun), list (listImportRuns: `space`, `changeRequest`, `status`) and
 * cancel (cancelImportRun). The import itself runs in the background of the server process.
 *
 * @example
 * await app.register(importRunRoutes);
 */
export const importRunRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/org/:organizationId/imports',
    { schema: { params: OrganizationParams, body: StartImportRunBodySchema, response: { 201: ImportRunSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await startImportRun(serviceContext(request), actorOf(request), request.params.organizationId, request.body)),
  );

  app.get(
    '/org/:organizationId/imports',
    {
      schema: {
        params: OrganizationParams,
        querystring: Type.Object({ ...PaginationQuery.properties, space: Type.Optional(EntityId), changeRequest: Type.Optional(EntityId), status: Type.Optional(ImportRunStatusFilter) }),
        response: { 200: ListOf(ImportRunSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { space, changeRequest, status, ...options } = request.query;
      const query = { ...(space === undefined ? {} : { space }), ...(changeRequest === undefined ? {} : { changeRequest }), ...(status === undefined ? {} : { status }) };
      return listImportRuns(serviceContext(request), actorOf(request), request.params.organizationId, query, options);
    },
  );

  app.get(
    '/org/:organizationId/imports/:importRunId',
    { schema: { params: RunParams, response: { 200: ImportRunSchema, ...errorResponses } } },
    async (request) => getImportRun(serviceContext(request), actorOf(request), request.params.organizationId, request.params.importRunId),
  );

  app.post(
    '/org/:organizationId/imports/:importRunId/cancel',
    { schema: { params: RunParams, response: { 200: ImportRunSchema, ...errorResponses } } },
    async (request) => cancelImportRun(serviceContext(request), actorOf(request), request.params.organizationId, request.params.importRunId),
  );
};
