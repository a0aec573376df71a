// The integrations part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it.
// integrations.test.ts runs it against each, with the same harness as store.contract.ts.
import { describe, expect, it } from 'vitest';
import { isQuireError, type ErrorCode } from '../../errors/index.ts';
import type { IntegrationPublication, Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness } from '../store.contract.ts';

async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, code), `expected ${code}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`).toBe(true);
}

/**
 * Defines the integrations contract tests for one Store implementation.
 *
 * @example
 * describeIntegrationStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeIntegrationStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: integrations (${name})`, () => {
    let store: Store;
    // Every test of a file shares one database: names carry a tag of the test.
    let tag = '';
    openStoreForEachTest(name, makeHarness, (opened) => {
      ({ store } = opened);
      tag = Math.random().toString(36).slice(2, 8);
    });
    const named = (base: string) => `${base}-${tag}`;

    async function publication(organizationId: string, overrides: Partial<IntegrationPublication> = {}): Promise<IntegrationPublication> {
      const publisher = await store.createUser({ displayName: 'Publisher' });
      const script = await store.putBlob(new TextEncoder().encode(`export default { fetch() { return new Response('v'); } };`));
      return {
        name: named('hello-block'),
        organizationId,
        publishedBy: publisher.id,
        script: { blob: script.hash, size: script.size },
        runtime: 'v2',
        title: 'Hello block',
        description: 'Says hello',
        previewImages: [],
        visibility: 'public',
        target: 'all',
        scopes: ['space:content:read'],
        categories: ['content'],
        blocks: [{ id: 'hello', title: 'Hello', urlUnfurl: ['https://hello.example.com/*'] }],
        contentSources: [],
        externalLinks: [],
        configurations: { account: { properties: { greeting: { type: 'string' } }, required: ['greeting'] } },
        secrets: { KEY: 'secret' },
        contentSecurityPolicy: { 'script-src': "'self'" },
        ...overrides,
      };
    }

    it('publishes version 1, then increments the version and keeps each version of the script', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const first = await store.publishIntegration(await publication(org.id));
      expect(first).toMatchObject({ name: named('hello-block'), version: 1, organizationId: org.id, title: 'Hello block', secrets: { KEY: 'secret' }, contentSecurityPolicy: { 'script-src': "'self'" } });
      const newer = await store.putBlob(new TextEncoder().encode('export default {};'));
      const second = await store.publishIntegration({ ...(await publication(org.id)), title: 'Hello again', script: { blob: newer.hash, size: newer.size } });
      expect(second).toMatchObject({ id: first.id, version: 2, title: 'Hello again', createdAt: first.createdAt });
      expect((await store.getIntegrationScript(named('hello-block'))).blob).toBe(newer.hash);
      const original = await store.getIntegrationScript(named('hello-block'), 1);
      expect(new TextDecoder().decode(await store.getBlob(original.blob))).toContain("new Response('v')");
      await expectCode(store.getIntegrationScript(named('hello-block'), 3), 'NOT_FOUND');
    });

    it('refuses a bad name, and a name another organization published (CONFLICT naming organization)', async () => {
      const [acme, other] = [await store.createOrganization({ title: 'Acme' }), await store.createOrganization({ title: 'Other' })];
      await expectCode(store.publishIntegration(await publication(acme.id, { name: 'no spaces' })), 'INVALID_ARGUMENT');
      await store.publishIntegration(await publication(acme.id));
      await expectCode(store.publishIntegration(await publication(other.id)), 'CONFLICT');
      expect((await store.getIntegration(named('hello-block'))).version).toBe(1);
    });

    it('lists with every filter, private ones only for their organization', async () => {
      const [acme, other] = [await store.createOrganization({ title: 'Acme' }), await store.createOrganization({ title: 'Other' })];
      await store.publishIntegration(await publication(acme.id));
      await store.publishIntegration(
        await publication(other.id, { name: named('stats'), title: 'Stats', visibility: 'private', categories: ['analytics'], scopes: ['site:views:read'], blocks: [], target: 'site', contentSources: [{ id: 's', title: 'Source', configuration: { componentId: 'c' } }] }),
      );
      const names = async (filter: Parameters<Store['listIntegrations']>[0]) => (await store.listIntegrations(filter)).items.map((item) => item.name).filter((itemName) => itemName.endsWith(tag)).map((itemName) => itemName.slice(0, -tag.length - 1));
      expect(await names({ visibleTo: [] })).toEqual(['hello-block']);
      expect(await names({ visibleTo: [other.id] })).toEqual(['hello-block', 'stats']);
      const all = [acme.id, other.id];
      expect(await names({ visibleTo: all, search: 'STAT' })).toEqual(['stats']);
      expect(await names({ visibleTo: all, category: 'analytics' })).toEqual(['stats']);
      expect(await names({ visibleTo: all, scope: 'space:content:read' })).toEqual(['hello-block']);
      expect(await names({ visibleTo: all, blockDomain: 'hello.example.com' })).toEqual(['hello-block']);
      expect(await names({ visibleTo: all, blocks: true })).toEqual(['hello-block']);
      expect(await names({ visibleTo: all, blocks: false })).toEqual(['stats']);
      expect(await names({ visibleTo: all, contentSources: true })).toEqual(['stats']);
      expect(await names({ visibleTo: all, owner: acme.id })).toEqual(['hello-block']);
      expect(await names({ visibleTo: all, target: 'site' })).toEqual(['stats']);
      const page = await store.listIntegrations({ visibleTo: all, owner: other.id }, { limit: 0 });
      expect(page.count).toBe(1);
      const first = await store.listIntegrations({ visibleTo: all, search: tag }, { limit: 1 });
      expect(first.count).toBe(2);
      expect((await store.listIntegrations({ visibleTo: all, search: tag }, { limit: 1, page: first.next!.page })).items.map((item) => item.name)).toEqual([named('stats')]);
    });

    it('installs on an organization once, on spaces and sites, and deletes everything with the integration', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const integration = await store.publishIntegration(await publication(org.id));
      const installation = await store.createIntegrationInstallation({ integrationId: integration.id, organizationId: org.id, status: 'pending', configuration: {} });
      expect(installation).toMatchObject({ organizationId: org.id, status: 'pending', configuration: {}, externalIds: [], spaces: 0 });
      await expectCode(store.createIntegrationInstallation({ integrationId: integration.id, organizationId: org.id, status: 'active', configuration: {} }), 'CONFLICT');
      const updated = await store.updateIntegrationInstallation(integration.id, installation.id, { status: 'active', configuration: { greeting: 'hi' }, externalIds: ['ext-1'] });
      expect(updated).toMatchObject({ status: 'active', configuration: { greeting: 'hi' }, externalIds: ['ext-1'] });
      expect((await store.findIntegrationInstallation(integration.id, org.id))?.id).toBe(installation.id);
      expect((await store.listIntegrationInstallations(integration.id, { externalId: 'ext-1' })).count).toBe(1);
      expect((await store.listIntegrationInstallations(integration.id, { externalId: 'ext' })).count).toBe(0);
      expect((await store.listIntegrationInstallations(integration.id, { organizationIds: [] })).count).toBe(0);

      await store.putIntegrationContentInstallation({ installationId: installation.id, integrationId: integration.id, kind: 'space', targetId: 'space-1', status: 'active' });
      await store.putIntegrationContentInstallation({ installationId: installation.id, integrationId: integration.id, kind: 'space', targetId: 'space-1', status: 'active' });
      await store.putIntegrationContentInstallation({ installationId: installation.id, integrationId: integration.id, kind: 'site', targetId: 'site-1', status: 'active' });
      expect((await store.listIntegrationContentInstallations(integration.id, 'space', {})).items.map((item) => item.targetId)).toEqual(['space-1']);
      expect((await store.listIntegrationContentInstallations(integration.id, 'site', { organizationIds: [org.id] })).items.map((item) => item.targetId)).toEqual(['site-1']);
      expect((await store.getIntegrationInstallation(integration.id, installation.id)).spaces).toBe(1);

      const spaceInstallation = await store.getIntegrationContentInstallation(installation.id, 'space', 'space-1');
      expect(spaceInstallation).toMatchObject({ installationId: installation.id, kind: 'space', targetId: 'space-1', status: 'active', configuration: {}, externalIds: [] });
      await expectCode(store.getIntegrationContentInstallation(installation.id, 'site', 'space-1'), 'NOT_FOUND');
      const configured = await store.updateIntegrationContentInstallation(installation.id, 'space', 'space-1', { configuration: { channel: 'docs' }, externalIds: ['ext-s'], status: 'pending' });
      expect(configured).toMatchObject({ targetId: 'space-1', status: 'pending', configuration: { channel: 'docs' }, externalIds: ['ext-s'] });
      expect(await store.getIntegrationContentInstallation(installation.id, 'space', 'space-1')).toEqual(configured);
      // The site installation of the same installation is untouched.
      expect((await store.getIntegrationContentInstallation(installation.id, 'site', 'site-1')).configuration).toEqual({});
      expect((await store.listIntegrationContentInstallations(integration.id, 'space', { externalId: 'ext-s' })).count).toBe(1);
      await expectCode(store.updateIntegrationContentInstallation(installation.id, 'space', 'space-2', { configuration: {} }), 'NOT_FOUND');

      await store.recordIntegrationEvent({ integrationId: integration.id, installationId: installation.id, type: 'installation_setup', status: 'success', payload: { type: 'installation_setup' }, logs: [] });
      expect(await store.deleteIntegration(named('hello-block'))).toBe(true);
      expect(await store.deleteIntegration(named('hello-block'))).toBe(false);
      await expectCode(store.getIntegration(named('hello-block')), 'NOT_FOUND');
      const again = await store.publishIntegration(await publication(org.id));
      expect(again.version).toBe(1);
      expect((await store.listIntegrationContentInstallations(again.id, 'space', {})).count).toBe(0);
      expect((await store.listIntegrationEvents(again.id)).count).toBe(0);
    });

    it('records events with their trace, newest first, and development mode', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const integration = await store.publishIntegration(await publication(org.id));
      const logs = [{ message: 'set up', timestamp: new Date(0).toISOString(), level: 'debug' as const }];
      const first = await store.recordIntegrationEvent({ integrationId: integration.id, type: 'installation_setup', status: 'success', payload: { n: 1 }, logs });
      const second = await store.recordIntegrationEvent({ integrationId: integration.id, installationId: 'i1', type: 'installation_setup', status: 'failed', payload: { n: 2 }, logs: [] });
      expect(await store.getIntegrationEvent(integration.id, first.id)).toEqual(first);
      expect(first.logs).toEqual(logs);
      expect((await store.listIntegrationEvents(integration.id)).items.map((event) => event.id)).toEqual([second.id, first.id]);
      await expectCode(store.getIntegrationEvent(integration.id, 'nope'), 'NOT_FOUND');

      expect((await store.setIntegrationDevelopment(named('hello-block'), { tunnelUrl: 'https://t.example.com', all: true })).development).toEqual({ tunnelUrl: 'https://t.example.com', all: true });
      expect((await store.setIntegrationDevelopment(named('hello-block'), null)).development).toBeUndefined();
      await expectCode(store.setIntegrationDevelopment('nope', null), 'NOT_FOUND');
    });
  });
}
