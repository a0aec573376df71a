import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { searchOrganizationContent, searchSpaceContent } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { SearchPageResultSchema, SearchQueryText, SearchSpaceResultSchema } from '../schemas/search.ts';

const SearchQuery = Type.Object({ ...PaginationQuery.properties, query: SearchQueryText });

/**
 * Full-text search: the pages of a space (searchSpaceContent) and of every space of an organization the caller
 * may read, grouped by space (searchOrganizationContent); `query` is required, results are paged by `page` and
 * `limit`.
 *
 * @example
 * await app.register(searchRoutes);
 */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/spaces/:spaceId/search',
    { schema: { params: Type.Object({ spaceId: EntityId }), querystring: SearchQuery, response: { 200: ListOf(SearchPageResultSchema), ...errorResponses } } },
    async (request) => {
      const { query, ...options } = request.query;
      return searchSpaceContent(serviceContext(request), actorOf(request), request.params.spaceId, query, options);
    },
  );

  app.get(
    '/orgs/:organizationId/search',
    { schema: { params: Type.Object({ organizationId: EntityId }), querystring: SearchQuery, response: { 200: ListOf(SearchSpaceResultSchema), ...errorResponses } } },
    async (request) => {
      const { query, ...options } = request.query;
      return searchOrganizationContent(serviceContext(request), actorOf(request), request.params.organizationId, query, options);
    },
  );
};
