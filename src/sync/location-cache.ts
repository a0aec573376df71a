/**
 * A cache, in the repository's git directory, of where the space keeps what came from Git in one revision: Git
 * path → page, file or reusable content (git-path-locations.ts). It spares a push that edits files in place from
 * downloading the whole revision (its page tree grows with the space).
 *
 * Layout (`.git/quire/<space>/`, shapes in location-shards.ts):
 *
 *   head.json              { format, revisionId, generation, shards }: the revision described, and where
 *   <generation>/<n>.json  shard n: the paths whose hash falls in it, about 512 of them
 *
 * The costs follow the change, not the space:
 * - a lookup reads the head and one shard per changed path;
 * - after a sync that only edited files in place (every id, title and Git path kept), the merged revision has
 *   the same locations: `moveLocationCache` rewrites the head alone to name the new revision;
 * - only after sync read a whole revision anyway (the first run, or after a change of structure) does
 *   `writeLocationCache` write every shard, into a new generation folder, then the head, then removes older
 *   generations. Until the head is written the previous generation stays the one read, so a run stopped half
 *   way leaves a cache that is either whole or ignored.
 *
 * A fresh checkout (a CI runner's) has no cache: its run reads the revision and writes the cache whole, one
 * file per 512 paths or so, for the runs that follow in the same checkout.
 *
 * Revisions are immutable, so what the head names never goes stale. A missing, damaged or foreign head or
 * shard reads as no cache, and sync takes the slow way (it reads the revision). Failing to write is ignored:
 * read-only checkouts still sync.
 */
import type { GitRepository } from '../git/index.ts';
import type { GitPathLocation, GitPathLocations } from './git-path-locations.ts';
import {
  isGenerationName,
  locationCacheFormat,
  parseHead,
  parseShard,
  serializeHead,
  serializeShard,
  shardOf,
  splitIntoShards,
  type LocationCacheHead,
} from './location-shards.ts';

/** The cache as found for one revision. */
export interface LocationCache {
  readonly revisionId: string;
  /** Where the space keeps `paths` (those it has), or undefined when a shard is missing or damaged. */
  lookup(paths: readonly string[]): Promise<Map<string, GitPathLocation> | undefined>;
}

/** Shard files written at once by a full write. */
const writeConcurrency = 16;

/**
 * The cache, when it describes `revisionId`; else undefined. Reads only the head.
 *
 * @example
 * const cache = await openLocationCache(repo, spaceId, space.revision);
 * const located = await cache?.lookup(['guide/install.md']);
 */
export async function openLocationCache(repo: GitRepository, spaceId: string, revisionId: string): Promise<LocationCache | undefined> {
  const head = await readHead(repo, spaceId);
  if (head === undefined || head.revisionId !== revisionId) return undefined;
  const folder = spaceCacheFolder(repo, spaceId);
  return {
    revisionId,
    async lookup(paths) {
      const byShard = new Map<number, string[]>();
      for (const path of paths) {
        const index = shardOf(path, head.shards);
        const inShard = byShard.get(index);
        if (inShard === undefined) byShard.set(index, [path]);
        else inShard.push(path);
      }
      const found = new Map<string, GitPathLocation>();
      for (const [index, wanted] of byShard) {
        const text = await readText(repo, `${folder}/${head.generation}/${shardName(index)}`);
        const shard = text === undefined ? undefined : parseShard(text, head, index);
        if (shard === undefined) return undefined;
        for (const path of wanted) {
          const location = shard.get(path);
          if (location !== undefined) found.set(path, location);
        }
      }
      return found;
    },
  };
}

/**
 * Caches every location of the space at `revisionId`, replacing what was cached.
 *
 * @example
 * await writeLocationCache(repo, spaceId, revision.id, locationsOf(revision));
 */
export async function writeLocationCache(repo: GitRepository, spaceId: string, revisionId: string, locations: GitPathLocations): Promise<void> {
  const folder = spaceCacheFolder(repo, spaceId);
  const shards = splitIntoShards(locations);
  const generation = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  try {
    await makeFolder(repo, `${repo.gitdir}/quire`);
    await makeFolder(repo, folder);
    await makeFolder(repo, `${folder}/${generation}`);
    for (let start = 0; start < shards.length; start += writeConcurrency) {
      await Promise.all(
        shards.slice(start, start + writeConcurrency).map((entries, offset) => {
          const index = start + offset;
          return repo.fs.promises.writeFile(`${folder}/${generation}/${shardName(index)}`, serializeShard(generation, index, entries));
        }),
      );
    }
    const head: LocationCacheHead = { format: locationCacheFormat, revisionId, generation, shards: shards.length };
    await repo.fs.promises.writeFile(headPath(repo, spaceId), serializeHead(head));
  } catch {
    return; // the cache only saves time
  }
  await removeOtherGenerations(repo, folder, generation);
  // The first layout kept one whole file per space.
  await repo.fs.promises.unlink(`${repo.gitdir}/quire/${safeName(spaceId)}.json`).catch(() => undefined);
}

/**
 * Records that revision `to` keeps everything where revision `from` did (a sync that only edited files in
 * place): the head is rewritten, no shard is. Nothing happens unless the cache describes `from`.
 *
 * @example
 * await moveLocationCache(repo, spaceId, live.id, merged.revision);
 */
export async function moveLocationCache(repo: GitRepository, spaceId: string, from: string, to: string): Promise<void> {
  const head = await readHead(repo, spaceId);
  if (head === undefined || head.revisionId !== from) return;
  await repo.fs.promises.writeFile(headPath(repo, spaceId), serializeHead({ ...head, revisionId: to })).catch(() => undefined);
}

async function readHead(repo: GitRepository, spaceId: string): Promise<LocationCacheHead | undefined> {
  const text = await readText(repo, headPath(repo, spaceId));
  return text === undefined ? undefined : parseHead(text);
}

async function readText(repo: GitRepository, path: string): Promise<string | undefined> {
  try {
    return String(await repo.fs.promises.readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

async function makeFolder(repo: GitRepository, path: string): Promise<void> {
  await repo.fs.promises.mkdir(path).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  });
}

async function removeOtherGenerations(repo: GitRepository, folder: string, keep: string): Promise<void> {
  const names = ((await repo.fs.promises.readdir(folder).catch(() => [])) as string[]).filter((name) => name !== keep && isGenerationName(name));
  for (const name of names) {
    const files = (await repo.fs.promises.readdir(`${folder}/${name}`).catch(() => [])) as string[];
    for (const file of files) await repo.fs.promises.unlink(`${folder}/${name}/${file}`).catch(() => undefined);
    await repo.fs.promises.rmdir(`${folder}/${name}`).catch(() => undefined);
  }
}

/**
 * The folder of what sync keeps on disk for one space (`.git/quire/<space>/`): this cache, and the mark of
 * files-complete-mark.ts.
 *
 * @example
 * spaceCacheFolder(repo, 'space1') // → '/repo/.git/quire/space1'
 */
export function spaceCacheFolder(repo: GitRepository, spaceId: string): string {
  return `${repo.gitdir}/quire/${safeName(spaceId)}`;
}

function headPath(repo: GitRepository, spaceId: string): string {
  return `${spaceCacheFolder(repo, spaceId)}/head.json`;
}

function shardName(index: number): string {
  return `${index.toString(16)}.json`;
}

function safeName(spaceId: string): string {
  return spaceId.replace(/[^A-Za-z0-9_-]/g, '_');
}
