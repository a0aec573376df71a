import type { Store } from '../../store/index.ts';

/**
 * The serialized parts of revision bundle answers, by key, the least recently used dropped first past `maxBytes`:
 * each revision's content (page and reusable-content bodies, file bytes, directory source), by revision id, and the
 * published revision that heads an answer, by revision id and everything that head depends on
 * (`getRevisionBundleJson`). Content never changes once a revision is stored: bodies are stored by a hash of their
 * Markdown (`documentIdFor`), files by the hash of their bytes, and a revision's directory source is written with
 * it. What does change (the revision's Git commit, the change request it came from, the URLs it is read at) is in
 * a head's key, so a head made before a change is never sent after it. Serializing a 500-page space's content took
 * 10 to 20 ms of the server's one thread for each export that asked for it.
 *
 * @example
 * const cache = new BundleContentCache(64 * 1024 * 1024);
 * cache.set('rev1', Buffer.from('"documents":{},"files":{},"source":{}'));
 * cache.get('rev1') // → the same bytes
 */
export class BundleContentCache {
  #bytes = 0;
  readonly #entries = new Map<string, Buffer>();

  constructor(readonly maxBytes: number) {}

  /** The bytes kept for `key`, now the most recently used; undefined when none are kept. */
  get(key: string): Buffer | undefined {
    const content = this.#entries.get(key);
    if (content === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, content);
    return content;
  }

  /** Keeps `content` for `key`, unless it alone is over a quarter of `maxBytes` (one space would push out the rest). */
  set(key: string, content: Buffer): void {
    if (content.byteLength > this.maxBytes / 4) return;
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= previous.byteLength;
    }
    this.#entries.set(key, content);
    this.#bytes += content.byteLength;
    for (const [oldest, dropped] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= dropped.byteLength;
    }
  }

  /** Bytes kept, all entries together. */
  get bytes(): number {
    return this.#bytes;
  }
}

/** How much bundle content a store's server keeps: the bundles of a few large spaces. */
export const bundleContentCacheBytes = 64 * 1024 * 1024;

const caches = new WeakMap<Store, BundleContentCache>();

/**
 * The bundle content cache of `store`: one per store, as revision ids are the store's own.
 *
 * @example
 * bundleContentCacheOf(ctx.store).get(revision.id)
 */
export function bundleContentCacheOf(store: Store): BundleContentCache {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new BundleContentCache(bundleContentCacheBytes);
    caches.set(store, cache);
  }
  return cache;
}
