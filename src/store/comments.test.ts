// Runs the comment contract on SQLite, and on PostgreSQL at QUIRE_TEST_DATABASE_URL (skipped, saying why, without it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { createThrowawaySchema } from '../../test/support/postgres-schema.ts';
import { describeCommentStoreContract } from './comments.contract.ts';
import { openStore } from './index.ts';
import type { StoreHarness } from './store.contract.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const postgresSkipReason = 'QUIRE_TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)';

describeCommentStoreContract('sqlite', async (): Promise<StoreHarness> => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-comments-'));
  return {
    concurrentStores: false,
    open: (options) => openStore({ kind: 'sqlite', directory, ...options }),
    async dispose() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!databaseUrl)(`postgres${databaseUrl ? '' : ` (skipped: ${postgresSkipReason})`}`, () => {
  describeCommentStoreContract('postgres', async (): Promise<StoreHarness> => {
    const schema = await createThrowawaySchema(databaseUrl!);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-comments-blobs-'));
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
