// The change-request PDF part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it.
// change-request-pdfs.test.ts runs it against each, with the same harness as store.contract.ts.
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness } from '../store.contract.ts';

/**
 * Defines the change-request PDF contract tests for one Store implementation.
 *
 * @example
 * describeChangeRequestPdfStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeChangeRequestPdfStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: change-request PDFs (${name})`, () => {
    let store: Store;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store } = opened));

    async function changeRequest() {
      const organization = await store.createOrganization({ title: 'Acme' });
      const ada = await store.createUser({ displayName: 'Ada' });
      const space = await store.createSpace({ organizationId: organization.id, title: 'Docs' });
      const record = await store.createChangeRequest({ spaceId: space.id, createdBy: ada.id });
      return { space, changeRequest: record };
    }

    it('records a print, finds it by its key and gets it by id; another key finds nothing', async () => {
      const { space, changeRequest: cr } = await changeRequest();
      const blob = await store.putBlob(new TextEncoder().encode('%PDF-1.7 one'));
      const key = { changeRequestId: cr.id, revisionId: cr.revision, variant: 'all', look: 'a'.repeat(64) };
      expect(await store.findChangeRequestPdf(key)).toBeUndefined();
      const recorded = await store.recordChangeRequestPdf({ ...key, spaceId: space.id, blob: blob.hash, size: blob.size });
      expect(recorded).toMatchObject({ ...key, spaceId: space.id, blob: blob.hash, size: blob.size });
      expect(typeof recorded.id).toBe('string');
      expect(await store.findChangeRequestPdf(key)).toEqual(recorded);
      expect(await store.getChangeRequestPdf(recorded.id)).toEqual(recorded);
      expect(await store.findChangeRequestPdf({ ...key, variant: 'only:p1' })).toBeUndefined();
      expect(await store.findChangeRequestPdf({ ...key, revisionId: 'other' })).toBeUndefined();
      expect(await store.findChangeRequestPdf({ ...key, look: 'b'.repeat(64) })).toBeUndefined();
    });

    it('keeps the first print of a key when a second is recorded (another process printed it too)', async () => {
      const { space, changeRequest: cr } = await changeRequest();
      const key = { changeRequestId: cr.id, revisionId: cr.revision, variant: 'page:p1', look: 'c'.repeat(64) };
      const first = await store.recordChangeRequestPdf({ ...key, spaceId: space.id, blob: 'f'.repeat(64), size: 10 });
      const second = await store.recordChangeRequestPdf({ ...key, spaceId: space.id, blob: 'e'.repeat(64), size: 20 });
      expect(second).toEqual(first);
      const [a, b] = await Promise.all([
        store.recordChangeRequestPdf({ ...key, variant: 'only:p1', spaceId: space.id, blob: 'd'.repeat(64), size: 1 }),
        store.recordChangeRequestPdf({ ...key, variant: 'only:p1', spaceId: space.id, blob: 'b'.repeat(64), size: 2 }),
      ]);
      expect(a).toEqual(b);
    });

    it('answers NOT_FOUND for an unknown id', async () => {
      const error = await store.getChangeRequestPdf('nope').catch((caught: unknown) => caught);
      expect(isQuireError(error, 'NOT_FOUND')).toBe(true);
    });
  });
}
