/**
 * Where a revision keeps what came from Git, looked up by Git path: the page, file or reusable content recorded
 * with each path (`git.path`). It is what lets sync on a fresh checkout (no local location cache) ask for the
 * few paths a push changed instead of downloading the whole revision.
 *
 * The index of a revision is made once from its content (one walk of its page tree and lists), then kept in the store's size-bounded object cache under the revision's content hash, like
 * materialized revisions: content never changes, so it is right for every revision sharing that content and
 * for any process. The revision the index is made from is nearly always in that cache already (the server wrote
 * it, or read it), so answering does not decode the tree again.
 */
import { QuireError } from '../../errors/index.ts';
import { notFound } from '../field-checks.ts';
import type { StoreContext } from '../store-context.ts';
import type { RevisionStore } from './revisions.ts';
import type { StoredPage, StoredRevision } from './revision-content.ts';

/** What a revision keeps at one Git path. */
export type GitPathLocationRecord =
  | { kind: 'page'; id: string; title: string }
  | { kind: 'file'; id: string; name: string; contentType: string }
  | { kind: 'reusable-content'; id: string; title: string };

/** The most paths one lookup takes. */
export const maxGitPathsPerLookup = 1000;

export interface GitPathStore {
  /**
   * Where revision `revisionId` keeps each of `paths` (at most `maxGitPathsPerLookup`): the paths it has, each
   * once; a path it does not have is absent from the answer. `NOT_FOUND` when there is no such revision,
   * `INVALID_ARGUMENT` (field `paths`) for too many paths or one that is not a non-empty string.
   *
   * @example
   * (await store.locateGitPaths(space.revisionId, ['guide/install.md'])).get('guide/install.md') // → { kind: 'page', id: 'p1', title: 'Install' }
   */
  locateGitPaths(revisionId: string, paths: readonly string[]): Promise<Map<string, GitPathLocationRecord>>;
}

/** Bytes counted per indexed path besides the path itself, for the cache's bound. */
const entryOverhead = 120;

/**
 * The Git path methods of a Store.
 *
 * @example
 * const gitPaths = gitPathStore(context, revisionStore(context));
 */
export function gitPathStore(context: StoreContext, revisions: Pick<RevisionStore, 'getRevision'>): GitPathStore {
  return {
    async locateGitPaths(revisionId, paths) {
      checkPaths(paths);
      const row = await context.db().selectFrom('revisions').select('content').where('id', '=', revisionId).executeTakeFirst();
      if (row === undefined) throw notFound('revision', revisionId);
      const key = `git-paths:${row.content}`;
      let index = context.objects.recall<ReadonlyMap<string, GitPathLocationRecord>>(key);
      if (index === undefined) {
        const built = gitPathIndexOf(await revisions.getRevision(revisionId));
        context.objects.remember(key, built.index, built.size);
        index = built.index;
      }
      const found = new Map<string, GitPathLocationRecord>();
      for (const path of paths) {
        const location = index.get(path);
        if (location !== undefined) found.set(path, location);
      }
      return found;
    },
  };
}

/**
 * Every Git path of a revision's content: document pages at any depth (inside groups too), files and reusable
 * contents; with the index's approximate size in bytes. A path recorded twice keeps its first owner.
 *
 * @example
 * gitPathIndexOf(revision).index.get('README.md') // → { kind: 'page', id: 'p0', title: 'Welcome' }
 */
export function gitPathIndexOf(revision: Pick<StoredRevision, 'pages' | 'files' | 'reusableContents'>): { index: Map<string, GitPathLocationRecord>; size: number } {
  const index = new Map<string, GitPathLocationRecord>();
  let size = 0;
  const add = (path: string | undefined, location: GitPathLocationRecord) => {
    if (path === undefined || path === '' || index.has(path)) return;
    index.set(path, location);
    size += path.length + location.id.length + entryOverhead;
  };
  const stack: StoredPage[] = [...revision.pages].reverse();
  while (stack.length > 0) {
    const page = stack.pop()!;
    if (page.type === 'document') add(page.git?.path, { kind: 'page', id: page.id, title: page.title });
    if ('pages' in page && Array.isArray(page.pages)) for (let at = page.pages.length - 1; at >= 0; at--) stack.push(page.pages[at] as StoredPage);
  }
  for (const file of revision.files) add(file.git?.path, { kind: 'file', id: file.id, name: file.name, contentType: file.contentType });
  for (const reusable of revision.reusableContents) add(reusable.git?.path, { kind: 'reusable-content', id: reusable.id, title: reusable.title });
  return { index, size };
}

function checkPaths(paths: readonly string[]): void {
  if (!Array.isArray(paths)) throw new QuireError('INVALID_ARGUMENT', 'paths must be an array of Git paths', { field: 'paths' });
  if (paths.length > maxGitPathsPerLookup) {
    throw new QuireError('INVALID_ARGUMENT', `paths holds ${paths.length} paths; at most ${maxGitPathsPerLookup} are looked up at once`, { field: 'paths' });
  }
  for (const path of paths) {
    if (typeof path !== 'string' || path === '') throw new QuireError('INVALID_ARGUMENT', 'paths must hold non-empty strings', { field: 'paths' });
  }
}
