/**
 * A small cache, in the repository's git directory (`.git/quire/<space>.json`), of where the space keeps what
 * came from Git in one revision: Git path → page, file or reusable content id. Revisions are immutable, so an
 * entry keyed by revision id never goes stale. It spares a one-file edit from downloading the whole revision
 * (its page tree grows with the space): the cost of such a sync then follows the change, not the space's size.
 */
import type { GitRepository } from '../git/index.ts';
import type { RevisionContent } from './sync-sides.ts';

interface CacheFile {
  revisionId: string;
  content: RevisionContent;
}

function cachePath(repo: GitRepository, spaceId: string): string {
  return `${repo.gitdir}/quire/${spaceId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}

/**
 * The space's content at `revisionId` as cached (only what has a Git path, pages flattened), or undefined.
 *
 * @example
 * const content = await readCachedLocations(repo, spaceId, syncPoint.revisionId);
 */
export async function readCachedLocations(repo: GitRepository, spaceId: string, revisionId: string): Promise<RevisionContent | undefined> {
  try {
    const cached = JSON.parse(String(await repo.fs.promises.readFile(cachePath(repo, spaceId), 'utf8'))) as CacheFile;
    return cached.revisionId === revisionId ? cached.content : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Caches what `content` (the space at `revisionId`) keeps at Git paths, replacing the space's previous entry.
 * A failure to write is ignored: the cache only saves time.
 *
 * @example
 * await writeCachedLocations(repo, spaceId, mergedRevision, content);
 */
export async function writeCachedLocations(repo: GitRepository, spaceId: string, revisionId: string, content: RevisionContent): Promise<void> {
  const pages: RevisionContent['pages'] = [];
  const walk = (list: RevisionContent['pages']) => {
    for (const page of list) {
      // Only what the quick way reads: the id, the title and the Git blob (a page object is ten times larger).
      if (page.type === 'document' && page.git?.path) pages.push({ id: page.id, type: 'document', title: page.title, git: page.git, pages: [] } as unknown as RevisionContent['pages'][number]);
      if ('pages' in page && Array.isArray(page.pages)) walk(page.pages as RevisionContent['pages']);
    }
  };
  walk(content.pages);
  const trimmed: RevisionContent = {
    pages,
    files: content.files.filter((file) => file.git?.path).map((file) => ({ id: file.id, name: file.name, contentType: file.contentType, git: file.git }) as RevisionContent['files'][number]),
    reusableContents: content.reusableContents
      .filter((reusable) => reusable.git?.path)
      .map((reusable) => ({ id: reusable.id, title: reusable.title, git: reusable.git }) as RevisionContent['reusableContents'][number]),
  };
  const file: CacheFile = { revisionId, content: trimmed };
  try {
    await repo.fs.promises.mkdir(`${repo.gitdir}/quire`).catch(() => undefined);
    await repo.fs.promises.writeFile(cachePath(repo, spaceId), JSON.stringify(file));
  } catch {
    // Read-only checkouts still sync; they read the revision each time.
  }
}
