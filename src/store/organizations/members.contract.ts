// The Store contract for members (filters, sorts, counts, the last admin rule) and organization invites: part of
// the one suite every implementation passes (store.contract.ts calls it; store.test.ts runs it on SQLite and
// PostgreSQL).
import { describe, expect, it } from 'vitest';
import { isQuireError, type ErrorCode } from '../../errors/index.ts';
import type { Store } from '../index.ts';

/** What the suite gives: the store of the test, and another store on the same database (another process's). */
export interface MembersContractContext {
  store: () => Store;
  /** A second store on the same database when the dialect allows one in this process; else the same store. */
  another: () => Promise<Store>;
}

async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, code), `expected ${code}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`).toBe(true);
  return (error as Error).message;
}

/**
 * Defines the members and invites contract tests inside a Store contract suite.
 *
 * @example
 * describeMembersContract({ store: () => store, another: () => open() });
 */
export function describeMembersContract(context: MembersContractContext): void {
  const users = (names: string[]) => Promise.all(names.map((displayName) => context.store().createUser({ displayName, email: `${displayName.toLowerCase()}-${Math.random()}@example.com` })));

  describe('members: lists, counts and the last admin', () => {
    it('filters members by role (guests too) and text, and sorts them by join date, last visit or name', async () => {
      const store = context.store();
      const org = await store.createOrganization({ title: 'Members' });
      const [ada, bob, cy, dee] = await users(['Ada', 'Bob', 'Cy', 'Dee_x']);
      await store.putMember(org.id, ada!.id, { role: 'admin' });
      await store.putMember(org.id, cy!.id, { role: null });
      await store.putMember(org.id, bob!.id, { role: 'read' });
      await store.putMember(org.id, dee!.id, { role: 'read' });
      await store.updateMember(org.id, bob!.id, { lastSeenAt: '2025-03-01T00:00:00.000Z' });
      await store.updateMember(org.id, ada!.id, { lastSeenAt: '2025-02-01T00:00:00.000Z' });
      const names = async (filter: Parameters<Store['listMembers']>[1], limit?: number) =>
        (await store.listMembers(org.id, filter, limit === undefined ? {} : { limit })).items.map((member) => member.user.displayName);

      expect(await names({})).toEqual(['Dee_x', 'Bob', 'Cy', 'Ada']);
      expect(await names({ role: 'guest' })).toEqual(['Cy']);
      expect(await names({ role: 'read', order: 'asc' })).toEqual(['Bob', 'Dee_x']);
      expect(await names({ sort: 'name', order: 'asc' })).toEqual(['Ada', 'Bob', 'Cy', 'Dee_x']);
      expect(await names({ sort: 'lastSeenAt' })).toEqual(['Bob', 'Ada']);
      expect(await names({ search: 'BO' })).toEqual(['Bob']);
      // The e-mail address is searched too; LIKE wildcards are plain text.
      expect(await names({ search: ada!.email!.slice(0, 5).toUpperCase() })).toEqual(['Ada']);
      expect(await names({ search: '_' })).toEqual(['Dee_x']);
      expect(await names({ search: '%' })).toEqual([]);
      expect((await store.listMembers(org.id, { search: 'ob' })).count).toBe(1);

      // Pages of a sorted list walk it without repeating or skipping.
      const first = await store.listMembers(org.id, { sort: 'name' }, { limit: 2 });
      const second = await store.listMembers(org.id, { sort: 'name' }, { limit: 2, page: first.next!.page });
      expect([...first.items, ...second.items].map((member) => member.user.displayName)).toEqual(['Dee_x', 'Cy', 'Bob', 'Ada']);
      await expectCode(store.listMembers(org.id, { sort: 'joinedAt' }, { page: first.next!.page }), 'INVALID_ARGUMENT');
      await expectCode(store.listMembers(org.id, { sort: 'age' as never }), 'INVALID_ARGUMENT');
    });

    it('records a removal request on the member, readable in its lists, and withdraws it', async () => {
      const store = context.store();
      const org = await store.createOrganization({ title: 'Requests' });
      const [ada, bob] = await users(['Ada', 'Bob']);
      await store.putMember(org.id, ada!.id, { role: 'admin' });
      await store.putMember(org.id, bob!.id, { role: 'read' });
      const request = { requestedBy: ada!.id, requestedAt: '2026-11-26T12:00:00.000Z' };
      expect((await store.updateMember(org.id, bob!.id, { removalRequest: request })).removalRequest).toEqual(request);
      expect((await store.listMembers(org.id, { role: 'read' })).items.map((member) => member.removalRequest)).toEqual([request]);
      expect((await store.updateMember(org.id, bob!.id, { removalRequest: null })).removalRequest).toBeUndefined();
    });

    it('never lets the last active admin go: not removed, demoted, made a guest or disabled', async () => {
      const store = context.store();
      const org = await store.createOrganization({ title: 'Admins' });
      const [ada, bob] = await users(['Ada', 'Bob']);
      await store.putMember(org.id, ada!.id, { role: 'admin' });
      expect(await expectCode(store.removeMember(org.id, ada!.id), 'CONFLICT')).toMatch(/must keep at least one admin/);
      await expectCode(store.updateMember(org.id, ada!.id, { role: 'edit' }), 'CONFLICT');
      await expectCode(store.updateMember(org.id, ada!.id, { role: null }), 'CONFLICT');
      await expectCode(store.updateMember(org.id, ada!.id, { disabled: true }), 'CONFLICT');
      await expectCode(store.putMember(org.id, ada!.id, { role: 'read' }), 'CONFLICT');
      expect((await store.getMember(org.id, ada!.id)).role).toBe('admin');
      // Other changes of the last admin are fine.
      expect((await store.updateMember(org.id, ada!.id, { sso: true, lastSeenAt: '2025-01-02T00:00:00.000Z' })).sso).toBe(true);

      await store.putMember(org.id, bob!.id, { role: 'admin' });
      expect((await store.updateMember(org.id, ada!.id, { role: 'edit' })).role).toBe('edit');
      await expectCode(store.removeMember(org.id, bob!.id), 'CONFLICT');
      expect(await store.removeMember(org.id, ada!.id)).toBe(true);
    });

    it('leaves one admin when two demotions of the last two admins race', async () => {
      const store = context.store();
      const other = await context.another();
      for (let round = 0; round < 4; round++) {
        const org = await store.createOrganization({ title: `Race ${round}` });
        const [ada, bob] = await users(['Ada', 'Bob']);
        await store.putMember(org.id, ada!.id, { role: 'admin' });
        await store.putMember(org.id, bob!.id, { role: 'admin' });
        const outcomes = await Promise.allSettled(
          round % 2 === 0 ? [store.updateMember(org.id, ada!.id, { role: 'read' }), other.updateMember(org.id, bob!.id, { role: 'read' })] : [store.removeMember(org.id, ada!.id), other.removeMember(org.id, bob!.id)],
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
        expect(isQuireError(rejected?.reason, 'CONFLICT')).toBe(true);
        expect((await store.listMembers(org.id, { role: 'admin' })).count).toBe(1);
      }
    });
  });

  describe('organization invites', () => {
    it('makes, gets, updates, lists and deletes link invites', async () => {
      const store = context.store();
      const org = await store.createOrganization({ title: 'Links' });
      const link = await store.putOrganizationInvite({ organizationId: org.id, kind: 'link', role: 'read' });
      expect(link).toMatchObject({ organizationId: org.id, kind: 'link', role: 'read', sso: false });
      expect(link.email).toBeUndefined();
      const guest = await store.putOrganizationInvite({ organizationId: org.id, kind: 'link', role: null, createdBy: 'someone' });
      expect(await store.getOrganizationInvite(org.id, link.id)).toEqual(link);
      expect((await store.updateOrganizationInvite(org.id, link.id, { role: 'edit' })).role).toBe('edit');
      const listed = await store.listOrganizationInvites(org.id, { kind: 'link' });
      expect(listed.items.map((invite) => invite.id)).toEqual([link.id, guest.id]);
      expect(listed.count).toBe(2);
      expect((await store.listOrganizationInvites(org.id, { kind: 'email' })).count).toBe(0);
      expect(await store.deleteOrganizationInvite(org.id, link.id)).toBe(true);
      expect(await store.deleteOrganizationInvite(org.id, link.id)).toBe(false);
      await expectCode(store.getOrganizationInvite(org.id, link.id), 'NOT_FOUND');
      // An invite belongs to its organization only.
      const other = await store.createOrganization({ title: 'Other' });
      await expectCode(store.getOrganizationInvite(other.id, guest.id), 'NOT_FOUND');
      await expectCode(store.updateOrganizationInvite(other.id, guest.id, { role: 'admin' }), 'NOT_FOUND');
      expect(await store.deleteOrganizationInvite(other.id, guest.id)).toBe(false);
      await expectCode(store.putOrganizationInvite({ organizationId: org.id, kind: 'link', role: 'owner' as never }), 'INVALID_ARGUMENT');
      await expectCode(store.putOrganizationInvite({ organizationId: org.id, kind: 'link', role: 'read', email: 'a@b.c' }), 'INVALID_ARGUMENT');
      await expectCode(store.putOrganizationInvite({ organizationId: org.id, kind: 'email', role: 'read' }), 'INVALID_ARGUMENT');
    });

    it('keeps one pending e-mail invite per address (lower-cased), also when two are made at once', async () => {
      const store = context.store();
      const other = await context.another();
      const org = await store.createOrganization({ title: 'Mail' });
      const [first, second] = await Promise.all([
        store.putOrganizationInvite({ organizationId: org.id, kind: 'email', email: 'Ada@Example.com', role: 'read' }),
        other.putOrganizationInvite({ organizationId: org.id, kind: 'email', email: 'ada@example.COM', role: 'edit', sso: true }),
      ]);
      expect(first.id).toBe(second.id);
      const pending = await store.listOrganizationInvites(org.id, { kind: 'email' });
      expect(pending.count).toBe(1);
      expect(pending.items[0]).toMatchObject({ email: 'ada@example.com', kind: 'email' });
      expect(['read', 'edit']).toContain(pending.items[0]!.role);
    });
  });
}
