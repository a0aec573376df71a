import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import {
  getPageDocument,
  getReusableContentDocument,
  getRevisionBundleJson,
  getRevisionDirectory,
  listSpaceRevisions,
  openFileDownload,
  revisionContent,
  setRevisionGit,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { DocumentQuery } from '../schemas/content-query.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { DirectoryQuery, GitCommitBody, RevisionBundleSchema, RevisionDirectorySchema, RevisionInfoSchema } from '../schemas/quire-extensions.ts';
import { JsonDocumentSchema } from '../schemas/revision.ts';
import { contentReadRoutes } from './content-reads.ts';

const root = '/spaces/:spaceId/revisions/:revisionId';
const RevisionParams = Type.Object({ spaceId: EntityId, revisionId: EntityId });
// The bytes of a file are streamed as they are, with their own content type: no JSON, nothing to serialize.
const FileBytes = Type.Unsafe<unknown>({ description: 'the bytes of the file, with its content type' });

/**
 * Revisions of a space: the published reads (getRevisionById, listPagesInRevisionById,
 * listFilesInRevisionById, getFileInRevisionById, getPageInRevisionById, getPageInRevisionByPath,
 * getReusableContentInRevisionById, and the `/document` of a page or reusable content), the bytes of a file
 * (the `downloadURL` of every `RevisionFile`), and Quire's extensions (docs/api-extensions.md): the history
 * (`GET /spaces/{spaceId}/revisions`), the Git commit of a revision (`PUT .../git`) and the revision as a
 * directory (`GET .../directory[?since=]`) and as a bundle (`GET .../bundle`).
 *
 * @example
 * await app.register(revisionRoutes);
 */
export const revisionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(contentReadRoutes({ root, params: { spaceId: EntityId, revisionId: EntityId }, locate: (params) => revisionContent(params.revisionId!) }));

  app.get(
    `${root}/page/:pageId/document`,
    { schema: { params: Type.Object({ ...RevisionParams.properties, pageId: EntityId }), querystring: DocumentQuery, response: { 200: JsonDocumentSchema, ...errorResponses } } },
    async (request) => {
      const { spaceId, revisionId, pageId } = request.params;
      return getPageDocument(serviceContext(request), actorOf(request), spaceId, revisionContent(revisionId), pageId);
    },
  );

  app.get(
    `${root}/reusable-contents/:reusableContentId/document`,
    {
      schema: {
        params: Type.Object({ ...RevisionParams.properties, reusableContentId: EntityId }),
        querystring: DocumentQuery,
        response: { 200: JsonDocumentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { spaceId, revisionId, reusableContentId } = request.params;
      return getReusableContentDocument(serviceContext(request), actorOf(request), spaceId, revisionContent(revisionId), reusableContentId);
    },
  );

  app.get(
    `${root}/files/:fileId/download`,
    { schema: { params: Type.Object({ ...RevisionParams.properties, fileId: EntityId }), response: { 200: FileBytes, 304: FileBytes, ...errorResponses } } },
    async (request, reply) => {
      const { spaceId, revisionId, fileId } = request.params;
      const { file, size, stream } = await openFileDownload(serviceContext(request), actorOf(request), spaceId, revisionId, fileId);
      // A revision's file never changes: its blob's hash is a strong validator.
      const etag = `"${file.blob}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        // Files are uploaded content: never let one run as a page of this origin.
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Content-Disposition', `${/^(image|video|audio)\//.test(file.contentType) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      if (request.headers['if-none-match'] === etag) {
        stream.destroy();
        return reply.code(304).send();
      }
      return reply.type(file.contentType).header('Content-Length', size).send(stream);
    },
  );

  app.get(
    '/spaces/:spaceId/revisions',
    { schema: { params: Type.Object({ spaceId: EntityId }), querystring: PaginationQuery, response: { 200: ListOf(RevisionInfoSchema), ...errorResponses } } },
    async (request) => listSpaceRevisions(serviceContext(request), actorOf(request), request.params.spaceId, request.query),
  );

  app.put(`${root}/git`, { schema: { params: RevisionParams, body: GitCommitBody, response: { 200: RevisionInfoSchema, ...errorResponses } } }, async (request) =>
    setRevisionGit(serviceContext(request), actorOf(request), request.params.spaceId, request.params.revisionId, request.body),
  );

  app.get(
    `${root}/directory`,
    { schema: { params: RevisionParams, querystring: DirectoryQuery, response: { 200: RevisionDirectorySchema, ...errorResponses } } },
    async (request) =>
      getRevisionDirectory(serviceContext(request), actorOf(request), request.params.spaceId, request.params.revisionId, {
        ...(request.query.since === undefined ? {} : { since: request.query.since }),
      }),
  );

  app.get(`${root}/bundle`, { schema: { params: RevisionParams, response: { 200: RevisionBundleSchema, ...errorResponses } } }, async (request, reply) => {
    // Sent as bytes already serialized: a bundle is mostly page bodies (17 MB for 5,000 pages), which the schema's
    // serializer escaped character by character in JavaScript and then measured again as a string; the service
    // writes the same JSON natively, once per revision (getRevisionBundleJson), in parts written one after the other
    // with their total length. The shape is still the schema's (the conformance test checks the answer); fastify
    // sends a stream as it is, which its types do not say.
    const parts = await getRevisionBundleJson(serviceContext(request), actorOf(request), request.params.spaceId, request.params.revisionId);
    const length = parts.reduce((total, part) => total + part.byteLength, 0);
    const body = Readable.from(parts, { objectMode: false });
    return reply.type('application/json; charset=utf-8').header('Content-Length', length).send(body as unknown as Static<typeof RevisionBundleSchema>);
  });
};
