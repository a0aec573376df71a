import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createTranslation, deleteTranslation, getTranslation, listTranslations, updateTranslation } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { TranslationCreateBody, TranslationSchema, TranslationUpdateBody } from '../schemas/translations.ts';

const OrganizationParams = Type.Object({ organizationId: EntityId });
// The published name of the path parameter; the seed's `{translationSettingsId}` is the same segment.
const TranslationParams = Type.Object({ organizationId: EntityId, translationId: EntityId });
// 204 and 205 carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

/**
 * Translations, the seed's five "translation settings" rows served as the published operations: list
 * (listTranslations), create (createTranslation, 201), get (getTranslation), update (updateTranslation, PUT) and
 * delete (deleteTranslation, 205 / 204). Bodies take the seed's `title` and the published fields; answers are
 * the published `Translation` with the seed's `title` and `languages` (docs/api-extensions.md).
 *
 * @example
 * await app.register(translationRoutes);
 */
export const translationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orgs/:organizationId/translations',
    { schema: { params: OrganizationParams, querystring: PaginationQuery, response: { 200: ListOf(TranslationSchema), ...errorResponses } } },
    async (request) => listTranslations(serviceContext(request), actorOf(request), request.params.organizationId, request.query),
  );

  app.post(
    '/orgs/:organizationId/translations',
    { schema: { params: OrganizationParams, body: TranslationCreateBody, response: { 201: TranslationSchema, ...errorResponses } } },
    async (request, reply) => {
      const translation = await createTranslation(serviceContext(request), actorOf(request), request.params.organizationId, request.body);
      return reply.code(201).send(translation);
    },
  );

  app.get(
    '/orgs/:organizationId/translations/:translationId',
    { schema: { params: TranslationParams, response: { 200: TranslationSchema, ...errorResponses } } },
    async (request) => getTranslation(serviceContext(request), actorOf(request), request.params.organizationId, request.params.translationId),
  );

  app.put(
    '/orgs/:organizationId/translations/:translationId',
    { schema: { params: TranslationParams, body: TranslationUpdateBody, response: { 200: TranslationSchema, ...errorResponses } } },
    async (request) => updateTranslation(serviceContext(request), actorOf(request), request.params.organizationId, request.params.translationId, request.body),
  );

  app.delete(
    '/orgs/:organizationId/translations/:translationId',
    { schema: { params: TranslationParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await deleteTranslation(serviceContext(request), actorOf(request), request.params.organizationId, request.params.translationId);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );
};
