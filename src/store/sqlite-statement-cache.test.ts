import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.ts';

describe('withStatementCache', () => {
  const open: BetterSqlite3.Database[] = [];
  const database = () => {
    const db = new BetterSqlite3(':memory:');
    db.exec('create table t (n integer); insert into t values (1), (2), (3)');
    open.push(db);
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
  });

  it('hands out the same prepared statement for the same SQL, and answers as a fresh one would', () => {
    const cached = withStatementCache(database());
    const first = cached.prepare('select n from t where n > ?');
    expect(cached.prepare('select n from t where n > ?')).toBe(first);
    expect(cached.prepare('select n from t where n > ?').all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t where n < ?')).not.toBe(first);
  });

  it('never hands out a statement that is still being iterated: the same query runs inside the iteration', () => {
    const cached = withStatementCache(database());
    const sql = 'select n from t order by n';
    const outer = cached.prepare(sql).iterate([]);
    const seen: number[] = [];
    for (const row of outer as Iterable<{ n: number }>) {
      seen.push(row.n);
      expect(cached.prepare(sql).all([])).toHaveLength(3);
    }
    expect(seen).toEqual([1, 2, 3]);
  });

  it('keeps at most maxStatements, dropping the least recently used', () => {
    const cached = withStatementCache(database(), 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a); // used: now the most recent
    cached.prepare('select 3'); // drops `select 2`
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('sees a column added after the statement was prepared (SQLite re-prepares it)', () => {
    const db = database();
    const cached = withStatementCache(db);
    expect(cached.prepare('select * from t where n = 1').all([])).toEqual([{ n: 1 }]);
    db.exec('alter table t add column m integer default 7');
    expect(cached.prepare('select * from t where n = 1').all([])).toEqual([{ n: 1, m: 7 }]);
  });
});
