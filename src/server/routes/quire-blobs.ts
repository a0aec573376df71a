import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { QuireError } from '../../errors/index.ts';
import { uploadBlob } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { BlobUploadQuery, UploadedBlobSchema } from '../schemas/quire-extensions.ts';

const rawBody = 'application/octet-stream';

/**
 * `POST /v1/spaces/{spaceId}/quire/blobs?size=&sha256=&oid=` (the `file-uploads` extension): a file's raw bytes
 * as the request body (`Content-Type: application/octet-stream`), handed to the service as a stream, never
 * parsed or buffered here. The route's body limit is the server's file limit, not the JSON routes' one.
 *
 * @example
 * await app.register(quireBlobRoutes);
 */
export const quireBlobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(rawBody, (_request, payload, done) => done(null, payload));
  app.post(
    '/spaces/:spaceId/quire/blobs',
    {
      bodyLimit: app.quire.maxFileBytes,
      schema: { params: Type.Object({ spaceId: EntityId }), querystring: BlobUploadQuery, response: { 201: UploadedBlobSchema, ...errorResponses } },
    },
    async (request, reply) => {
      // Any other media type arrives parsed: a JSON `null` as well as an object, a number or nothing.
      const body = request.body as Readable | null | undefined;
      if (typeof body !== 'object' || body === null || typeof (body as { pipe?: unknown }).pipe !== 'function') {
        throw new QuireError('INVALID_ARGUMENT', `the body must be the file's bytes with Content-Type: ${rawBody}`, { field: 'body' });
      }
      const { size, sha256, oid } = request.query;
      const uploaded = await uploadBlob(serviceContext(request), actorOf(request), request.params.spaceId, body, { size, sha256, oid });
      return reply.code(201).send(uploaded);
    },
  );
};
