// A property test of the teams use cases against a model: random sequences of team and membership changes on a
// SQLite store, each followed by a check that what the service answers is what the model holds.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError, type ErrorCode } from '../../errors/index.ts';
import type { Store, TeamRole, UserRecord } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { mintApiToken } from '../tokens/mint-api-token.ts';
import type { ServiceContext } from '../service-context.ts';
import { addTeamMember, createTeam, deleteTeam, getTeam, listMemberTeams, listTeamMembers, listTeams, removeTeamMember, updateTeamMembers } from './teams.ts';
import { openTestStore } from '../test-store.fixture.ts';

/** Users 0 to 2 start as members of the organization, user 3 does not. */
const userCount = 4;
const initialMembers = [0, 1, 2];

/** A user as a request names it: by id or by e-mail address. */
const userName = fc.record({ user: fc.nat({ max: userCount - 1 }), byEmail: fc.boolean() });
const teamRole = fc.constantFrom<TeamRole>('owner', 'member');
const teamIndex = fc.nat({ max: 5 });

const step = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), members: fc.uniqueArray(fc.nat({ max: userCount - 1 }), { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('add' as const), team: teamIndex, user: fc.nat({ max: userCount - 1 }), role: fc.option(teamRole, { nil: undefined }) }),
  fc.record({
    kind: fc.constant('bulk' as const),
    team: teamIndex,
    add: fc.array(userName, { maxLength: 3 }),
    remove: fc.array(userName, { maxLength: 3 }),
    memberships: fc.array(fc.record({ name: userName, role: teamRole }), { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), team: teamIndex, user: fc.nat({ max: userCount - 1 }) }),
  fc.record({ kind: fc.constant('leave-organization' as const), user: fc.nat({ max: userCount - 1 }) }),
  fc.record({ kind: fc.constant('join-organization' as const), user: fc.nat({ max: userCount - 1 }) }),
  fc.record({ kind: fc.constant('delete' as const), team: teamIndex }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** What the teams should be: every team created (deleted ones stay, marked), and who belongs to the organization. */
interface Model {
  teams: { id: string; deleted: boolean; members: Map<string, TeamRole> }[];
  organizationMembers: Set<string>;
}

/** One run's organization, its admin, the pool of users and the model. */
interface World {
  organizationId: string;
  admin: Actor;
  users: UserRecord[];
  model: Model;
}

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    for (const code of ['NOT_FOUND', 'INVALID_ARGUMENT', 'PERMISSION_DENIED'] as const) if (isQuireError(error, code)) return code;
    throw error;
  }
}

describe('teams against a model (fast-check)', () => {
  let store: Store;
  let dispose: () => Promise<void>;
  let ctx: ServiceContext;
  let runs = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore());
    ctx = { store, clock: () => new Date(), baseUrl: 'http://quire.test' };
  });
  afterAll(async () => {
    await dispose();
  });

  /** A new organization with its admin and the users of the pool, so each run starts clean. */
  async function world(): Promise<World> {
    runs += 1;
    const organization = await store.createOrganization({ title: `Run ${runs}` });
    const minted = await mintApiToken(store, { user: `admin-${runs}@example.com`, organization: organization.id, role: 'admin' });
    const admin: Actor = { user: minted.user, token: minted.record };
    const users: UserRecord[] = [];
    for (let index = 0; index < userCount; index++) users.push(await store.createUser({ displayName: `U${index}`, email: `u${index}-${runs}@example.com` }));
    for (const index of initialMembers) await store.putMember(organization.id, users[index]!.id, { role: 'edit' });
    const model: Model = { teams: [], organizationMembers: new Set(initialMembers.map((index) => users[index]!.id)) };
    return { organizationId: organization.id, admin, users, model };
  }

  async function apply(current: World, action: Step): Promise<void> {
    const { organizationId, admin, users, model } = current;
    const nameOf = (name: { user: number; byEmail: boolean }) => (name.byEmail ? users[name.user]!.email! : users[name.user]!.id);
    const team = 'team' in action ? model.teams[action.team % Math.max(model.teams.length, 1)] : undefined;
    const teamId = team?.id ?? 'no-such-team';
    const live = team !== undefined && !team.deleted;
    switch (action.kind) {
      case 'create': {
        const members = action.members.map((index) => users[index]!.id);
        const valid = members.every((id) => model.organizationMembers.has(id));
        let created: string | undefined;
        const code = await codeOf(createTeam(ctx, admin, organizationId, { title: `Team ${model.teams.length}`, members }).then((published) => (created = published.id)));
        expect(code).toBe(valid ? 'ok' : 'INVALID_ARGUMENT');
        if (created !== undefined) model.teams.push({ id: created, deleted: false, members: new Map(members.map((id) => [id, 'member'])) });
        return;
      }
      case 'add': {
        const userId = users[action.user]!.id;
        const code = await codeOf(addTeamMember(ctx, admin, organizationId, teamId, userId, action.role));
        expect(code).toBe(live && model.organizationMembers.has(userId) ? 'ok' : 'NOT_FOUND');
        if (code === 'ok') team!.members.set(userId, action.role ?? team!.members.get(userId) ?? 'member');
        return;
      }
      case 'bulk': {
        const memberships: Record<string, { role: TeamRole }> = Object.fromEntries(action.memberships.map(({ name, role }) => [nameOf(name), { role }]));
        const body = { add: action.add.map(nameOf), remove: action.remove.map(nameOf), memberships };
        const idOf = (name: string) => users.find((user) => user.id === name || user.email === name)!.id;
        const wanted = [...body.add, ...Object.keys(memberships)].map(idOf);
        const code = await codeOf(updateTeamMembers(ctx, admin, organizationId, teamId, body));
        expect(code).toBe(!live ? 'NOT_FOUND' : wanted.every((id) => model.organizationMembers.has(id)) ? 'ok' : 'INVALID_ARGUMENT');
        if (code !== 'ok') return;
        // The published rule: a user both added (or given a membership) and removed is removed.
        const removed = new Set(body.remove.map(idOf));
        const roles = new Map(Object.entries(memberships).map(([name, membership]) => [idOf(name), membership.role]));
        for (const id of wanted) if (!removed.has(id)) team!.members.set(id, roles.get(id) ?? team!.members.get(id) ?? 'member');
        for (const id of removed) team!.members.delete(id);
        return;
      }
      case 'remove': {
        const userId = users[action.user]!.id;
        const outcome = await removeTeamMember(ctx, admin, organizationId, teamId, userId).catch((error: unknown) => (isQuireError(error, 'NOT_FOUND') ? 'not found' : Promise.reject(error)));
        expect(outcome).toBe(!live ? 'not found' : team!.members.has(userId) ? 'deleted' : 'absent');
        team?.members.delete(userId);
        return;
      }
      case 'leave-organization': {
        const userId = users[action.user]!.id;
        expect(await store.removeMember(organizationId, userId)).toBe(model.organizationMembers.has(userId));
        model.organizationMembers.delete(userId);
        for (const each of model.teams) each.members.delete(userId);
        return;
      }
      case 'join-organization': {
        const userId = users[action.user]!.id;
        await store.putMember(organizationId, userId, { role: 'read' });
        model.organizationMembers.add(userId);
        return;
      }
      case 'delete': {
        expect(await deleteTeam(ctx, admin, organizationId, teamId)).toBe(live ? 'deleted' : 'absent');
        if (team !== undefined) team.deleted = true;
        return;
      }
    }
  }

  async function check(current: World): Promise<void> {
    const { organizationId, admin, users, model } = current;
    const liveTeams = model.teams.filter((team) => !team.deleted);
    const listed = await listTeams(ctx, admin, organizationId, {}, { limit: 1000 });
    expect(listed.items.map((team) => team.id).sort()).toEqual(liveTeams.map((team) => team.id).sort());
    expect(listed.count).toBe(liveTeams.length);
    for (const team of model.teams) {
      if (team.deleted) {
        expect(await codeOf(getTeam(ctx, admin, organizationId, team.id))).toBe('NOT_FOUND');
        continue;
      }
      const members = await listTeamMembers(ctx, admin, organizationId, team.id, { limit: 1000 });
      const roles = members.items.map((member) => [member.organization.id, member.team.role] as const);
      // One role per (team, user), every team member a member of the organization, exactly the model's.
      expect(new Set(roles.map(([id]) => id)).size).toBe(roles.length);
      expect(roles.every(([id]) => model.organizationMembers.has(id))).toBe(true);
      expect(new Map(roles)).toEqual(team.members);
      expect(members.count).toBe(team.members.size);
      expect((await getTeam(ctx, admin, organizationId, team.id)).members).toBe(team.members.size);
      for (const member of members.items) {
        expect(member.organization.teams).toBe(liveTeams.filter((each) => each.members.has(member.organization.id)).length);
      }
    }
    for (const user of users) {
      const teams = await codeOf(listMemberTeams(ctx, admin, organizationId, user.id, {}, { limit: 1000 }));
      if (!model.organizationMembers.has(user.id)) {
        expect(teams).toBe('NOT_FOUND');
        continue;
      }
      const mine = await listMemberTeams(ctx, admin, organizationId, user.id, {}, { limit: 1000 });
      const expected = new Map(liveTeams.flatMap((team) => (team.members.has(user.id) ? [[team.id, team.members.get(user.id)!] as const] : [])));
      expect(new Map(mine.items.map((item) => [item.team.id, item.member.role]))).toEqual(expected);
      expect(mine.count).toBe(expected.size);
    }
  }

  it('keeps teams, their members and the lists in step with the model after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        const current = await world();
        for (const action of steps) {
          await apply(current, action);
          await check(current);
        }
      }),
      { numRuns: 60 },
    );
  });
});
