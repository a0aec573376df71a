import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from 'typebox';
import { changeRequestContent, listFileBacklinks, listPageLinks, listSpaceLinks, spaceContent, type ContentLocation } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { BacklinkListSchema, LinkListQuery, LinkListSchema } from '../schemas/link.ts';
import { PaginationQuery } from '../schemas/list.ts';

/** The content roots that have page links and file backlinks: the space's content and a change request's. */
const contentMounts: ReadonlyArray<{ root: string; params: TProperties; locate: (params: Record<string, string>) => ContentLocation }> = [
  { root: '/spaces/:spaceId/content', params: { spaceId: EntityId }, locate: () => spaceContent },
  {
    root: '/spaces/:spaceId/change-requests/:changeRequestId/content',
    params: { spaceId: EntityId, changeRequestId: EntityId },
    locate: (params) => changeRequestContent(params.changeRequestId!),
  },
];

/**
 * Links and backlinks, the seed's rows the published spec lacks (docs/api-extensions.md): the links of a space's
 * content (`/spaces/{spaceId}/links`), of one page (`…/content/page/{pageId}/links`) and the pages pointing at a
 * file (`…/content/files/{fileId}/backlinks`), the last two in the space's content and in a change request's.
 * Each needs read access to the space.
 *
 * @example
 * await app.register(linkRoutes);
 */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/spaces/:spaceId/links',
    { schema: { params: Type.Object({ spaceId: EntityId }), querystring: LinkListQuery, response: { 200: LinkListSchema, ...errorResponses } } },
    async (request) => listSpaceLinks(serviceContext(request), actorOf(request), request.params.spaceId, spaceContent, request.query),
  );

  for (const { root, params, locate } of contentMounts) {
    app.get(
      `${root}/page/:pageId/links`,
      { schema: { params: Type.Object({ ...params, pageId: EntityId }), querystring: LinkListQuery, response: { 200: LinkListSchema, ...errorResponses } } },
      async (request) => {
        const values = request.params as Record<string, string>;
        return listPageLinks(serviceContext(request), actorOf(request), values.spaceId!, locate(values), values.pageId!, request.query);
      },
    );
    app.get(
      `${root}/files/:fileId/backlinks`,
      { schema: { params: Type.Object({ ...params, fileId: EntityId }), querystring: PaginationQuery, response: { 200: BacklinkListSchema, ...errorResponses } } },
      async (request) => {
        const values = request.params as Record<string, string>;
        return listFileBacklinks(serviceContext(request), actorOf(request), values.spaceId!, locate(values), values.fileId!, request.query);
      },
    );
  }
};
