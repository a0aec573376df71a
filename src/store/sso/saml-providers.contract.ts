// The SAML providers part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it.
// saml-providers.test.ts runs it against each.
import { describe, expect, it } from 'vitest';
import { isQuireError, type ErrorCode } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness, type TestClock } from '../store.contract.ts';

async function expectCode(promise: Promise<unknown>, code: ErrorCode, field?: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, code), `expected ${code}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`).toBe(true);
  if (field !== undefined && isQuireError(error)) expect(error.data).toMatchObject({ field });
}

/**
 * Defines the SAML provider contract tests for one Store implementation.
 *
 * @example
 * describeSamlProviderStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeSamlProviderStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: SAML providers (${name})`, () => {
    let store: Store;
    let clock: TestClock;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store, clock } = opened));

    it('creates a provider with only a label (role read, nothing configured), updates, lists and deletes it', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const team = await store.createTeam({ organizationId: org.id, title: 'Writers' });
      const bare = await store.createSamlProvider({ organizationId: org.id, label: 'Okta' });
      expect(bare).toMatchObject({ label: 'Okta', entityId: null, certificate: null, ssoUrl: null, defaultTeamId: null, defaultRole: 'read' });
      expect(await store.getSamlProvider(bare.id)).toEqual(bare);

      const updated = await store.updateSamlProvider(bare.id, { entityId: 'https://idp.example/metadata', ssoUrl: 'https://idp.example/sso', defaultTeamId: team.id, defaultRole: null });
      expect(updated).toMatchObject({ label: 'Okta', entityId: 'https://idp.example/metadata', ssoUrl: 'https://idp.example/sso', defaultTeamId: team.id, defaultRole: null, createdAt: bare.createdAt });
      expect(updated.updatedAt > bare.updatedAt).toBe(true);

      const second = await store.createSamlProvider({ organizationId: org.id, label: 'Entra', defaultRole: 'edit' });
      const other = await store.createOrganization({ title: 'Other' });
      await store.createSamlProvider({ organizationId: other.id, label: 'Elsewhere' });
      const first = await store.listSamlProviders(org.id, { limit: 1 });
      expect(first.items.map((item) => item.label)).toEqual(['Okta']);
      expect(first.count).toBe(2);
      const rest = await store.listSamlProviders(org.id, { limit: 1, page: first.next!.page });
      expect(rest.items.map((item) => item.id)).toEqual([second.id]);
      expect(rest.next).toBeUndefined();

      // Deleting the default team leaves the provider without one.
      await store.deleteTeam(team.id);
      expect((await store.getSamlProvider(bare.id)).defaultTeamId).toBeNull();

      expect(await store.deleteSamlProvider(bare.id)).toBe(true);
      expect(await store.deleteSamlProvider(bare.id)).toBe(false);
      await expectCode(store.getSamlProvider(bare.id), 'NOT_FOUND');
      await expectCode(store.updateSamlProvider(bare.id, { label: 'x' }), 'NOT_FOUND');
    });

    it('refuses a team of another organization, an unknown organization and bad fields, naming the field', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const other = await store.createOrganization({ title: 'Other' });
      const foreignTeam = await store.createTeam({ organizationId: other.id, title: 'Theirs' });
      await expectCode(store.createSamlProvider({ organizationId: org.id, label: 'Okta', defaultTeamId: foreignTeam.id }), 'INVALID_ARGUMENT', 'defaultTeam');
      await expectCode(store.createSamlProvider({ organizationId: 'nope', label: 'Okta' }), 'NOT_FOUND');
      await expectCode(store.createSamlProvider({ organizationId: org.id, label: '' }), 'INVALID_ARGUMENT', 'label');
      await expectCode(store.createSamlProvider({ organizationId: org.id, label: 'x'.repeat(31) }), 'INVALID_ARGUMENT', 'label');
      const provider = await store.createSamlProvider({ organizationId: org.id, label: 'Okta' });
      await expectCode(store.updateSamlProvider(provider.id, { defaultTeamId: foreignTeam.id }), 'INVALID_ARGUMENT', 'defaultTeam');
      expect((await store.listSamlProviders(org.id)).count).toBe(1);
    });

    it('hands an issued request to one answer only, and not after it expires', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const provider = await store.createSamlProvider({ organizationId: org.id, label: 'Okta' });
      const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
      await store.recordSamlRequest({ id: '_one', providerId: provider.id, relayState: '/after', expiresAt });
      await store.recordSamlRequest({ id: '_two', providerId: provider.id, relayState: null, expiresAt });
      expect(await store.findOpenSamlRequest(provider.id, '_one')).toMatchObject({ id: '_one', relayState: '/after' });
      const other = await store.createSamlProvider({ organizationId: org.id, label: 'Other' });
      expect(await store.consumeSamlRequest(other.id, '_one')).toBeUndefined();

      const [a, b] = await Promise.all([store.consumeSamlRequest(provider.id, '_one'), store.consumeSamlRequest(provider.id, '_one')]);
      expect([a, b].filter((taken) => taken !== undefined)).toHaveLength(1);
      expect(await store.findOpenSamlRequest(provider.id, '_one')).toBeUndefined();
      expect(await store.consumeSamlRequest(provider.id, '_unknown')).toBeUndefined();

      clock.advance(61_000);
      expect(await store.findOpenSamlRequest(provider.id, '_two')).toBeUndefined();
      expect(await store.consumeSamlRequest(provider.id, '_two')).toBeUndefined();
    });

    it('remembers an assertion id until it expires', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const provider = await store.createSamlProvider({ organizationId: org.id, label: 'Okta' });
      const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
      expect(await store.recordSamlAssertion(provider.id, '_a1', expiresAt)).toBe(true);
      expect(await store.recordSamlAssertion(provider.id, '_a1', expiresAt)).toBe(false);
      expect(await store.recordSamlAssertion(provider.id, '_a2', expiresAt)).toBe(true);
      clock.advance(61_000);
      expect(await store.recordSamlAssertion(provider.id, '_a1', new Date(clock.now().getTime() + 60_000).toISOString())).toBe(true);
    });
  });
}
