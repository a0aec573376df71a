/**
 * The page-id indexes (page-id-index.ts) of the trees this store encoded most recently, most recent first,
 * bounded by count and by the pages they hold. In memory only: an index is derived from content, which never
 * changes, so it is right for any process, and losing it only costs one full check.
 */
import type { PageIdIndex } from './page-id-index.ts';

export class PageIndexCache {
  #indexes: PageIdIndex[] = [];
  readonly #maxIndexes: number;
  readonly #maxPages: number;

  constructor(options: { maxIndexes: number; maxPages: number }) {
    this.#maxIndexes = options.maxIndexes;
    this.#maxPages = options.maxPages;
  }

  /** The indexes held, most recent first (none consumed). */
  candidates(): readonly PageIdIndex[] {
    return this.#indexes;
  }

  /** The index of the tree with this list key, if held. */
  get(key: string): PageIdIndex | undefined {
    return this.#indexes.find((index) => index.key === key);
  }

  /** Keeps `index` as the most recent; drops consumed indexes, one with the same key, and the oldest beyond the bounds. */
  remember(index: PageIdIndex): void {
    const kept = [index, ...this.#indexes.filter((other) => other !== index && !other.consumed && other.key !== index.key)];
    let pages = 0;
    const bounded: PageIdIndex[] = [];
    for (const candidate of kept) {
      pages += candidate.size;
      if (bounded.length > 0 && (bounded.length >= this.#maxIndexes || pages > this.#maxPages)) break;
      bounded.push(candidate);
    }
    this.#indexes = bounded;
  }
}
