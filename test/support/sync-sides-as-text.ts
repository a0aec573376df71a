// Both sides of a sync as path → text (assets as base64), for readable comparisons: the space's current content
// written out as a directory, and the repository's folder at its head. No test runner here: benchmarks use it too.
import type { ApiClient } from '../../src/client/index.ts';
import { readTree } from '../../src/git/index.ts';
import type { FixtureRepository } from '../../src/git/gitdir-fixture.ts';
import { filesFromRevisionDirectory } from '../../src/sync/directory-delta.ts';

/**
 * The space's current content written out as a directory (path → text, assets as base64).
 *
 * @example
 * expect(await spaceFilesAsText(client, spaceId)).toEqual(await repoFilesAsText(repo));
 */
export async function spaceFilesAsText(client: ApiClient, spaceId: string): Promise<Record<string, string>> {
  const space = await client.getSpace(spaceId);
  return readable(filesFromRevisionDirectory(await client.getRevisionDirectory(spaceId, space.revision)));
}

/**
 * The repository's folder at its head (path → text, assets as base64).
 *
 * @example
 * const files = await repoFilesAsText(repo, 'docs/');
 */
export async function repoFilesAsText(repo: FixtureRepository, prefix = ''): Promise<Record<string, string>> {
  const tree = await readTree(repo.repo, repo.head, prefix === '' ? {} : { prefix });
  return readable(tree.files);
}

function readable(files: ReadonlyMap<string, Uint8Array>): Record<string, string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries = [...files].map(([path, bytes]): [string, string] => {
    try {
      return [path, decoder.decode(bytes)];
    } catch {
      return [path, `base64:${Buffer.from(bytes).toString('base64')}`];
    }
  });
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}
