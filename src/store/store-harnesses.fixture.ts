// The stores a contract runs on: SQLite in a temporary directory, and PostgreSQL at QUIRE_TEST_DATABASE_URL in a
// schema of its own (dropped afterwards). Without the variable the PostgreSQL half is skipped, and says why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';
import { openStore } from './open-store.ts';
import type { StoreHarness } from './store.contract.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const postgresSkipReason = 'QUIRE_TEST_DATABASE_URL is not set (CI sets it to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)';

/**
 * Runs `contract` (a `describe…Contract(name, makeHarness)` function) on SQLite, and on PostgreSQL when
 * QUIRE_TEST_DATABASE_URL is set.
 *
 * @example
 * describeOnEveryStore('teams', describeTeamStoreContract);
 */
export function describeOnEveryStore(label: string, contract: (name: string, makeHarness: () => Promise<StoreHarness>) => void): void {
  contract('sqlite', async () => {
    const directory = mkdtempSync(join(tmpdir(), `quire-${label}-`));
    return {
      concurrentStores: false,
      open: (options) => openStore({ kind: 'sqlite', directory, ...options }),
      async dispose() {
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
  describe.skipIf(!databaseUrl)(`postgres${databaseUrl ? '' : ` (skipped: ${postgresSkipReason})`}`, () => {
    contract('postgres', async () => {
      const schema = await createThrowawaySchema(databaseUrl!);
      const blobDirectory = mkdtempSync(join(tmpdir(), `quire-${label}-blobs-`));
      return {
        concurrentStores: true,
        open: (options) => openStore({ kind: 'postgres', url: databaseUrl!, schema: schema.name, blobDirectory, poolSize: 4, ...options }),
        async dispose() {
          await schema.drop();
          rmSync(blobDirectory, { recursive: true, force: true });
        },
      };
    });
  });
}
