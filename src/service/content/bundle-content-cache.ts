import type { Store } from '../../store/index.ts';

/**
 * The serialized content of revision bundles (page and reusable-content bodies, file bytes, directory source), by
 * revision id, the least recently used dropped first past `maxBytes`. That content never changes once a revision
 * is stored: bodies are stored by a hash of their Markdown (`documentIdFor`), files by the hash of their bytes, and
 * a revision's directory source is written with it. What does change (the published revision: its Git commit,
 * the change request it came from, its URLs) is not kept here. Serializing a 500-page space's bundle took 10 to 20
 * ms of the server's one thread for each export that asked for it.
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

  /** The bytes kept for `revisionId`, now the most recently used; undefined when none are kept. */
  get(revisionId: string): Buffer | undefined {
    const content = this.#entries.get(revisionId);
    if (content === undefined) return undefined;
    this.#entries.delete(revisionId);
    this.#entries.set(revisionId, content);
    return content;
  }

  /** Keeps `content` for `revisionId`, unless it alone is over a quarter of `maxBytes` (one space would push out the rest). */
  set(revisionId: string, content: Buffer): void {
    if (content.byteLength > this.maxBytes / 4) return;
    const previous = this.#entries.get(revisionId);
    if (previous !== undefined) {
      this.#entries.delete(revisionId);
      this.#bytes -= previous.byteLength;
    }
    this.#entries.set(revisionId, content);
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
