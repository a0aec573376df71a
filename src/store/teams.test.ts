// Runs the teams part of the Store contract against SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL
// (a schema of its own, dropped afterwards), as store.test.ts does for the rest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';
import { openStore } from './index.ts';
import type { StoreHarness } from './store.contract.ts';
import { describeTeamStoreContract } from './teams.contract.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const postgresSkipReason = 'QUIRE_TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)';

describeTeamStoreContract('sqlite', async (): Promise<StoreHarness> => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-teams-'));
  return {
    concurrentStores: false,
    open: (options) => openStore({ kind: 'sqlite', directory, ...options }),
    async dispose() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!databaseUrl)(`postgres${databaseUrl ? '' : ` (skipped: ${postgresSkipReason})`}`, () => {
  describeTeamStoreContract('postgres', async (): Promise<StoreHarness> => {
    const url = databaseUrl!;
    const schema = await createThrowawaySchema(url);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-teams-blobs-'));
    return {
      concurrentStores: true,
      open: (options) => openStore({ kind: 'postgres', url, schema: schema.name, blobDirectory, poolSize: 4, ...options }),
      async dispose() {
        await schema.drop();
        rmSync(blobDirectory, { recursive: true, force: true });
      },
    };
  });
});
