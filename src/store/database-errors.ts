import { QuireError, isQuireError } from '../errors/index.ts';

/**
 * Turns what the database drivers throw into Quire's typed errors, so callers branch on a code:
 * a unique key taken → `CONFLICT`; a reference to a missing row → `INVALID_ARGUMENT`; the server unreachable,
 * shutting down or the SQLite file locked past the busy timeout → `STORE_UNAVAILABLE`; a PostgreSQL
 * serialization failure or deadlock → `STORE_CONFLICT`. Anything else is returned unchanged (a bug).
 *
 * @example
 * try { await query(); } catch (error) { throw translateDatabaseError(error); }
 */
export function translateDatabaseError(error: unknown): unknown {
  if (isQuireError(error) || typeof error !== 'object' || error === null) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  // better-sqlite3: SqliteError with code SQLITE_*
  if (code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') {
    return new QuireError('CONFLICT', `already exists: ${message}`, { constraint: constraintOf(error) }, { cause: error });
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new QuireError('INVALID_ARGUMENT', `refers to a record that does not exist, or is still referred to: ${message}`, { constraint: constraintOf(error) }, { cause: error });
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new QuireError('STORE_UNAVAILABLE', 'the database stayed locked by another writer past the busy timeout', {}, { cause: error });
  }
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'SQLITE_FULL' || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_')) {
    return new QuireError('STORE_UNAVAILABLE', `the database file cannot be used: ${message}`, {}, { cause: error });
  }
  if (code === '40001' || code === '40P01') {
    return new QuireError('STORE_CONFLICT', `a concurrent transaction won: ${message}`, {}, { cause: error });
  }
  // Network errors, PostgreSQL connection exceptions (08xxx), shutdown (57P01..57P03), too many connections (53300).
  if (networkErrors.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '53300' || /Connection terminated|timeout exceeded when trying to connect/i.test(message)) {
    return new QuireError('STORE_UNAVAILABLE', `the database cannot be reached: ${message}`, { code }, { cause: error });
  }
  return error;
}

const networkErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);

function constraintOf(error: object): string | undefined {
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
