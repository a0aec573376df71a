import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listSyncPoints, setSyncPoint, type PublishedSyncPoint } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';

const Oid = Type.String({ pattern: '^[0-9a-f]{40}([0-9a-f]{24})?$' });

const SyncPointSchema = Type.Unsafe<PublishedSyncPoint>(
  Type.Object({
    object: Type.Literal('sync-point'),
    repository: Type.String(),
    ref: Type.String(),
    revision: Type.String(),
    commit: Type.String(),
    missing: Type.Optional(Type.Array(Type.String())),
    recordedAt: Type.String({ format: 'date-time' }),
  }),
);

const SyncPointBodySchema = Type.Object(
  {
    repository: Type.String({ minLength: 1, maxLength: 256 }),
    ref: Type.String({ minLength: 1, maxLength: 1024 }),
    revision: EntityId,
    commit: Oid,
    missing: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: 100_000 })),
    // Extension `sync-point-git`: the revision's `git` too, recorded with `commit` and `ref` (as PUT .../revisions/{revisionId}/git would).
    git: Type.Optional(
      Type.Object(
        { message: Type.String({ maxLength: 65536 }), createdByGitBook: Type.Boolean(), url: Type.Optional(Type.String({ maxLength: 2048 })) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const params = Type.Object({ spaceId: EntityId });

/**
 * Quire's `sync-points` extension (docs/api-extensions.md): a space's sync points, one per repository and
 * branch, read and recorded by sync; with `sync-point-git`, recording one records the revision's `git` too.
 *
 * @example
 * await app.register(syncPointRoutes);
 */
export const syncPointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/spaces/:spaceId/sync-points', { schema: { params, response: { 200: Type.Object({ items: Type.Array(SyncPointSchema) }), ...errorResponses } } }, async (request) =>
    listSyncPoints(serviceContext(request), actorOf(request), request.params.spaceId),
  );
  app.put('/spaces/:spaceId/sync-points', { schema: { params, body: SyncPointBodySchema, response: { 200: SyncPointSchema, ...errorResponses } } }, async (request) =>
    setSyncPoint(serviceContext(request), actorOf(request), request.params.spaceId, request.body),
  );
};
