// The import-run part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it.
// import-runs.test.ts runs it against each, with the same harness as store.contract.ts.
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness } from '../store.contract.ts';

/**
 * Defines the import-run contract tests for one Store implementation.
 *
 * @example
 * describeImportRunStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeImportRunStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: import runs (${name})`, () => {
    let store: Store;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store } = opened));

    async function space() {
      const organization = await store.createOrganization({ title: 'Acme' });
      const ada = await store.createUser({ displayName: 'Ada' });
      const created = await store.createSpace({ organizationId: organization.id, title: 'Docs' });
      return { organization, ada, space: created };
    }

    it('creates a pending run, gets it in its organization only, and records progress, pages and the end', async () => {
      const { organization, ada, space: docs } = await space();
      const run = await store.createImportRun({ organizationId: organization.id, spaceId: docs.id, sourceUrl: 'https://docs.example.com/', createdBy: ada.id });
      expect(run).toMatchObject({ organizationId: organization.id, spaceId: docs.id, sourceUrl: 'https://docs.example.com/', status: 'pending', discovered: 0, imported: 0, pages: [], createdBy: ada.id });
      expect(run.changeRequestId).toBeUndefined();
      expect(await store.getImportRun(organization.id, run.id)).toEqual(run);
      const other = await store.createOrganization({ title: 'Other' });
      expect(isQuireError(await store.getImportRun(other.id, run.id).catch((caught: unknown) => caught), 'NOT_FOUND')).toBe(true);
      expect(isQuireError(await store.getImportRun(organization.id, 'nope').catch((caught: unknown) => caught), 'NOT_FOUND')).toBe(true);

      const started = await store.updateActiveImportRun(run.id, { status: 'in-progress', startedAt: '2025-01-01T00:00:01.000Z', discovered: 3, heartbeat: true });
      expect(started).toMatchObject({ status: 'in-progress', startedAt: '2025-01-01T00:00:01.000Z', discovered: 3, imported: 0 });
      expect(started!.heartbeatAt > run.heartbeatAt).toBe(true);
      const pages = [{ id: 'p1', type: 'page' as const, sourceURL: 'https://docs.example.com/' }, { id: 'p2', type: 'folder' as const }];
      const done = await store.updateActiveImportRun(run.id, { status: 'completed', completedAt: '2025-01-01T00:00:02.000Z', imported: 2, pages, changeRequestId: 'cr1' });
      expect(done).toMatchObject({ status: 'completed', imported: 2, discovered: 3, pages, changeRequestId: 'cr1', completedAt: '2025-01-01T00:00:02.000Z' });
      expect(await store.getImportRun(organization.id, run.id)).toEqual(done);
    });

    it('changes only runs that have not ended: the first end wins (a cancel against the runner)', async () => {
      const { organization, ada, space: docs } = await space();
      const run = await store.createImportRun({ organizationId: organization.id, spaceId: docs.id, sourceUrl: 'https://a.test/', createdBy: ada.id });
      const [first, second] = await Promise.all([
        store.updateActiveImportRun(run.id, { status: 'cancelled', reason: 'cancelled' }),
        store.updateActiveImportRun(run.id, { status: 'completed', imported: 5 }),
      ]);
      expect([first, second].filter((outcome) => outcome !== undefined)).toHaveLength(1);
      const ended = await store.getImportRun(organization.id, run.id);
      expect(['cancelled', 'completed']).toContain(ended.status);
      expect(await store.updateActiveImportRun(run.id, { imported: 9, heartbeat: true })).toBeUndefined();
      expect(await store.getImportRun(organization.id, run.id)).toEqual(ended);
      expect(await store.updateActiveImportRun('nope', { status: 'failed' })).toBeUndefined();
    });

    it('lists an organization runs newest first, filtered by space, change request and status, page by page', async () => {
      const { organization, ada, space: docs } = await space();
      const other = await store.createSpace({ organizationId: organization.id, title: 'Other' });
      const a = await store.createImportRun({ organizationId: organization.id, spaceId: docs.id, sourceUrl: 'https://a.test/', createdBy: ada.id });
      const b = await store.createImportRun({ organizationId: organization.id, spaceId: other.id, changeRequestId: 'cr9', sourceUrl: 'https://b.test/', createdBy: ada.id });
      const c = await store.createImportRun({ organizationId: organization.id, spaceId: docs.id, sourceUrl: 'https://c.test/', createdBy: ada.id });
      await store.updateActiveImportRun(a.id, { status: 'failed', reason: 'boom' });
      const ids = async (filter: Omit<Parameters<Store['listImportRuns']>[0], 'organizationId'>) => (await store.listImportRuns({ organizationId: organization.id, ...filter })).items.map((run) => run.id);
      expect(await ids({})).toEqual([c.id, b.id, a.id]);
      expect(await ids({ spaceId: docs.id })).toEqual([c.id, a.id]);
      expect(await ids({ changeRequestId: 'cr9' })).toEqual([b.id]);
      expect(await ids({ status: 'active' })).toEqual([c.id, b.id]);
      expect(await ids({ status: 'failed' })).toEqual([a.id]);
      const first = await store.listImportRuns({ organizationId: organization.id }, { limit: 2 });
      expect(first.count).toBe(3);
      const second = await store.listImportRuns({ organizationId: organization.id }, { limit: 2, page: first.next!.page });
      expect([...first.items, ...second.items].map((run) => run.id)).toEqual([c.id, b.id, a.id]);
      expect(second.next).toBeUndefined();
    });
  });
}
