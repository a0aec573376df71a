import { QuireError } from '../../errors/index.ts';
import type { ContentHash } from './content-hash.ts';
import { deepFreeze } from '../deep-freeze.ts';
import type { ListRef } from '../revisions/chunked-list.ts';
import { ListChunkMemo } from '../revisions/list-chunk-memo.ts';
import { LruCache } from '../lru-cache.ts';
import { PageIndexCache } from '../revisions/page-index-cache.ts';
import type { StoreContext } from '../store-context.ts';

/** A content object ready to store: its hash, its kind (for statistics) and its canonical JSON. */
export interface EncodedObject {
  hash: ContentHash;
  kind: string;
  body: string;
}

/** A parsed, frozen object and the length of its JSON. */
export interface LoadedObject {
  value: unknown;
  size: number;
}

/** Rows per `WHERE hash IN (...)`: well under SQLite's and PostgreSQL's limits on bound parameters. */
const readBatch = 500;
/** Rows per multi-row INSERT (three parameters each). */
const writeBatch = 300;

/**
 * The `objects` table: immutable JSON objects keyed by the SHA-256 of their canonical JSON. Objects are never
 * updated and never deleted, and a transaction that writes an object writes every object it refers to that was
 * missing; so once an object is known to exist, everything below it exists too.
 *
 * Bounded caches sit in front: parsed objects (frozen, shared by every reader), bounded by the bytes of
 * their JSON; the hashes known to be stored, bounded by count, so that writing a revision that shares most
 * of its objects with a recent one asks the database about few of them; and the indexes of the page trees
 * written last (page-index-cache.ts), so that checking the next edit's page ids costs the edit.
 *
 * @example
 * const loaded = await objects.load(['3f…', 'a9…']);
 */
export class ObjectStore {
  readonly #context: StoreContext;
  readonly #parsed: LruCache<LoadedObject>;
  readonly #known: LruCache<true>;
  /**
   * The node hash of every page, file and reusable content this store has handed out in a revision, and the
   * object hash of each revision's source. Those objects are deeply frozen, so the hash stays right; a revision
   * built from a read one (a merge, an edit) re-encodes only what the caller replaced.
   */
  readonly handedOut = new WeakMap<object, ContentHash>();
  /** The stored list of every root array handed out in a revision (its pages, files, reusable contents). */
  readonly handedOutLists = new WeakMap<object, ListRef>();
  /** Indexes of the page trees encoded last, so that the next edit checks page ids in proportion to the change. */
  readonly pageIndexes = new PageIndexCache({ maxIndexes: 16, maxPages: 500_000 });
  /** List chunks encoded recently: about 4,096 × 64 hashes (20 MiB at most with full 256-hash chunks). */
  readonly listChunks = new ListChunkMemo(4096);

  constructor(context: StoreContext, options: { cacheBytes: number; knownHashes: number }) {
    this.#context = context;
    this.#parsed = new LruCache(options.cacheBytes);
    this.#known = new LruCache(options.knownHashes);
  }

  /** Loads objects by hash, from the cache or in batches from the database. `STORE_CORRUPT` if one is missing. */
  async load(hashes: Iterable<ContentHash>): Promise<Map<ContentHash, LoadedObject>> {
    const out = new Map<ContentHash, LoadedObject | undefined>();
    const wanted: ContentHash[] = [];
    for (const hash of hashes) {
      if (out.has(hash)) continue;
      const cached = this.#parsed.get(hash);
      if (cached === undefined) {
        out.set(hash, undefined);
        wanted.push(hash);
      } else {
        out.set(hash, cached);
      }
    }
    for (let start = 0; start < wanted.length; start += readBatch) {
      const batch = wanted.slice(start, start + readBatch);
      const rows = await this.#context.db().selectFrom('objects').select(['hash', 'body']).where('hash', 'in', batch).execute();
      for (const row of rows) {
        const loaded = { value: deepFreeze(JSON.parse(row.body) as unknown), size: row.body.length };
        this.#parsed.set(row.hash, loaded, loaded.size);
        this.#known.set(row.hash, true, 1);
        out.set(row.hash, loaded);
      }
    }
    for (const hash of wanted) {
      if (out.get(hash) === undefined) {
        throw new QuireError('STORE_CORRUPT', `content object ${hash} is missing from the database`, { hash });
      }
    }
    return out as Map<ContentHash, LoadedObject>;
  }

  /** Which of `hashes` are not stored yet. */
  async missing(hashes: readonly ContentHash[]): Promise<Set<ContentHash>> {
    const unknown = [...new Set(hashes)].filter((hash) => !this.#known.has(hash) && !this.#parsed.has(hash));
    const absent = new Set(unknown);
    for (let start = 0; start < unknown.length; start += readBatch) {
      const batch = unknown.slice(start, start + readBatch);
      const rows = await this.#context.db().selectFrom('objects').select('hash').where('hash', 'in', batch).execute();
      for (const row of rows) {
        absent.delete(row.hash);
        this.#known.set(row.hash, true, 1);
      }
    }
    return absent;
  }

  /** Writes objects (an object that another writer stored meanwhile is left as it is: it is the same). */
  async insert(objects: readonly EncodedObject[]): Promise<void> {
    for (let start = 0; start < objects.length; start += writeBatch) {
      const batch = objects.slice(start, start + writeBatch);
      await this.#context
        .db()
        .insertInto('objects')
        .values(batch.map((object) => ({ hash: object.hash, kind: object.kind, body: object.body })))
        .onConflict((conflict) => conflict.column('hash').doNothing())
        .execute();
    }
    this.#context.afterCommit(() => {
      for (const object of objects) this.#known.set(object.hash, true, 1);
    });
  }

  /** An object from the cache only, or undefined (never reads the database). */
  cached(hash: ContentHash): LoadedObject | undefined {
    return this.#parsed.get(hash);
  }

  /**
   * Caches objects this process has just written and committed, parsed from the bodies written, as `load`
   * would have read them back.
   */
  keep(objects: Iterable<[ContentHash, LoadedObject]>): void {
    for (const [hash, loaded] of objects) {
      this.#parsed.set(hash, loaded, loaded.size);
      this.#known.set(hash, true, 1);
    }
  }

  /** Keeps a value derived from stored objects (a materialized revision) in the size-bounded cache. */
  remember(key: string, value: unknown, size: number): void {
    this.#parsed.set(key, { value, size }, size);
  }

  recall<T>(key: string): T | undefined {
    return this.#parsed.get(key)?.value as T | undefined;
  }
}
