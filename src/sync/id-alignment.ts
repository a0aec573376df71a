/**
 * Which entity of the space each entity of a directory read locally is. Reading a directory gives ids derived
 * from paths; the space has its own ids. The space's content at a sync point is, by construction, the same
 * directory, so the two line up: first by Git path (`git.path`, recorded on everything that came from Git), then
 * by place in the page tree (pages made in the service and exported have no Git path yet), then files by name and
 * reusable contents by title.
 */
import type { Revision, RevisionPage } from '@gitbook/api';
import type { RevisionBundle } from '../model/index.ts';

type Entity = { readonly id: string; readonly git?: { readonly path: string } | undefined };

/**
 * Local id → the space's id, for the pages, files and reusable contents of `local` that the space has.
 *
 * @example
 * const ids = alignIds(readDirectory(files).bundle, await client.getRevision({ spaceId }));
 * ids.get(localPageId) // → the page's id in the space
 */
export function alignIds(local: RevisionBundle, space: Pick<Revision, 'pages' | 'files' | 'reusableContents'>): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  const pair = (localId: string, spaceId: string): void => {
    if (ids.has(localId) || taken.has(spaceId)) return;
    ids.set(localId, spaceId);
    taken.add(spaceId);
  };
  const byPath = (locals: readonly Entity[], spaces: readonly Entity[]) => {
    const spaceByPath = new Map<string, string>();
    for (const entity of spaces) if (entity.git?.path) spaceByPath.set(entity.git.path, entity.id);
    for (const entity of locals) {
      const found = entity.git?.path === undefined ? undefined : spaceByPath.get(entity.git.path);
      if (found !== undefined) pair(entity.id, found);
    }
  };

  byPath(documentPages(local.revision.pages), documentPages(space.pages));
  byPath(local.revision.files, space.files);
  byPath(local.revision.reusableContents, space.reusableContents);
  zipTrees(local.revision.pages, space.pages, pair, ids, taken);

  const byKey = <T extends { id: string }>(locals: readonly T[], spaces: readonly T[], key: (entity: T) => string) => {
    const free = new Map<string, string[]>();
    for (const entity of spaces) if (!taken.has(entity.id)) free.set(key(entity), [...(free.get(key(entity)) ?? []), entity.id]);
    for (const entity of locals) {
      if (ids.has(entity.id)) continue;
      const candidate = free.get(key(entity))?.shift();
      if (candidate !== undefined) pair(entity.id, candidate);
    }
  };
  byKey(local.revision.files, space.files, (file) => file.name);
  byKey(local.revision.reusableContents, space.reusableContents, (reusable) => reusable.title);
  return ids;
}

function documentPages(pages: readonly RevisionPage[]): Entity[] {
  const found: Entity[] = [];
  const walk = (list: readonly RevisionPage[]) => {
    for (const page of list) {
      if (page.type === 'document') found.push(page);
      if ('pages' in page && Array.isArray(page.pages)) walk(page.pages as RevisionPage[]);
    }
  };
  walk(pages);
  return found;
}

/** Pairs pages at the same place: by position when the lists have the same shape, else by type and title. */
function zipTrees(
  locals: readonly RevisionPage[],
  spaces: readonly RevisionPage[],
  pair: (localId: string, spaceId: string) => void,
  ids: ReadonlyMap<string, string>,
  taken: ReadonlySet<string>,
): void {
  const children = (page: RevisionPage): RevisionPage[] => ('pages' in page && Array.isArray(page.pages) ? (page.pages as RevisionPage[]) : []);
  const sameShape = locals.length === spaces.length && locals.every((page, index) => page.type === spaces[index]!.type);
  const matches: Array<[RevisionPage, RevisionPage]> = [];
  if (sameShape) {
    locals.forEach((page, index) => matches.push([page, spaces[index]!]));
  } else {
    const used = new Set<string>();
    for (const page of locals) {
      const known = ids.get(page.id);
      const match =
        spaces.find((candidate) => candidate.id === known) ??
        spaces.find((candidate) => !used.has(candidate.id) && !taken.has(candidate.id) && candidate.type === page.type && candidate.title === page.title);
      if (match) {
        used.add(match.id);
        matches.push([page, match]);
      }
    }
  }
  for (const [page, match] of matches) {
    const known = ids.get(page.id);
    if (known !== undefined && known !== match.id) continue; // the Git path said otherwise: trust it
    pair(page.id, match.id);
    zipTrees(children(page), children(match), pair, ids, taken);
  }
}
