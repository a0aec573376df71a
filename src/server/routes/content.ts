import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeRequestContent, spaceContent } from '../../service/index.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { contentReadRoutes } from './content-reads.ts';

/**
 * Space content and change request content, read: the revision (getCurrentRevision,
 * getRevisionOfChangeRequestById), its pages, files, a file, a page by id or by path (with `format=markdown` or
 * `document`), reusable content. Writing content goes through a change request (routes/change-requests.ts).
 *
 * @example
 * await app.register(contentRoutes);
 */
export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(contentReadRoutes({ root: '/spaces/:spaceId/content', params: { spaceId: EntityId }, locate: () => spaceContent }));
  await app.register(
    contentReadRoutes({
      root: '/spaces/:spaceId/change-requests/:changeRequestId/content',
      params: { spaceId: EntityId, changeRequestId: EntityId },
      locate: (params) => changeRequestContent(params.changeRequestId!),
    }),
  );
};
