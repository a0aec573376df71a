import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared: the store's queries are a few hundred shapes (`in` lists add some). */
export const defaultMaxStatements = 500;

/** The database Kysely drives, and how many writing statements it was handed (read-memo.ts's change stamp). */
export interface CachingSqliteDatabase extends SqliteDatabase {
  writesPrepared(): number;
}

/**
 * The SQLite database as Kysely drives it, with its prepared statements kept and reused by SQL text. Kysely
 * prepares every query it runs; on a read a page costs (a handful of short queries) preparing was the largest
 * single cost of the request. A statement still being iterated (a streamed query) is never handed out twice:
 * the caller gets a fresh one. SQLite re-prepares a kept statement by itself after a schema change.
 *
 * @example
 * new SqliteDialect({ database: withStatementCache(new BetterSqlite3(file)) });
 */
export function withStatementCache(database: BetterSqlite3.Database, maxStatements = defaultMaxStatements): CachingSqliteDatabase {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const statements = new Map<string, BetterSqlite3.Statement>();
  // Kysely prepares a statement right before it runs it, so this counts the writes about to run (BEGIN and
  // COMMIT are read-only to SQLite; an INSERT … RETURNING is not).
  let writes = 0;
  return {
    close: () => database.close(),
    writesPrepared: () => writes,
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept !== undefined && !kept.busy) {
        statements.delete(sql);
        statements.set(sql, kept);
        if (!kept.readonly) writes++;
        return kept;
      }
      const statement = database.prepare(sql);
      if (!statement.readonly) writes++;
      if (kept === undefined) {
        statements.set(sql, statement);
        if (statements.size > maxStatements) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
