/**
 * A least-recently-used cache bounded by the total `size` of its entries (bytes of JSON text, or 1 per
 * entry to bound a count). Immutable content objects are what goes in here, so entries never go stale;
 * they only get evicted.
 *
 * @example
 * const cache = new LruCache<string>(1024);
 * cache.set('a', 'x', 1);
 * cache.get('a'); // → 'x'
 */
export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  readonly #maxSize: number;
  #size = 0;

  constructor(maxSize: number) {
    this.#maxSize = maxSize;
  }

  /** The total size of the entries held. */
  get size(): number {
    return this.#size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // Re-insert to mark as most recently used: a Map iterates in insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Removes the entry and returns its value: for values their taker changes (nobody else may see them then). */
  take(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#size -= entry.size;
    return entry.value;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  set(key: string, value: V, size: number): void {
    if (size > this.#maxSize) return;
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#size -= previous.size;
      this.#entries.delete(key);
    }
    this.#entries.set(key, { value, size });
    this.#size += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#size <= this.#maxSize) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }
}
