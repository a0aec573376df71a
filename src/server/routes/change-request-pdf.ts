import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getChangeRequestPdf, openChangeRequestPdf } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { ChangeRequestPdfQuery, ChangeRequestPdfUrlSchema, PdfBytes } from '../schemas/change-request-pdf.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';

const root = '/spaces/:spaceId/change-requests/:changeRequestId/pdf';
const ChangeRequestParams = Type.Object({ spaceId: EntityId, changeRequestId: EntityId });

/**
 * The change request as a PDF: getChangeRequestPDF (`GET .../pdf?page=&only=`, 200 `{ url }`), and the URL it
 * answers, Quire's `GET .../pdf/{pdfId}` (docs/api-extensions.md), which sends the PDF as an attachment named
 * `<space title>-<number>.pdf`. Both need the caller's token and read access to the space.
 *
 * @example
 * await app.register(changeRequestPdfRoutes);
 */
export const changeRequestPdfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(root, { schema: { params: ChangeRequestParams, querystring: ChangeRequestPdfQuery, response: { 200: ChangeRequestPdfUrlSchema, ...errorResponses } } }, async (request) => {
    const { only, page } = request.query;
    return getChangeRequestPdf(serviceContext(request), actorOf(request), request.params.spaceId, request.params.changeRequestId, {
      ...(only === undefined ? {} : { only }),
      ...(page === undefined ? {} : { page }),
    });
  });

  app.get(
    `${root}/:pdfId`,
    { schema: { params: Type.Object({ ...ChangeRequestParams.properties, pdfId: EntityId }), response: { 200: PdfBytes, 304: PdfBytes, ...errorResponses } } },
    async (request, reply) => {
      const { spaceId, changeRequestId, pdfId } = request.params;
      const { pdf, bytes, fileName } = await openChangeRequestPdf(serviceContext(request), actorOf(request), spaceId, changeRequestId, pdfId);
      // A print never changes: its blob's hash is a strong validator.
      const etag = `"${pdf.blob}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Content-Disposition', attachment(fileName));
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/pdf').header('Content-Length', bytes.byteLength).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};

/** `attachment; filename="<ASCII stand-in>"; filename*=UTF-8''<the name>`: every client gets a usable name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
