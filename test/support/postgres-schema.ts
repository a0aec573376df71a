// A PostgreSQL schema of its own for one test file, in the database of QUIRE_TEST_DATABASE_URL, so suites that
// share the machine's server never see one another's tables.
import pg from 'pg';
import { quoteIdentifier } from '../../src/store/connect-database.ts';

export interface ThrowawaySchema {
  /** The schema's name (`quire_test_<random>`). */
  name: string;
  /** The database URL with the schema as `search_path`: what `quire serve --database` takes. */
  url: string;
  /** A client connected as the test's administrator, for checks the API cannot make. */
  admin: pg.Client;
  /** Drops the schema with everything in it and disconnects. */
  drop(): Promise<void>;
}

/**
 * Creates a new, empty schema in `databaseUrl`'s database.
 *
 * @example
 * const schema = await createThrowawaySchema(process.env.QUIRE_TEST_DATABASE_URL!);
 * await startServe(['--database', schema.url]);
 * await schema.drop();
 */
export async function createThrowawaySchema(databaseUrl: string): Promise<ThrowawaySchema> {
  const name = `quire_test_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${quoteIdentifier(name)}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      try {
        await admin.query(`drop schema ${quoteIdentifier(name)} cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}
