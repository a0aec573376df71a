// The content-permission part of the Store contract: the same suite on every implementation (SQLite,
// PostgreSQL); content-permissions.test.ts runs it against each.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { GrantedContent, Store } from '../index.ts';
import { sequentialIds, TestClock, type StoreHarness } from '../store.contract.ts';

/**
 * Declares the content-permission contract for one implementation.
 *
 * @example
 * describeContentPermissionContract('sqlite', async () => sqliteHarness());
 */
export function describeContentPermissionContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: content permissions (${name})`, () => {
    let harness: StoreHarness;
    let clock: TestClock;
    let store: Store;
    let opened = 0;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.dispose();
    });
    beforeEach(async () => {
      clock = new TestClock();
      opened += 1;
      store = await harness.open({ now: clock.now, newId: sequentialIds(`${name}p${opened}${Math.random().toString(36).slice(2, 6)}`) });
    });
    afterEach(async () => {
      await store.close();
    });

    async function world() {
      const organization = await store.createOrganization({ title: 'Acme' });
      const ada = await store.createUser({ displayName: 'Ada' });
      const bob = await store.createUser({ displayName: 'Bob' });
      await store.putMember(organization.id, ada.id, { role: null });
      await store.putMember(organization.id, bob.id, { role: 'read' });
      const collection = await store.createCollection({ organizationId: organization.id, title: 'Guides' });
      const space = await store.createSpace({ organizationId: organization.id, parentId: collection.id, title: 'Handbook' });
      const onSpace: GrantedContent = { kind: 'space', id: space.id, organizationId: organization.id };
      const onCollection: GrantedContent = { kind: 'collection', id: collection.id, organizationId: organization.id };
      return { organization, ada, bob, space, collection, onSpace, onCollection };
    }

    it('puts, replaces, gets, lists (oldest first, paged) and removes a member’s role', async () => {
      const { ada, bob, onSpace, onCollection } = await world();
      const first = await store.putUserContentPermission(onSpace, ada.id, 'read');
      expect(first).toMatchObject({ kind: 'space', contentId: onSpace.id, role: 'read', user: { id: ada.id, displayName: 'Ada' } });
      await store.putUserContentPermission(onSpace, bob.id, 'comment');
      const replaced = await store.putUserContentPermission(onSpace, ada.id, 'edit');
      expect(replaced).toMatchObject({ role: 'edit', createdAt: first.createdAt });
      expect((await store.getUserContentPermission(onSpace, ada.id))?.role).toBe('edit');
      expect(await store.getUserContentPermission(onCollection, ada.id)).toBeUndefined();

      const page = await store.listUserContentPermissions(onSpace, { limit: 1 });
      expect(page.items.map((item) => item.user.id)).toEqual([ada.id]);
      expect(page.count).toBe(2);
      const rest = await store.listUserContentPermissions(onSpace, { limit: 1, page: page.next!.page });
      expect(rest.items.map((item) => [item.user.id, item.role])).toEqual([[bob.id, 'comment']]);
      expect(rest.next).toBeUndefined();
      expect((await store.listUserContentPermissions(onCollection)).count).toBe(0);

      expect(await store.removeUserContentPermission(onSpace, ada.id)).toBe(true);
      expect(await store.removeUserContentPermission(onSpace, ada.id)).toBe(false);
      expect((await store.listUserContentPermissions(onSpace)).items.map((item) => item.user.id)).toEqual([bob.id]);
    });

    it('refuses a user who is not a member, a team of another organization and an unknown role', async () => {
      const { organization, ada, onSpace } = await world();
      const stranger = await store.createUser({ displayName: 'Stranger' });
      const other = await store.createOrganization({ title: 'Other' });
      const theirs = (await store.createTeam({ organizationId: other.id, title: 'Theirs' })).id;
      const field = async (call: Promise<unknown>) => {
        try {
          await call;
        } catch (error) {
          if (isQuireError(error, 'INVALID_ARGUMENT')) return error.data.field;
          throw error;
        }
        return 'accepted';
      };
      expect(await field(store.putUserContentPermission(onSpace, stranger.id, 'read'))).toBe('user');
      expect(await field(store.putTeamContentPermission(onSpace, theirs, 'read'))).toBe('team');
      expect(await field(store.putTeamContentPermission(onSpace, 'no-such-team', 'read'))).toBe('team');
      expect(await field(store.putUserContentPermission(onSpace, ada.id, 'owner' as never))).toBe('role');
      expect(await store.listGrantsOfMember(organization.id, ada.id)).toEqual([]);
      expect(await store.teamsOfOrganization(organization.id, [theirs])).toEqual(new Set());
      expect(await store.teamsOfOrganization(other.id, [theirs, 'no-such-team'])).toEqual(new Set([theirs]));
    });

    it('keeps team roles with the team’s counts, and gives the grants that reach a member, own and through teams', async () => {
      const { organization, ada, bob, onSpace, onCollection } = await world();
      const team = (await store.createTeam({ organizationId: organization.id, title: 'Writers' })).id;
      await store.putTeamMember(team, { userId: ada.id });
      await store.putTeamMember(team, { userId: bob.id });
      const granted = await store.putTeamContentPermission(onSpace, team, 'review');
      expect(granted).toMatchObject({ role: 'review', team: { id: team, title: 'Writers', members: 2, spaces: 1 } });
      await store.putTeamContentPermission(onCollection, team, 'read');
      expect((await store.listTeamContentPermissions(onCollection)).items.map((item) => [item.team.id, item.role, item.team.spaces])).toEqual([[team, 'read', 1]]);
      await store.putUserContentPermission(onCollection, ada.id, 'edit');

      const reaching = await store.listGrantsOfMember(organization.id, ada.id);
      expect(reaching.map((grant) => `${grant.via} ${grant.kind} ${grant.role}`).sort()).toEqual(['team collection read', 'team space review', 'user collection edit']);
      const onBoth = await store.listGrantsOnContents(organization.id, [
        { kind: 'space', id: onSpace.id },
        { kind: 'collection', id: onCollection.id },
      ]);
      expect(onBoth.filter((grant) => grant.userId === bob.id).map((grant) => `${grant.via} ${grant.kind} ${grant.role}`).sort()).toEqual(['team collection read', 'team space review']);
      expect(onBoth).toHaveLength(5);

      // Leaving the team, then the team going, take its grants away from the member.
      expect(await store.removeTeamMember(team, ada.id)).toBe(true);
      expect((await store.listGrantsOfMember(organization.id, ada.id)).map((grant) => grant.via)).toEqual(['user']);
      expect(await store.deleteTeam(team)).toBe(true);
      expect(await store.listGrantsOfMember(organization.id, bob.id)).toEqual([]);
      expect((await store.listTeamContentPermissions(onSpace)).count).toBe(0);
      expect(await store.removeTeamContentPermission(onSpace, team)).toBe(false);
    });

    it('drops a member’s grants when the membership goes', async () => {
      const { organization, ada, onSpace } = await world();
      await store.putUserContentPermission(onSpace, ada.id, 'read');
      await store.removeMember(organization.id, ada.id);
      expect((await store.listUserContentPermissions(onSpace)).count).toBe(0);
    });

    it('removes the grants of given contents, and those of spaces purged for good', async () => {
      const { organization, ada, onSpace, onCollection } = await world();
      const team = (await store.createTeam({ organizationId: organization.id, title: 'Team' })).id;
      await store.putUserContentPermission(onSpace, ada.id, 'read');
      await store.putTeamContentPermission(onSpace, team, 'read');
      await store.putUserContentPermission(onCollection, ada.id, 'read');
      await store.removeContentPermissions([{ kind: 'collection', id: onCollection.id }]);
      expect((await store.listGrantsOfMember(organization.id, ada.id)).map((grant) => grant.kind)).toEqual(['space']);

      expect(await store.removeGrantsOfPurgedSpaces()).toBe(0);
      await store.deleteSpace(onSpace.id);
      clock.advance(8 * 24 * 60 * 60 * 1000);
      expect(await store.removeGrantsOfPurgedSpaces()).toBe(0); // deleted, not yet purged
      expect(await store.purgeDeletedSpaces()).toBeGreaterThanOrEqual(1);
      expect(await store.removeGrantsOfPurgedSpaces()).toBe(2);
      expect(await store.listGrantsOfMember(organization.id, ada.id)).toEqual([]);
    });
  });
}
