import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { locateGitPaths } from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { GitPathLocationsSchema, GitPathsBody } from '../schemas/quire-extensions.ts';

/**
 * `POST /v1/spaces/{spaceId}/revisions/{revisionId}/git-paths` (the `git-paths` extension, docs/api-extensions.md):
 * where a revision keeps up to 1,000 given Git paths, answered from the server's index of the revision's paths.
 * Sync on a fresh checkout asks it for the paths a push changed instead of reading the whole revision. A POST
 * because the list of paths does not fit a query string; it changes nothing and is safe to retry.
 *
 * @example
 * await app.register(quireGitPathRoutes);
 */
export const quireGitPathRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/spaces/:spaceId/revisions/:revisionId/git-paths',
    { schema: { params: Type.Object({ spaceId: EntityId, revisionId: EntityId }), body: GitPathsBody, response: { 200: GitPathLocationsSchema, ...errorResponses } } },
    async (request) => locateGitPaths(serviceContext(request), actorOf(request), request.params.spaceId, request.params.revisionId, request.body.paths),
  );
};
