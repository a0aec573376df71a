// Runs the content-permission contract on SQLite, and on PostgreSQL at QUIRE_TEST_DATABASE_URL (a schema of its
// own, dropped afterwards); without the variable the PostgreSQL half is skipped, and says why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';
import { describeContentPermissionContract } from './content-permissions.contract.ts';
import { openStore } from './index.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const postgresSkipReason = 'QUIRE_TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)';

describeContentPermissionContract('sqlite', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-permissions-'));
  return {
    concurrentStores: false,
    open: (options) => openStore({ kind: 'sqlite', directory, ...options }),
    async dispose() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!databaseUrl)(`postgres${databaseUrl ? '' : ` (skipped: ${postgresSkipReason})`}`, () => {
  describeContentPermissionContract('postgres', async () => {
    const schema = await createThrowawaySchema(databaseUrl!);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-permissions-blobs-'));
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
