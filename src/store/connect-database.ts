import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './database-schema.ts';
import type { ChangeCounters } from './read-memo.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';

/** How long a SQLite writer waits for another process's write lock before giving up (`STORE_UNAVAILABLE`). */
export const defaultBusyTimeoutMs = 5_000;

/**
 * Opens the SQLite file `quire.db` in `directory` (created if missing) in WAL mode, with foreign keys on and a
 * busy timeout, for Kysely, which reuses its prepared statements (sqlite-statement-cache.ts); with the stamp that
 * tells whether the database changed (read-memo.ts).
 *
 * Write transactions start with `BEGIN IMMEDIATE`: a deferred `BEGIN` that reads first and writes later can
 * fail with SQLITE_BUSY without waiting when another process wrote in between, which the busy timeout
 * cannot help; taking the write lock up front makes concurrent writers queue instead.
 *
 * @example
 * const { db, changes } = connectSqlite('/var/lib/quire');
 */
export function connectSqlite(directory: string, busyTimeoutMs = defaultBusyTimeoutMs): { db: Kysely<Database>; changes: ChangeCounters } {
  mkdirSync(directory, { recursive: true });
  const database = new BetterSqlite3(join(directory, 'quire.db'), { timeout: busyTimeoutMs });
  database.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a killed process never loses a committed transaction; only a power loss may drop the last ones.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  const cached = withStatementCache(database);
  // Moves when another connection (another process, or another store on the same file) commits.
  const dataVersion = database.prepare('pragma data_version').pluck();
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cached }) }),
    changes: { others: () => dataVersion.get() as number, own: () => cached.writesPrepared() },
  };
}

/**
 * A connection pool on PostgreSQL for Kysely. With `schema`, every connection uses it as `search_path`
 * (tests give each run its own schema).
 *
 * @example
 * const db = connectPostgres('postgres://quire@db:5432/quire');
 */
export function connectPostgres(url: string, options: { schema?: string; poolSize?: number } = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${quoteIdentifier(options.schema)}` }),
  });
  // An idle client losing its connection (server restart) must not crash the process: the pool drops it.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Quotes a PostgreSQL identifier (a schema name).
 *
 * @example
 * quoteIdentifier('quire_test_ab12') // → '"quire_test_ab12"'
 */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
