import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { importChangeRequestContent, importSpaceContent } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';

const SpaceParams = Type.Object({ spaceId: EntityId });
const ChangeRequestParams = Type.Object({ spaceId: EntityId, changeRequestId: EntityId });

// Both fields are checked by the service, so `source: "file"` is told it is known but not supported, and a bad
// `url` is refused with what is wrong with it, not a schema message.
const ImportBody = Type.Object({ url: Type.String({ maxLength: 2048 }), source: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
const ImportResult = Type.Object({ revision: Type.String(), importedResources: Type.Number(), totalResources: Type.Number() });

/**
 * Website imports, the seed's two rows (absent from the published spec): `POST /spaces/{spaceId}/content/import`
 * (through a change request that is merged) and `POST .../change-requests/{changeRequestId}/content/import`
 * (into the change request), both 201 `{ revision, importedResources, totalResources }`.
 *
 * @example
 * await app.register(contentImportRoutes);
 */
export const contentImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/spaces/:spaceId/content/import',
    { schema: { params: SpaceParams, body: ImportBody, response: { 201: ImportResult, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await importSpaceContent(serviceContext(request), actorOf(request), request.params.spaceId, request.body)),
  );

  app.post(
    '/spaces/:spaceId/change-requests/:changeRequestId/content/import',
    { schema: { params: ChangeRequestParams, body: ImportBody, response: { 201: ImportResult, ...errorResponses } } },
    async (request, reply) => {
      const { spaceId, changeRequestId } = request.params;
      return reply.code(201).send(await importChangeRequestContent(serviceContext(request), actorOf(request), spaceId, changeRequestId, request.body));
    },
  );
};
