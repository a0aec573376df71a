/**
 * The on-disk shape of the location cache (location-cache.ts), pure: a small head naming the revision the cache
 * describes, and the Git path → location map split into shards by a hash of the path, about
 * `entriesPerShard` paths each. Looking up the few paths a push changed reads one head and one shard per path,
 * whatever the number of paths in the space; only a full write (after a full read of the space) writes them all.
 *
 * Everything read back is checked: a head or shard that does not parse, has another format, another generation
 * or a malformed entry is treated as absent, and sync takes the slow way (it reads the revision).
 */
import { isGitPathLocation, type GitPathLocation, type GitPathLocations } from './git-path-locations.ts';

/** Bumped when the layout changes: a cache of another format is ignored (and replaced on the next full write). */
export const locationCacheFormat = 2;

/**
 * Aimed-for paths per shard: a shard (some 50 KB) is read and parsed in about a millisecond, and a full write
 * makes one file per 512 paths (each file costs about a millisecond to write on a slow disk, whatever its size).
 */
export const entriesPerShard = 512;

/** What the head file holds. */
export interface LocationCacheHead {
  format: number;
  /** The revision whose locations the shards hold (revisions are immutable: the entry never goes stale). */
  revisionId: string;
  /** Names the folder of shards written together; a shard of another generation is never mixed in. */
  generation: string;
  /** Number of shards, a power of two. */
  shards: number;
}

/**
 * The number of shards for `size` paths: a power of two, about `entriesPerShard` paths each, at least one.
 *
 * @example
 * shardCountFor(10_000) // → 32
 */
export function shardCountFor(size: number): number {
  let count = 1;
  while (count * entriesPerShard < size && count < 1 << 16) count *= 2;
  return count;
}

/**
 * The shard a path is in (FNV-1a of its UTF-16 code units, masked: `count` is a power of two).
 *
 * @example
 * shardOf('guide/install.md', 256) // → a number in 0..255
 */
export function shardOf(path: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index++) {
    hash ^= path.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & (count - 1);
}

/**
 * Splits locations into `shardCountFor(size)` shards.
 *
 * @example
 * const shards = splitIntoShards(locationsOf(revision)); // shards[shardOf(path, shards.length)] has path
 */
export function splitIntoShards(locations: GitPathLocations): Array<Record<string, GitPathLocation>> {
  const count = shardCountFor(locations.size);
  const shards = Array.from({ length: count }, () => ({}) as Record<string, GitPathLocation>);
  for (const [path, location] of locations) shards[shardOf(path, count)]![path] = location;
  return shards;
}

/** The head file's text. */
export function serializeHead(head: LocationCacheHead): string {
  return JSON.stringify(head);
}

/**
 * The head read back, or undefined when it is not a well-formed head of this format.
 *
 * @example
 * parseHead('{"format":2,"revisionId":"r1","generation":"g1","shards":4}')?.shards // → 4
 */
export function parseHead(text: string): LocationCacheHead | undefined {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null) return undefined;
  const { format, revisionId, generation, shards } = value as Record<string, unknown>;
  if (format !== locationCacheFormat || typeof revisionId !== 'string' || revisionId === '' || !isGenerationName(generation)) return undefined;
  if (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1 || (shards & (shards - 1)) !== 0) return undefined;
  return { format, revisionId, generation, shards };
}

/** A shard file's text: its generation and index travel with it, so a stray file is never taken for another. */
export function serializeShard(generation: string, index: number, entries: Record<string, GitPathLocation>): string {
  return JSON.stringify({ generation, shard: index, paths: entries });
}

/**
 * A shard read back, or undefined when it is damaged or belongs to another generation or index.
 *
 * @example
 * parseShard(text, head, shardOf('guide.md', head.shards))?.get('guide.md')
 */
export function parseShard(text: string, head: LocationCacheHead, index: number): Map<string, GitPathLocation> | undefined {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null) return undefined;
  const { generation, shard, paths } = value as Record<string, unknown>;
  if (generation !== head.generation || shard !== index || typeof paths !== 'object' || paths === null || Array.isArray(paths)) return undefined;
  const entries = new Map<string, GitPathLocation>();
  for (const [path, location] of Object.entries(paths)) {
    if (!isGitPathLocation(location) || shardOf(path, head.shards) !== index) return undefined;
    entries.set(path, location);
  }
  return entries;
}

/**
 * A generation name usable as a folder name: letters, digits, `-` and `_`.
 *
 * @example
 * isGenerationName('m3k9-4f2a') // → true
 */
export function isGenerationName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
