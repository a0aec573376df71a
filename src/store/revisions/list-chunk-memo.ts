import type { ListChunkObject } from './chunked-list.ts';
import type { ContentHash } from '../blobs/content-hash.ts';
import { LruCache } from '../lru-cache.ts';
import type { EncodedContentObject } from './revision-encoding.ts';

/**
 * List chunks encoded recently, so that re-encoding a long list whose chunks did not change (the root page list
 * of a change request filled batch after batch: only its last chunks move) compares each chunk's hashes with
 * the one remembered instead of serializing and hashing it again. An entry is a pure function of the chunk's
 * level and element hashes, so it is right whether or not the chunk was ever stored.
 *
 * @example
 * const memo = new ListChunkMemo(4096);
 * memo.recall(chunk) ?? memo.remember(chunk, encode(chunk));
 */
export class ListChunkMemo {
  readonly #entries: LruCache<{ items: readonly ContentHash[]; encoded: EncodedContentObject }>;

  /** `maxChunks`: how many chunks to remember (each holds up to `maxChunk` hashes). */
  constructor(maxChunks: number) {
    this.#entries = new LruCache(maxChunks);
  }

  /** The encoding of a chunk with exactly these level and element hashes, if remembered. */
  recall(chunk: ListChunkObject): (EncodedContentObject) | undefined {
    const entry = this.#entries.get(keyOf(chunk));
    if (entry === undefined || entry.items.length !== chunk.i.length) return undefined;
    for (let index = 0; index < chunk.i.length; index++) if (entry.items[index] !== chunk.i[index]) return undefined;
    return entry.encoded;
  }

  remember(chunk: ListChunkObject, encoded: EncodedContentObject): void {
    this.#entries.set(keyOf(chunk), { items: chunk.i, encoded }, 1);
  }
}

function keyOf(chunk: ListChunkObject): string {
  return `${chunk.l}:${chunk.i.length}:${chunk.i[0] ?? ''}:${chunk.i[chunk.i.length - 1] ?? ''}`;
}
