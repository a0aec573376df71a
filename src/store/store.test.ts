// Runs the Store contract against every implementation: SQLite in a temporary directory, and PostgreSQL at
// QUIRE_TEST_DATABASE_URL in a schema of its own (quire_test_<random>, dropped afterwards). Without the
// variable the PostgreSQL half is skipped, and says why; with it, an unreachable server fails the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';
import { quoteIdentifier } from './connect-database.ts';
import { openStore } from './index.ts';
import { describeStoreContract, type StoreHarness } from './store.contract.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const postgresSkipReason = 'QUIRE_TEST_DATABASE_URL is not set (CI sets it to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)';
if (!databaseUrl) console.warn(`Store contract (postgres) skipped: ${postgresSkipReason}`);

describeStoreContract('sqlite', async (): Promise<StoreHarness> => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-store-'));
  return {
    concurrentStores: false,
    open: (options) => openStore({ kind: 'sqlite', directory, ...options }),
    async dispose() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!databaseUrl)(`postgres${databaseUrl ? '' : ` (skipped: ${postgresSkipReason})`}`, () => {
  describeStoreContract('postgres', async (): Promise<StoreHarness> => {
    const url = databaseUrl!;
    const schema = await createThrowawaySchema(url);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-store-blobs-'));
    return {
      concurrentStores: true,
      open: (options) => openStore({ kind: 'postgres', url, schema: schema.name, blobDirectory, poolSize: 4, ...options }),
      async dispose() {
        await schema.drop();
        rmSync(blobDirectory, { recursive: true, force: true });
      },
    };
  });

  it('migrates a new schema once when several processes open it at the same moment (quire serve × 2 on a new database)', async () => {
    const url = databaseUrl!;
    const schema = await createThrowawaySchema(url);
    // Another schema of the database already migrated, as in a shared server: Kysely's check for its lock table
    // finds that one, whichever schema it is in.
    const other = await createThrowawaySchema(url);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-store-blobs-'));
    await (await openStore({ kind: 'postgres', url, schema: other.name, blobDirectory, poolSize: 1 })).close();
    try {
      // Each store has its own pool, as each process does; before the advisory lock some of them failed with
      // 'relation "quire_migration_lock" does not exist'.
      const opened = await Promise.allSettled(Array.from({ length: 8 }, () => openStore({ kind: 'postgres', url, schema: schema.name, blobDirectory, poolSize: 2 })));
      const failures = opened.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
      for (const outcome of opened) if (outcome.status === 'fulfilled') await outcome.value.close();
      expect(failures).toEqual([]);
      const { rows } = await schema.admin.query(`select name from ${quoteIdentifier(schema.name)}.quire_migration order by name`);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row: { name: string }) => row.name)).size).toBe(rows.length);
    } finally {
      await schema.drop();
      await other.drop();
      rmSync(blobDirectory, { recursive: true, force: true });
    }
  });
});

describe('Store on SQLite, killed mid-transaction', () => {
  it('leaves a database that opens, passes integrity_check, and holds all or none of the transaction', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-crash-'));
    try {
      const rows = 3000;
      const writer = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', writer, directory, String(rows)], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('halfway')) resolve();
        });
        child.on('exit', () => reject(new Error(`the writer exited before halfway: ${stderr}`)));
      });
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const raw = new BetterSqlite3(join(directory, 'quire.db'));
      try {
        expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
        const written = raw.prepare(`select count(*) as n from users where id like 'crash-%'`).get() as { n: number };
        expect([0, rows]).toContain(written.n);
        expect(written.n).toBe(0); // killed before the commit
      } finally {
        raw.close();
      }
      const store = await openStore({ kind: 'sqlite', directory });
      try {
        expect((await store.listUsers()).count).toBe(0);
        await store.createUser({ displayName: 'After the crash' });
        expect((await store.listUsers()).count).toBe(1);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
