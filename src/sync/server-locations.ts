/**
 * Where the space keeps given Git paths, asked of the server (extension `git-paths`): what a run without a
 * usable location cache (location-cache.ts), such as the GitHub Action's on a fresh checkout, does instead of
 * downloading the whole revision when a push edited a few files in place.
 */
import type { ApiClient } from '../client/index.ts';
import { isGitPathLocation, type GitPathLocation, type GitPathLocations } from './git-path-locations.ts';

/** The most paths one request asks for (the server's limit); a larger change reads the revision instead. */
export const maxServerLookupPaths = 1000;

/**
 * The locations of `paths` in revision `revisionId`, as the server answers them; undefined when there are too
 * many paths for one request or the answer is not well formed (then the caller reads the revision).
 *
 * @example
 * const located = await locateOnServer(client, spaceId, space.revision, ['guide/install.md']);
 */
export async function locateOnServer(client: Pick<ApiClient, 'locateGitPaths'>, spaceId: string, revisionId: string, paths: readonly string[]): Promise<GitPathLocations | undefined> {
  if (paths.length === 0) return new Map();
  if (paths.length > maxServerLookupPaths) return undefined;
  const answer = await client.locateGitPaths(spaceId, revisionId, paths);
  if (answer.revision !== revisionId || typeof answer.locations !== 'object' || answer.locations === null) return undefined;
  const located = new Map<string, GitPathLocation>();
  for (const [path, location] of Object.entries(answer.locations)) {
    if (!isGitPathLocation(location)) return undefined;
    located.set(path, location);
  }
  return located;
}
