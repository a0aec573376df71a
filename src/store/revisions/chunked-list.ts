import type { ContentHash } from '../blobs/content-hash.ts';

/*
 * Long lists of content objects (a page's children, a revision's root pages, files, reusable contents) are
 * split into chunks the way Git splits a big directory into trees, so that changing one element rewrites one
 * chunk and the chunks above it, never the whole list.
 *
 * Chunk boundaries are content-defined (as in rolling-hash chunking): an element ends a chunk when a hash of
 * its stable key (the page, file or reusable-content id) at that level is 0 modulo `averageChunk`. Editing an
 * element keeps its key, so the chunking does not move; inserting or deleting one only changes the chunk it
 * lands in. Chunks are capped at `maxChunk` elements. The chunk hashes form the next level up, split the same
 * way, until a level has at most `maxInline` entries: that top level is stored inline in the parent object.
 */

/** A list as its parent object holds it: the level of the entries (0 = element hashes) and the entries. */
export interface ListRef {
  /** 0: `i` holds element hashes; n > 0: `i` holds hashes of list chunks of level n - 1. */
  l: number;
  i: ContentHash[];
}

/** A stored chunk of a list: `{ t: 'list', l, i }`, with `l` and `i` as in `ListRef`. */
export interface ListChunkObject extends ListRef {
  t: 'list';
}

/** An element of a list being built: its object hash and the stable key that places chunk boundaries. */
export interface ListEntry {
  hash: ContentHash;
  key: string;
}

export const averageChunk = 64;
export const maxChunk = 256;
export const maxInline = 64;

/**
 * Builds the chunk objects of a list bottom-up. `emit` stores one chunk object and returns its hash; the
 * returned `ListRef` is what the parent object holds.
 *
 * @example
 * const ref = buildChunkedList(children.map((c) => ({ hash: c.hash, key: c.id })), (chunk) => put(chunk));
 */
export function buildChunkedList(entries: readonly ListEntry[], emit: (chunk: ListChunkObject) => ContentHash): ListRef {
  return chunkLevels(entries, 0, emit);
}

/**
 * Builds a list whose elements are those of `leading` (stored level-0 chunks, each ended by a chunk boundary:
 * a stored list's chunks but its last) followed by `entries`: what `buildChunkedList` gives for all the
 * elements, since chunking restarts after every boundary, without visiting the leading chunks' elements. Each
 * leading entry is a chunk's hash and its first element's key. The elements must be more than `maxInline`.
 *
 * @example
 * const ref = buildChunkedListAfter(storedChunks.slice(0, 150), newEntries, (chunk) => put(chunk));
 */
export function buildChunkedListAfter(leading: readonly ListEntry[], entries: readonly ListEntry[], emit: (chunk: ListChunkObject) => ContentHash): ListRef {
  if (leading.length === 0) return buildChunkedList(entries, emit);
  const chunks = splitIntoChunks(entries, 0).map((chunk) => ({ hash: emit({ t: 'list', l: 0, i: chunk.map((entry) => entry.hash) }), key: chunk[0]!.key }));
  return chunkLevels([...leading, ...chunks], 1, emit);
}

/**
 * The level-0 chunks of a stored list, in order, with how many elements each holds; undefined when the list
 * holds its elements inline or a chunk is not at hand.
 *
 * @example
 * levelZeroChunks(ref, (hash) => cachedChunk(hash)) // → [{ hash: '3f…', size: 61 }, …]
 */
export function levelZeroChunks(ref: ListRef, chunk: (hash: ContentHash) => ListChunkObject | undefined): Array<{ hash: ContentHash; size: number }> | undefined {
  if (ref.l === 0) return undefined;
  const out: Array<{ hash: ContentHash; size: number }> = [];
  const walk = (list: ListRef): boolean => {
    for (const hash of list.i) {
      const child = chunk(hash);
      if (child === undefined || child.l !== list.l - 1) return false;
      if (child.l === 0) out.push({ hash, size: child.i.length });
      else if (!walk(child)) return false;
    }
    return true;
  };
  return walk(ref) ? out : undefined;
}

function chunkLevels(entries: readonly ListEntry[], firstLevel: number, emit: (chunk: ListChunkObject) => ContentHash): ListRef {
  let level = firstLevel;
  let sequence = entries;
  while (sequence.length > maxInline) {
    let chunks = splitIntoChunks(sequence, level);
    if (chunks.length === sequence.length) chunks = splitEvenly(sequence);
    sequence = chunks.map((chunk) => ({
      hash: emit({ t: 'list', l: level, i: chunk.map((entry) => entry.hash) }),
      key: chunk[0]!.key,
    }));
    level += 1;
  }
  return { l: level, i: sequence.map((entry) => entry.hash) };
}

/**
 * The element hashes of a list, in order, given a way to read loaded chunk objects.
 *
 * @example
 * const pageHashes = expandList(node.c, (hash) => loaded.get(hash) as ListChunkObject);
 */
export function expandList(ref: ListRef, chunk: (hash: ContentHash) => ListChunkObject): ContentHash[] {
  if (ref.l === 0) return ref.i;
  const out: ContentHash[] = [];
  for (const hash of ref.i) {
    const child = chunk(hash);
    for (const element of expandList(child, chunk)) out.push(element);
  }
  return out;
}

function splitIntoChunks(sequence: readonly ListEntry[], level: number): ListEntry[][] {
  const chunks: ListEntry[][] = [];
  let current: ListEntry[] = [];
  for (const entry of sequence) {
    current.push(entry);
    if (current.length >= maxChunk || isBoundary(entry.key, level)) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

// Only reached when every key of a level is a boundary (vanishingly rare); keeps the loop finite.
function splitEvenly(sequence: readonly ListEntry[]): ListEntry[][] {
  const chunks: ListEntry[][] = [];
  for (let start = 0; start < sequence.length; start += averageChunk) chunks.push(sequence.slice(start, start + averageChunk));
  return chunks;
}

function isBoundary(key: string, level: number): boolean {
  return mix(fnv1a(key) ^ Math.imul(level + 1, 0x9e3779b9)) % averageChunk === 0;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// MurmurHash3's finaliser: spreads every input bit over the low bits the modulo looks at.
function mix(value: number): number {
  let hash = value >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
