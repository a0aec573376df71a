import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { BlobFolder } from './blobs/blob-folder.ts';
import type { Database } from './database-schema.ts';
import type { ObjectStore } from './blobs/object-store.ts';
import type { StoreDialect } from './store-dialect.ts';
import { ReadMemo, type ChangeCounters } from './read-memo.ts';

interface OpenTransaction {
  trx: Transaction<Database>;
  afterCommit: (() => void)[];
}

/**
 * What every part of a Store shares: the database (or the transaction in progress), the clock, the id
 * generator, the object store with its caches, and the blob folder.
 *
 * Transactions are tracked with AsyncLocalStorage: inside `transaction(fn)`, every query any Store method
 * makes goes to that transaction, whether `fn` calls the store it was given or the outer one. With SQLite's
 * single connection, a query sent outside the open transaction would otherwise wait for it forever. The storage
 * is switched on only while a transaction is open: on Node 20, an enabled AsyncLocalStorage runs a hook for every
 * promise the process makes, and without it a page read costs the server a sixth less CPU (bench/service).
 */
export class StoreContext {
  readonly dialect: StoreDialect;
  readonly now: () => Date;
  readonly newId: () => string;
  readonly objects: ObjectStore;
  readonly blobs: BlobFolder;
  readonly #root: Kysely<Database>;
  readonly #current = new AsyncLocalStorage<OpenTransaction>();
  /** Transactions open now (several at once only on PostgreSQL): `#current` is enabled while there is one. */
  #openTransactions = 0;
  readonly #memo: ReadMemo;
  /** Whether a request started in this turn of the event loop (`asOneRequest`); reset when the turn ends. */
  #requestTurn = false;
  /** Other connections' commit counter as read since the last request started, within this turn. */
  #others: number | undefined;

  constructor(init: {
    dialect: StoreDialect;
    db: Kysely<Database>;
    /** Whether the database changed (read-memo.ts); none: rows are read every time. */
    changes?: ChangeCounters;
    now: () => Date;
    newId: () => string;
    objects: (context: StoreContext) => ObjectStore;
    blobs: BlobFolder;
  }) {
    this.dialect = init.dialect;
    this.#root = init.db;
    this.now = init.now;
    this.newId = init.newId;
    this.blobs = init.blobs;
    this.objects = init.objects(this);
    const changes = init.changes;
    this.#memo = new ReadMemo(() => {
      // Inside a transaction a read must see its own uncommitted writes, and only there: never kept.
      if (changes === undefined || this.inTransaction) return undefined;
      // Other connections' commits are asked of the database once after each request starts (asOneRequest), for
      // the rest of that turn of the event loop; in a turn no request started in, at every read.
      const others = this.#requestTurn ? (this.#others ??= changes.others()) : changes.others();
      return `${others}:${changes.own()}`;
    });
  }

  /**
   * Runs `fn`, the start of a request: the rows it reads through `rowUnlessChanged` are as the database was at
   * that start or newer, so a commit another process made before the request is seen. Whether other processes
   * committed is asked of the database once after each request starts, for the rest of that turn of the event
   * loop, instead of at every row read (several a request). This process's own writes are seen at once either way.
   * A turn, not the request's whole life: a request is not tracked across its awaits, which would take an
   * AsyncLocalStorage (see the class).
   *
   * @example
   * app.addHook('onRequest', (_request, _reply, done) => store.asOneRequest(done));
   */
  asOneRequest<T>(fn: () => T): T {
    this.#others = undefined;
    if (!this.#requestTurn) {
      this.#requestTurn = true;
      setImmediate(() => {
        this.#requestTurn = false;
        this.#others = undefined;
      });
    }
    return fn();
  }

  /**
   * A row read by `read`, or the same row read earlier if the database has not changed since (read-memo.ts):
   * for the rows every request reads. The row is frozen and shared.
   *
   * @example
   * const row = await context.rowUnlessChanged(`user:${id}`, () => context.db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
   */
  rowUnlessChanged<Row extends object>(key: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    return this.#memo.row(key, read);
  }

  /** The transaction in progress in this async context, or the database. */
  db(): Kysely<Database> {
    return this.#current.getStore()?.trx ?? this.#root;
  }

  /** The database itself, outside any transaction (for closing and migrating). */
  get root(): Kysely<Database> {
    return this.#root;
  }

  /** Now, as stored: ISO 8601 text. */
  timestamp(): string {
    return this.now().toISOString();
  }

  get inTransaction(): boolean {
    return this.#current.getStore() !== undefined;
  }

  /**
   * Runs `fn` in a transaction: all of it is committed, or none of it. A nested call joins the transaction
   * in progress.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#current.getStore() !== undefined) return fn();
    const afterCommit: (() => void)[] = [];
    this.#openTransactions++;
    let result: T;
    try {
      result = await this.#root.transaction().execute((trx) => this.#current.run({ trx, afterCommit }, fn));
    } finally {
      // No transaction open: no context can need one. `run` switches the storage on again for the next.
      if (--this.#openTransactions === 0) this.#current.disable();
    }
    for (const callback of afterCommit) callback();
    return result;
  }

  /**
   * Runs `callback` once the transaction in progress has committed (at once when there is none). Caches
   * learn about written rows this way, so a rolled-back write never leaves them believing in rows that are not
   * there.
   */
  afterCommit(callback: () => void): void {
    const open = this.#current.getStore();
    if (open === undefined) callback();
    else open.afterCommit.push(callback);
  }
}
