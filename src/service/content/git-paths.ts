import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { revisionOfSpace } from '../spaces/open-content.ts';
import type { ServiceContext } from '../service-context.ts';
import type { PublishedGitPathLocations } from './published-content-shapes.ts';

/**
 * Where a revision of a space keeps the given Git paths (Quire's `POST .../revisions/{revisionId}/git-paths`,
 * docs/api-extensions.md `git-paths`): the page, file or reusable content recorded with each path, with what
 * sync needs to change it in place (a page's title, a file's name and content type). Paths the revision does
 * not have are left out. Read access to the space is enough. `NOT_FOUND` for a revision of another space;
 * `INVALID_ARGUMENT` (field `paths`) past the store's `maxGitPathsPerLookup`.
 *
 * @example
 * const { locations } = await locateGitPaths(ctx, actor, spaceId, revisionId, ['guide/install.md']);
 */
export async function locateGitPaths(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string, paths: readonly string[]): Promise<PublishedGitPathLocations> {
  await spaceAccess(ctx, actor, spaceId);
  await revisionOfSpace(ctx, spaceId, revisionId);
  const found = await ctx.store.locateGitPaths(revisionId, paths);
  return { object: 'git-path-locations', revision: revisionId, locations: Object.fromEntries(found) };
}
