// The translations part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it.
// translations.test.ts runs it against each, with the same harness as store.contract.ts.
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness, type TestClock } from '../store.contract.ts';

/** The error `promise` fails with; the test fails when it succeeds. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; field: unknown }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isQuireError(error)) throw new Error(`expected a QuireError, got ${String(error)}`);
  return { code: error.code, field: (error.data as { field?: unknown } | undefined)?.field };
}

const instructions = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Keep product names in English.', marks: [] }] }] }] };

/**
 * Defines the translations contract tests for one Store implementation.
 *
 * @example
 * describeTranslationStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeTranslationStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: translations (${name})`, () => {
    let store: Store;
    let clock: TestClock;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store, clock } = opened));

    async function world() {
      const org = await store.createOrganization({ title: 'Acme' });
      const space = await store.createSpace({ organizationId: org.id, title: 'Handbook' });
      return { org, space };
    }

    it('creates a translation with every field, gets, updates, lists in creation order and deletes it', async () => {
      const { org, space } = await world();
      const created = await store.createTranslation({ organizationId: org.id, title: 'Handbook en français', source: { spaceId: space.id, language: 'en' }, language: 'fr', instructions });
      expect(created).toMatchObject({
        organizationId: org.id,
        title: 'Handbook en français',
        source: { spaceId: space.id, language: 'en' },
        language: 'fr',
        instructions,
        status: 'pending',
      });
      expect(await store.getTranslation(org.id, created.id)).toEqual(created);

      const bare = await store.createTranslation({ organizationId: org.id, source: { spaceId: space.id, language: 'en' }, language: 'pt-br' });
      expect(bare.title).toBeUndefined();
      expect(bare.instructions).toBeUndefined();

      const renamed = await store.updateTranslation(org.id, created.id, { title: 'Manuel' });
      expect(renamed).toMatchObject({ title: 'Manuel', language: 'fr', instructions, createdAt: created.createdAt });
      expect(renamed.updatedAt > created.updatedAt).toBe(true);
      const other = await store.createSpace({ organizationId: org.id, title: 'Guides' });
      const moved = await store.updateTranslation(org.id, created.id, { source: { spaceId: other.id, language: 'de' }, language: 'en', instructions: { object: 'document', data: {}, nodes: [] } });
      expect(moved).toMatchObject({ title: 'Manuel', source: { spaceId: other.id, language: 'de' }, language: 'en', instructions: { nodes: [] } });

      const third = await store.createTranslation({ organizationId: org.id, source: { spaceId: space.id, language: 'en' }, language: 'ja' });
      const all = await store.listTranslations(org.id);
      expect(all.items.map((item) => item.id)).toEqual([created.id, bare.id, third.id]);
      expect(all.count).toBe(3);
      const first = await store.listTranslations(org.id, { limit: 2 });
      const rest = await store.listTranslations(org.id, { limit: 2, page: first.next!.page });
      expect([...first.items, ...rest.items].map((item) => item.id)).toEqual([created.id, bare.id, third.id]);
      expect(rest.next).toBeUndefined();

      expect(await store.deleteTranslation(org.id, created.id)).toBe(true);
      expect(await store.deleteTranslation(org.id, created.id)).toBe(false);
      expect((await failure(store.getTranslation(org.id, created.id))).code).toBe('NOT_FOUND');
      expect((await store.listTranslations(org.id)).count).toBe(2);
    });

    it("keeps organizations apart: another organization's translation is not found, and its spaces are no source", async () => {
      const { org, space } = await world();
      const { org: elsewhere, space: foreign } = await world();
      const translation = await store.createTranslation({ organizationId: org.id, source: { spaceId: space.id, language: 'en' }, language: 'fr' });
      expect((await failure(store.getTranslation(elsewhere.id, translation.id))).code).toBe('NOT_FOUND');
      expect((await failure(store.updateTranslation(elsewhere.id, translation.id, { title: 'Mine' }))).code).toBe('NOT_FOUND');
      expect(await store.deleteTranslation(elsewhere.id, translation.id)).toBe(false);
      expect((await store.listTranslations(elsewhere.id)).count).toBe(0);
      expect(await failure(store.createTranslation({ organizationId: org.id, source: { spaceId: foreign.id, language: 'en' }, language: 'fr' }))).toEqual({ code: 'INVALID_ARGUMENT', field: 'source.space' });
      expect(await failure(store.updateTranslation(org.id, translation.id, { source: { spaceId: foreign.id, language: 'en' } }))).toEqual({ code: 'INVALID_ARGUMENT', field: 'source.space' });
      expect((await store.getTranslation(org.id, translation.id)).source.spaceId).toBe(space.id);
    });

    it('refuses bad fields, naming each, and stores nothing', async () => {
      const { org, space } = await world();
      const source = { spaceId: space.id, language: 'en' };
      const cases: Array<[Parameters<Store['createTranslation']>[0], string]> = [
        [{ organizationId: org.id, title: '', source, language: 'fr' }, 'title'],
        [{ organizationId: org.id, title: 'x'.repeat(101), source, language: 'fr' }, 'title'],
        [{ organizationId: org.id, source, language: 'klingon' }, 'language'],
        [{ organizationId: org.id, source, language: 'FR' }, 'language'],
        [{ organizationId: org.id, source, language: 'en' }, 'language'],
        [{ organizationId: org.id, source: { spaceId: space.id, language: 'english' }, language: 'fr' }, 'source.language'],
        [{ organizationId: org.id, source: { spaceId: 'no-such-space', language: 'en' }, language: 'fr' }, 'source.space'],
      ];
      for (const [input, field] of cases) expect(await failure(store.createTranslation(input)), field).toEqual({ code: 'INVALID_ARGUMENT', field });
      expect((await failure(store.createTranslation({ organizationId: 'no-such-org', source, language: 'fr' }))).code).toBe('NOT_FOUND');
      expect((await store.listTranslations(org.id)).count).toBe(0);

      // A title of 100 characters beyond ASCII fits: characters are counted, not bytes.
      const translation = await store.createTranslation({ organizationId: org.id, title: 'é'.repeat(100), source, language: 'fr' });
      expect(await failure(store.updateTranslation(org.id, translation.id, { language: 'en' }))).toEqual({ code: 'INVALID_ARGUMENT', field: 'language' });
      expect(await failure(store.updateTranslation(org.id, translation.id, { title: '' }))).toEqual({ code: 'INVALID_ARGUMENT', field: 'title' });
      expect((await failure(store.updateTranslation(org.id, 'no-such-translation', { title: 'x' }))).code).toBe('NOT_FOUND');
      expect(await store.getTranslation(org.id, translation.id)).toEqual(translation);

      // A deleted space (still restorable) is no source either.
      await store.deleteSpace(space.id);
      expect(await failure(store.createTranslation({ organizationId: org.id, source, language: 'de' }))).toEqual({ code: 'INVALID_ARGUMENT', field: 'source.space' });
    });

    it('goes with its source space when that space is purged, and with nothing else', async () => {
      const { org, space } = await world();
      const kept = await store.createSpace({ organizationId: org.id, title: 'Kept' });
      const doomed = await store.createTranslation({ organizationId: org.id, source: { spaceId: space.id, language: 'en' }, language: 'fr' });
      const survivor = await store.createTranslation({ organizationId: org.id, source: { spaceId: kept.id, language: 'en' }, language: 'fr' });
      await store.deleteSpace(space.id);
      // Deleted but restorable: the translation stays.
      expect((await store.getTranslation(org.id, doomed.id)).id).toBe(doomed.id);
      clock.advance(8 * 24 * 60 * 60 * 1000);
      await store.purgeDeletedSpaces();
      expect((await store.getSpace(kept.id)).id).toBe(kept.id);
      expect((await failure(store.getTranslation(org.id, doomed.id))).code).toBe('NOT_FOUND');
      expect((await store.listTranslations(org.id)).items.map((item) => item.id)).toEqual([survivor.id]);
    });
  });
}
