// The signing-key store on SQLite and on PostgreSQL (QUIRE_TEST_DATABASE_URL, a schema of its own): generations,
// retirement, what a JWKS lists, and the race that the unique generation settles (two stores on one PostgreSQL
// database, as two processes of a scale-out, both adding the same generation). Keys are global to a
// database, so each dialect gets a database of its own instead of joining the shared Store contract.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawaySchema, type ThrowawaySchema } from '../../../test/support/postgres-schema.ts';
import { openStore, type NewSigningKey, type Store } from '../index.ts';
import { TestClock } from '../store.contract.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const dayMs = 86_400_000;

function key(kid: string): NewSigningKey {
  return { kid, algorithm: 'ES256', publicJwk: { kty: 'EC', kid, x: 'x', y: 'y' }, privateJwk: { kty: 'EC', kid, d: 'secret' } };
}

interface Database {
  open(clock: TestClock): Promise<Store>;
  dispose(): Promise<void>;
}

async function sqliteDatabase(): Promise<Database> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-signing-keys-'));
  return { open: (clock) => openStore({ kind: 'sqlite', directory, now: clock.now }), dispose: async () => rmSync(directory, { recursive: true, force: true }) };
}

async function postgresDatabase(): Promise<Database> {
  const schema: ThrowawaySchema = await createThrowawaySchema(databaseUrl!);
  const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-signing-keys-blobs-'));
  return {
    open: (clock) => openStore({ kind: 'postgres', url: databaseUrl!, schema: schema.name, blobDirectory, poolSize: 4, now: clock.now }),
    async dispose() {
      await schema.drop();
      rmSync(blobDirectory, { recursive: true, force: true });
    },
  };
}

for (const [kind, makeDatabase, skip] of [
  ['sqlite', sqliteDatabase, undefined],
  ['postgres', postgresDatabase, databaseUrl ? undefined : 'QUIRE_TEST_DATABASE_URL is not set'],
] as const) {
  describe.skipIf(skip !== undefined)(`signing keys (${kind}${skip === undefined ? '' : `; skipped: ${skip}`})`, () => {
    let database: Database;
    let store: Store;
    const clock = new TestClock();
    beforeAll(async () => {
      database = await makeDatabase();
      store = await database.open(clock);
    });
    afterAll(async () => {
      await store?.close();
      await database?.dispose();
    });

    it('adds generations, retires the one replaced, and lists the published ones without their private halves', async () => {
      expect(await store.currentSigningKey()).toBeUndefined();
      const first = await store.addSigningKey(key('k1'), 0);
      expect(first).toMatchObject({ kid: 'k1', generation: 1, algorithm: 'ES256', privateJwk: { d: 'secret' } });
      expect(first!.retiredAt).toBeUndefined();
      // Another writer that also read "no key" loses: the generation is taken.
      expect(await store.addSigningKey(key('k1-late'), 0)).toBeUndefined();
      expect((await store.currentSigningKey())!.kid).toBe('k1');

      clock.advance(dayMs);
      const second = await store.addSigningKey(key('k2'), 1);
      expect(second).toMatchObject({ kid: 'k2', generation: 2 });
      expect(await store.currentSigningKey()).toEqual(second);

      const published = await store.listPublishedSigningKeys(new Date(Date.parse(second!.createdAt) - 1000).toISOString());
      expect(published.map((each) => [each.kid, each.retiredAt])).toEqual([
        ['k2', undefined],
        ['k1', second!.createdAt],
      ]);
      expect(published.every((each) => !('privateJwk' in each))).toBe(true);
      expect((await store.listPublishedSigningKeys(new Date(Date.parse(second!.createdAt) + 1).toISOString())).map((each) => each.kid)).toEqual(['k2']);

      expect(await store.deleteRetiredSigningKeys(second!.createdAt)).toBe(0);
      expect(await store.deleteRetiredSigningKeys(new Date(Date.parse(second!.createdAt) + 1).toISOString())).toBe(1);
      expect((await store.listPublishedSigningKeys('2000-01-01T00:00:00Z')).map((each) => each.kid)).toEqual(['k2']);
    });

    it('refuses bad timestamps naming the field', async () => {
      await expect(store.listPublishedSigningKeys('yesterday')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', data: { field: 'retiredSince' } });
    });

    it.skipIf(kind !== 'postgres')('settles races between processes: one of two stores on one database wins each generation', async () => {
      const other = await database.open(clock);
      try {
        const first = await Promise.all([store.addSigningKey(key('race-a'), 2), other.addSigningKey(key('race-b'), 2)]);
        expect(first.filter((each) => each !== undefined)).toHaveLength(1);
        const next = await Promise.all([other.addSigningKey(key('race-c'), 3), store.addSigningKey(key('race-d'), 3), other.addSigningKey(key('race-e'), 3)]);
        expect(next.filter((each) => each !== undefined)).toHaveLength(1);
        const published = await store.listPublishedSigningKeys('2000-01-01T00:00:00Z');
        expect(published.filter((each) => each.retiredAt === undefined)).toHaveLength(1);
        expect(published.map((each) => each.generation)).toEqual([4, 3, 2]);
      } finally {
        await other.close();
      }
    });
  });
}
