/**
 * Rows read again and again by every request (the bearer token, its user, the membership, the organization,
 * the space, the revision's row), kept while the database has not changed since they were read: the store asks
 * the database for a change stamp (SQLite: `PRAGMA data_version`, which moves when another connection, in this
 * process or another, commits, plus a count of the writes this connection prepared) and answers from memory
 * while the stamp is the one the rows were read under. Any write anywhere drops every row kept, so a token
 * revoked by any process is refused at the next request, as when tokens were read on every request.
 *
 * The stamp is taken before the row is read: a write that lands during the read moves the stamp, and the row
 * read under the old one is never answered. A database that cannot give a stamp (PostgreSQL) is read every time.
 */
export type ChangeStamp = () => string | undefined;

/** What a database tells of its changes: commits by other connections, and writes by this one. */
export interface ChangeCounters {
  /** Moves when another connection (another process) commits; read from the database, so not free. */
  others(): number;
  /** Moves when this connection is about to write; a counter in memory. */
  own(): number;
}

/** Rows kept at most, whatever the stamp: unknown tokens sent in bulk must not grow the process. */
export const defaultMaxRows = 10_000;

export class ReadMemo {
  readonly #stamp: ChangeStamp;
  readonly #maxRows: number;
  #rows = new Map<string, unknown>();
  #rowsStamp: string | undefined;

  constructor(stamp: ChangeStamp, maxRows = defaultMaxRows) {
    this.#stamp = stamp;
    this.#maxRows = maxRows;
  }

  /**
   * The row under `key` as `read` last answered it, if the database has not changed since; otherwise what
   * `read` answers now (kept, frozen, for the next call). The row is shared: copy it to change it. `undefined`
   * (no row) is kept too.
   *
   * @example
   * const row = await memo.row(`user:${id}`, () => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
   */
  async row<Row extends object>(key: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const stamp = this.#stamp();
    if (stamp === undefined) return read();
    if (stamp !== this.#rowsStamp) {
      this.#rows = new Map();
      this.#rowsStamp = stamp;
    }
    if (this.#rows.has(key)) return this.#rows.get(key) as Row | undefined;
    const row = await read();
    if (row !== undefined) Object.freeze(row);
    // Kept only under the stamp it was read under; a newer stamp has a map of its own.
    if (this.#rowsStamp === stamp) {
      if (this.#rows.size >= this.#maxRows) this.#rows.clear();
      this.#rows.set(key, row);
    }
    return row;
  }
}
