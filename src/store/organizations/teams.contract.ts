// The teams part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it. teams.test.ts
// runs it against each, with the same harness as store.contract.ts.
import { describe, expect, it } from 'vitest';
import { isQuireError, type ErrorCode } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness } from '../store.contract.ts';

async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isQuireError(error, code), `expected ${code}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`).toBe(true);
}

/**
 * Defines the teams contract tests for one Store implementation.
 *
 * @example
 * describeTeamStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeTeamStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: teams (${name})`, () => {
    let store: Store;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store } = opened));

    /** An organization with members `names` (role `edit`) and one outsider. */
    async function world(names: readonly string[]) {
      const org = await store.createOrganization({ title: 'Acme' });
      const users = [];
      for (const displayName of names) {
        const user = await store.createUser({ displayName, email: `${displayName.toLowerCase()}-${Math.random()}@example.com` });
        await store.putMember(org.id, user.id, { role: 'edit' });
        users.push(user);
      }
      const outsider = await store.createUser({ displayName: 'Outsider' });
      return { org, users, outsider };
    }

    it('creates a team with its first members, gets, renames, lists and deletes it', async () => {
      const { org, users } = await world(['Ada', 'Bob']);
      const [ada, bob] = users;
      const team = await store.createTeam({ organizationId: org.id, title: 'Writers', members: [{ userId: ada!.id, role: 'owner' }, { userId: bob!.id }] });
      expect(team).toMatchObject({ organizationId: org.id, title: 'Writers', members: 2, spaces: 0 });
      expect(await store.getTeam(team.id)).toEqual(team);
      expect(await store.getTeamRole(team.id, ada!.id)).toBe('owner');
      expect(await store.getTeamRole(team.id, bob!.id)).toBe('member');

      const renamed = await store.updateTeam(team.id, { title: 'Équipe Docs' });
      expect(renamed).toMatchObject({ title: 'Équipe Docs', createdAt: team.createdAt, members: 2 });
      expect(renamed.updatedAt > team.updatedAt).toBe(true);

      await store.createTeam({ organizationId: org.id, title: 'Alpha' });
      await store.createTeam({ organizationId: org.id, title: '100%_done' });
      const all = await store.listTeams({ organizationId: org.id });
      expect(all.items.map((item) => item.title)).toEqual(['100%_done', 'Alpha', 'Équipe Docs']);
      expect(all.count).toBe(3);
      // Case-insensitive substrings, the same on both dialects (also beyond ASCII), LIKE's wildcards taken literally.
      expect((await store.listTeams({ organizationId: org.id, title: 'ÉQUIPE' })).items.map((item) => item.id)).toEqual([team.id]);
      expect((await store.listTeams({ organizationId: org.id, title: 'a' })).items.map((item) => item.title)).toEqual(['Alpha']);
      expect((await store.listTeams({ organizationId: org.id, title: '%_' })).items.map((item) => item.title)).toEqual(['100%_done']);
      expect((await store.listTeams({ organizationId: org.id, title: '_' })).count).toBe(1);
      expect((await store.listTeams({ organizationId: org.id, ownedBy: ada!.id })).items.map((item) => item.id)).toEqual([team.id]);
      expect((await store.listTeams({ organizationId: org.id, ownedBy: bob!.id })).count).toBe(0);

      const first = await store.listTeams({ organizationId: org.id }, { limit: 2 });
      const rest = await store.listTeams({ organizationId: org.id }, { limit: 2, page: first.next!.page });
      expect([...first.items, ...rest.items].map((item) => item.title)).toEqual(['100%_done', 'Alpha', 'Équipe Docs']);
      expect(rest.next).toBeUndefined();

      expect(await store.deleteTeam(team.id)).toBe(true);
      expect(await store.deleteTeam(team.id)).toBe(false);
      await expectCode(store.getTeam(team.id), 'NOT_FOUND');
      expect(await store.getTeamRole(team.id, ada!.id)).toBeUndefined();
      expect((await store.listMemberTeams(org.id, ada!.id)).count).toBe(0);
    });

    it('refuses bad titles and members outside the organization, storing nothing', async () => {
      const { org, users, outsider } = await world(['Ada']);
      await expectCode(store.createTeam({ organizationId: org.id, title: '' }), 'INVALID_ARGUMENT');
      await expectCode(store.createTeam({ organizationId: org.id, title: 'x'.repeat(65) }), 'INVALID_ARGUMENT');
      await expectCode(store.createTeam({ organizationId: org.id, title: 'Mixed', members: [{ userId: users[0]!.id }, { userId: outsider.id }] }), 'INVALID_ARGUMENT');
      await expectCode(store.createTeam({ organizationId: 'no-such-org', title: 'Nowhere' }), 'NOT_FOUND');
      expect((await store.listTeams({ organizationId: org.id })).count).toBe(0);
      expect((await store.listMemberTeams(org.id, users[0]!.id)).count).toBe(0);

      const team = await store.createTeam({ organizationId: org.id, title: 'x'.repeat(64) });
      await expectCode(store.updateTeam(team.id, { title: '' }), 'INVALID_ARGUMENT');
      await expectCode(store.updateTeam('no-such-team', { title: 'x' }), 'NOT_FOUND');
      await expectCode(store.putTeamMember(team.id, { userId: outsider.id }), 'INVALID_ARGUMENT');
      await expectCode(store.putTeamMember(team.id, { userId: users[0]!.id, role: 'boss' as never }), 'INVALID_ARGUMENT');
      await expectCode(store.putTeamMember('no-such-team', { userId: users[0]!.id }), 'NOT_FOUND');
      await expectCode(store.updateTeamMembers(team.id, { put: [{ userId: users[0]!.id }, { userId: outsider.id }], remove: [] }), 'INVALID_ARGUMENT');
      expect((await store.getTeam(team.id)).members).toBe(0);
    });

    it('adds, re-roles and removes members; bulk updates remove a user listed on both sides', async () => {
      const { org, users } = await world(['Ada', 'Bob', 'Cy', 'Dee']);
      const [ada, bob, cy, dee] = users;
      const team = await store.createTeam({ organizationId: org.id, title: 'Reviewers' });
      const added = await store.putTeamMember(team.id, { userId: ada!.id });
      expect(added).toMatchObject({ teamId: team.id, role: 'member', member: { organizationId: org.id, role: 'edit', user: { id: ada!.id, displayName: 'Ada' } } });
      expect((await store.putTeamMember(team.id, { userId: ada!.id, role: 'owner' })).role).toBe('owner');
      // No role: the one it has stays, and so does the time it joined.
      const again = await store.putTeamMember(team.id, { userId: ada!.id });
      expect(again).toMatchObject({ role: 'owner', joinedAt: added.joinedAt });

      await store.updateTeamMembers(team.id, { put: [{ userId: bob!.id }, { userId: cy!.id, role: 'owner' }, { userId: dee!.id }], remove: [dee!.id, 'no-such-user'] });
      const members = await store.listTeamMembers(team.id);
      expect(members.items.map((member) => [member.member.user.displayName, member.role])).toEqual([
        ['Ada', 'owner'],
        ['Bob', 'member'],
        ['Cy', 'owner'],
      ]);
      expect((await store.getTeam(team.id)).members).toBe(3);
      const firstPage = await store.listTeamMembers(team.id, { limit: 2 });
      expect(firstPage.count).toBe(3);
      expect((await store.listTeamMembers(team.id, { limit: 2, page: firstPage.next!.page })).items.map((member) => member.member.user.id)).toEqual([cy!.id]);

      expect(await store.removeTeamMember(team.id, bob!.id)).toBe(true);
      expect(await store.removeTeamMember(team.id, bob!.id)).toBe(false);
      await expectCode(store.listTeamMembers('no-such-team'), 'NOT_FOUND');

      const other = await store.createTeam({ organizationId: org.id, title: 'Authors', members: [{ userId: cy!.id }] });
      const cyTeams = await store.listMemberTeams(org.id, cy!.id);
      expect(cyTeams.items.map((item) => [item.team.title, item.role])).toEqual([
        ['Authors', 'member'],
        ['Reviewers', 'owner'],
      ]);
      expect(cyTeams.items[0]!.team).toEqual(await store.getTeam(other.id));
      expect((await store.listMemberTeams(org.id, cy!.id, { title: 'REV' })).items.map((item) => item.team.id)).toEqual([team.id]);
    });

    it('removing a member from the organization removes it from every team of it, and only of it', async () => {
      const { org, users } = await world(['Ada', 'Bob']);
      const [ada, bob] = users;
      const elsewhere = await store.createOrganization({ title: 'Elsewhere' });
      await store.putMember(elsewhere.id, ada!.id, { role: 'read' });
      const one = await store.createTeam({ organizationId: org.id, title: 'One', members: [{ userId: ada!.id, role: 'owner' }, { userId: bob!.id }] });
      const two = await store.createTeam({ organizationId: org.id, title: 'Two', members: [{ userId: ada!.id }] });
      const third = await store.createTeam({ organizationId: elsewhere.id, title: 'Three', members: [{ userId: ada!.id }] });

      expect(await store.removeMember(org.id, ada!.id)).toBe(true);
      expect(await store.getTeamRole(one.id, ada!.id)).toBeUndefined();
      expect(await store.getTeamRole(two.id, ada!.id)).toBeUndefined();
      expect((await store.getTeam(one.id)).members).toBe(1);
      expect((await store.listMemberTeams(org.id, ada!.id)).count).toBe(0);
      expect(await store.getTeamRole(third.id, ada!.id)).toBe('member');
      expect((await store.listTeamMembers(one.id)).items.map((member) => member.member.user.id)).toEqual([bob!.id]);
    });
  });
}
