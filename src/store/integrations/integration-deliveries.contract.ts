// The integration delivery outbox part of the Store contract: every implementation (SQLite, PostgreSQL) must pass
// it. integration-deliveries.test.ts runs it against each.
import { describe, expect, it } from 'vitest';
import type { IntegrationRecord, Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness } from '../store.contract.ts';

/**
 * Defines the integration delivery contract tests for one Store implementation.
 *
 * @example
 * describeIntegrationDeliveryStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeIntegrationDeliveryStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: integration deliveries (${name})`, () => {
    let store: Store;
    let tag = '';
    openStoreForEachTest(name, makeHarness, (opened) => {
      ({ store } = opened);
      tag = Math.random().toString(36).slice(2, 8);
    });

    async function integration(): Promise<IntegrationRecord> {
      const org = await store.createOrganization({ title: 'Acme' });
      const publisher = await store.createUser({ displayName: 'Publisher' });
      const script = await store.putBlob(new TextEncoder().encode('export default {};'));
      return store.publishIntegration({
        name: `deliveries-${tag}`,
        organizationId: org.id,
        publishedBy: publisher.id,
        script: { blob: script.hash, size: script.size },
        runtime: 'v2',
        title: 'Deliveries',
        description: '',
        previewImages: [],
        visibility: 'public',
        target: 'all',
        scopes: [],
        categories: [],
        blocks: [],
        contentSources: [],
        externalLinks: [],
        configurations: {},
        secrets: {},
      });
    }
    const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds)).toISOString();
    const line = (message: string) => ({ message, timestamp: at(0), level: 'info' as const });

    it('claims each due delivery for one process only, even when two claim at once', async () => {
      const { id: integrationId } = await integration();
      const ids = Array.from({ length: 6 }, (_, index) => `evt-${tag}-${index}`);
      for (const id of ids) await store.queueIntegrationDelivery({ id, integrationId, type: 'installation_setup', payload: { type: 'installation_setup', eventId: id } });
      const [first, second] = await Promise.all([
        store.claimIntegrationDeliveries({ owner: 'p1', now: at(0), leaseUntil: at(30), limit: 10 }),
        store.claimIntegrationDeliveries({ owner: 'p2', now: at(0), leaseUntil: at(30), limit: 10 }),
      ]);
      const claimed = [...first, ...second].map((delivery) => delivery.id).sort();
      expect(claimed).toEqual([...ids].sort());
      expect(first.every((delivery) => delivery.leaseOwner === 'p1') && second.every((delivery) => delivery.leaseOwner === 'p2')).toBe(true);
      // Held: nobody claims them again until the lease runs out; then another process may.
      expect(await store.claimIntegrationDeliveries({ owner: 'p3', now: at(10), leaseUntil: at(40), limit: 10 })).toEqual([]);
      expect((await store.claimIntegrationDeliveries({ owner: 'p3', now: at(30), leaseUntil: at(60), limit: 10 })).length).toBe(6);
    });

    it('retries later with the trace kept, then records the event with its final status and whole trace', async () => {
      const { id: integrationId } = await integration();
      const id = `evt-${tag}`;
      const payload = { type: 'installation_setup', eventId: id, installationId: 'inst-1' };
      await store.queueIntegrationDelivery({ id, integrationId, installationId: 'inst-1', type: 'installation_setup', payload });
      const [claimed] = await store.claimIntegrationDeliveries({ owner: 'p1', now: at(0), leaseUntil: at(30), limit: 1 });
      expect(claimed).toMatchObject({ id, attempts: 0, payload, installationId: 'inst-1' });
      expect(await store.retryIntegrationDelivery(id, 'p2', { dueAt: at(5), logs: [line('not mine')] })).toBe(false);
      expect(await store.retryIntegrationDelivery(id, 'p1', { dueAt: at(5), logs: [line('attempt 1 failed')] })).toBe(true);
      expect(await store.getIntegrationDelivery(id)).toMatchObject({ attempts: 1, dueAt: at(5), logs: [line('attempt 1 failed')] });
      expect(await store.getIntegrationDelivery(id)).not.toHaveProperty('leaseOwner');
      // Not due before its time.
      expect(await store.claimIntegrationDeliveries({ owner: 'p1', now: at(4), leaseUntil: at(34), limit: 1 })).toEqual([]);
      await expect(store.listIntegrationEvents(integrationId)).resolves.toMatchObject({ items: [] });

      expect(await store.claimIntegrationDeliveries({ owner: 'p2', now: at(5), leaseUntil: at(35), limit: 1 })).toHaveLength(1);
      expect(await store.finishIntegrationDelivery(id, 'p1', { status: 'success', logs: [] })).toBeUndefined();
      const event = await store.finishIntegrationDelivery(id, 'p2', { status: 'failed', logs: [line('attempt 2 failed')] });
      expect(event).toMatchObject({ id, status: 'failed', installationId: 'inst-1', payload });
      expect(await store.getIntegrationDelivery(id)).toBeUndefined();
      expect(await store.getIntegrationEvent(integrationId, id)).toMatchObject({ status: 'failed', type: 'installation_setup', logs: [line('attempt 1 failed'), line('attempt 2 failed')] });
    });

    it('keeps the first signing secret of an integration, and finds the installations of a space', async () => {
      const published = await integration();
      expect(await store.integrationSigningSecret(published.id, 'first')).toBe('first');
      expect(await store.integrationSigningSecret(published.id, 'second')).toBe('first');
      const installation = await store.createIntegrationInstallation({ integrationId: published.id, organizationId: published.organizationId, status: 'active', configuration: {} });
      const spaceId = `space-${tag}`;
      expect(await store.listSpaceIntegrationInstallations(spaceId)).toEqual([]);
      await store.putIntegrationContentInstallation({ installationId: installation.id, integrationId: published.id, kind: 'space', targetId: spaceId, status: 'active' });
      await store.putIntegrationContentInstallation({ installationId: installation.id, integrationId: published.id, kind: 'site', targetId: `site-${tag}`, status: 'active' });
      expect(await store.listSpaceIntegrationInstallations(spaceId)).toEqual([{ integrationId: published.id, installationId: installation.id }]);
    });
  });
}
