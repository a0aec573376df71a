// Signing keys as the service uses them: made on first use, replaced when too old (the clock injected), retired
// keys published for the grace period, the policy checked; and on PostgreSQL (QUIRE_TEST_DATABASE_URL), two
// stores on one database (two processes of a scale-out) rotating at once end with one key that both sign with.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { createThrowawaySchema } from '../../../test/support/postgres-schema.ts';
import { openStore, type Store } from '../../store/index.ts';
import type { ServiceContext } from '../service-context.ts';
import { checkSigningKeyPolicy, currentSigningKey, defaultSigningKeyPolicy, getJsonWebKeySet, signClaims } from './signing-keys.ts';

const dayMs = 86_400_000;
const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;

/** A clock that only moves when told. */
function manualClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  let time = start;
  return { now: () => new Date(time), advance: (ms: number) => (time += ms) };
}

describe('signing keys in the service', () => {
  it('makes a key on first use, keeps it for 30 days, then replaces it and publishes both for a day', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-service-keys-'));
    const clock = manualClock();
    const store = await openStore({ kind: 'sqlite', directory, now: clock.now });
    try {
      const ctx: ServiceContext = { store, clock: clock.now, baseUrl: 'https://docs.example.com' };
      const first = await currentSigningKey(ctx);
      expect((await getJsonWebKeySet(ctx)).keys.map((key) => key.kid)).toEqual([first.kid]);
      clock.advance(30 * dayMs - 1);
      expect((await currentSigningKey(ctx)).kid).toBe(first.kid);
      clock.advance(1);
      const second = await currentSigningKey(ctx);
      expect(second).toMatchObject({ generation: 2 });
      expect(decodeProtectedHeader(await signClaims(ctx, { role: 'read' }, { subject: 'u1', audience: 'o1' })).kid).toBe(second.kid);
      expect((await getJsonWebKeySet(ctx)).keys.map((key) => key.kid)).toEqual([second.kid, first.kid]);
      clock.advance(dayMs + 1);
      expect((await getJsonWebKeySet(ctx)).keys.map((key) => key.kid)).toEqual([second.kid]);
      // A shorter policy, as `buildApp({ signingKeys })` gives it.
      const weekly = { ...ctx, signingKeys: checkSigningKeyPolicy({ rotateAfterMs: 7 * dayMs, retiredGraceMs: 2 * 3_600_000 }) };
      clock.advance(7 * dayMs);
      expect((await currentSigningKey(weekly)).generation).toBe(3);
    } finally {
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses a policy whose grace is shorter than a token lives (plus the JWKS cache time), naming the field', () => {
    expect(checkSigningKeyPolicy(defaultSigningKeyPolicy)).toEqual(defaultSigningKeyPolicy);
    expect(() => checkSigningKeyPolicy({ rotateAfterMs: dayMs, retiredGraceMs: 3_600_000 })).toThrow(/retiredGraceMs must be .* at least 3900000/);
    expect(() => checkSigningKeyPolicy({ rotateAfterMs: 1000, retiredGraceMs: dayMs })).toThrow(/rotateAfterMs/);
  });

  it.skipIf(!databaseUrl)('two stores on one PostgreSQL database rotating at once end with one new key, which both sign with', async () => {
    const schema = await createThrowawaySchema(databaseUrl!);
    const blobDirectory = mkdtempSync(join(tmpdir(), 'quire-service-keys-blobs-'));
    const clock = manualClock();
    const stores: Store[] = [];
    try {
      for (let index = 0; index < 2; index++) stores.push(await openStore({ kind: 'postgres', url: databaseUrl!, schema: schema.name, blobDirectory, poolSize: 4, now: clock.now }));
      const contexts = stores.map((store): ServiceContext => ({ store, clock: clock.now, baseUrl: 'http://127.0.0.1' }));
      const made = await Promise.all([...contexts, ...contexts].map((ctx) => currentSigningKey(ctx)));
      expect(new Set(made.map((key) => key.kid)).size).toBe(1);
      clock.advance(31 * dayMs);
      const rotated = await Promise.all([...contexts, ...contexts].map((ctx) => currentSigningKey(ctx)));
      expect(new Set(rotated.map((key) => key.kid)).size).toBe(1);
      expect(rotated[0]!.generation).toBe(2);
    } finally {
      for (const store of stores) await store.close();
      await schema.drop();
      rmSync(blobDirectory, { recursive: true, force: true });
    }
  });
});
