// Teams (the seed's nine rows, and a member's teams), driven with the official client; every response is
// schema-checked. Raw requests only for bad input.
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** A user of the admin's organization with `role` (null: a guest), its token and id. */
async function person(server: ConformanceServer, name: string, role: 'admin' | 'edit' | 'read' | null) {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const token = await server.tokenFor({ user: email, organization: server.admin.organization.id, role });
  const user = await server.store.findUserByEmail(email);
  return { email, token, id: user!.id, api: server.client(token) };
}

async function errorOf(response: Response): Promise<{ code: number; message: string }> {
  return ((await response.json()) as { error: { code: number; message: string } }).error;
}

describeConformance('teams', (server) => {
  it('creates a team (201) with first members, gets, renames, lists with filters and deletes it (205, then 204)', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const ada = await person(server(), 'ada', 'edit');
    const created = await api.orgs.createOrganizationTeam(org, { title: 'Writers', members: [ada.id] });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'team', title: 'Writers', members: 1, spaces: 0, permissions: { admin: true, view: true } });
    const team = created.data;
    expect((await api.orgs.getTeamInOrganizationById(org, team.id)).data).toEqual(team);

    const renamed = await api.orgs.updateTeamInOrganizationById(org, team.id, { title: 'Technical Writers' });
    expect(renamed.data).toMatchObject({ id: team.id, title: 'Technical Writers', createdAt: team.createdAt, members: 1 });
    await api.orgs.createOrganizationTeam(org, { title: 'Support' });

    const all = await api.orgs.listTeamsInOrganizationById(org);
    expect(all.data.items.map((item) => item.title)).toEqual(expect.arrayContaining(['Support', 'Technical Writers']));
    const filtered = await api.orgs.listTeamsInOrganizationById(org, { title: 'WRITER' });
    expect(filtered.data.items.map((item) => item.id)).toEqual([team.id]);
    expect(filtered.data.count).toBe(1);
    const paged = await api.orgs.listTeamsInOrganizationById(org, { limit: 1 });
    expect(paged.data.items).toHaveLength(1);
    expect(paged.data.next?.page).toBeDefined();

    expect((await api.orgs.removeTeamFromOrganizationById(org, team.id)).status).toBe(205);
    expect((await api.orgs.removeTeamFromOrganizationById(org, team.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getTeamInOrganizationById(org, team.id))).toBe(404);
    expect((await api.orgs.listTeamsForOrganizationMember(org, ada.id)).data.count).toBe(0);
  });

  it('adds, re-roles and removes members one by one (204, 205 / 204) and lists them as OrganizationTeamMember', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const [ada, bob] = [await person(server(), 'ada', 'edit'), await person(server(), 'bob', 'read')];
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: 'Reviewers' });

    expect((await api.orgs.addMemberToOrganizationTeamById(org, team.id, ada.id, { role: 'owner' as never })).status).toBe(204);
    expect((await api.orgs.addMemberToOrganizationTeamById(org, team.id, bob.id, {})).status).toBe(204);
    // Without a role, an existing member keeps the one it has.
    await api.orgs.addMemberToOrganizationTeamById(org, team.id, ada.id, {});
    const members = await api.orgs.listTeamMembersInOrganizationById(org, team.id);
    expect(members.data.count).toBe(2);
    expect(members.data.items.map((item) => [item.organization.user.id, item.organization.role, item.team.role])).toEqual([
      [ada.id, 'edit', 'owner'],
      [bob.id, 'read', 'member'],
    ]);
    expect(members.data.items[0]).toMatchObject({ organization: { object: 'member', id: ada.id, teams: 1, sites: 0 }, permissions: { view: true } });

    await api.orgs.addMemberToOrganizationTeamById(org, team.id, bob.id, { role: 'owner' as never });
    expect((await api.orgs.listTeamsForOrganizationMember(org, bob.id)).data.items).toEqual([{ team: expect.objectContaining({ id: team.id, members: 2 }), member: { role: 'owner' } }]);

    expect((await api.orgs.deleteMemberFromOrganizationTeamById(org, team.id, bob.id)).status).toBe(205);
    expect((await api.orgs.deleteMemberFromOrganizationTeamById(org, team.id, bob.id)).status).toBe(204);
    expect((await api.orgs.getTeamInOrganizationById(org, team.id)).data.members).toBe(1);

    const outsider = await server().store.createUser({ displayName: 'Outsider' });
    expect(await statusOf(api.orgs.addMemberToOrganizationTeamById(org, team.id, outsider.id, {}))).toBe(404);
    expect(await statusOf(api.orgs.addMemberToOrganizationTeamById(org, 'no-such-team', ada.id, {}))).toBe(404);
    expect(await statusOf(api.orgs.listTeamMembersInOrganizationById(org, 'no-such-team'))).toBe(404);
  });

  it('updates members in bulk by id or e-mail; a user both added and removed is removed (204)', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const [ada, bob, cy, dee] = [await person(server(), 'ada', 'edit'), await person(server(), 'bob', 'edit'), await person(server(), 'cy', 'read'), await person(server(), 'dee', 'read')];
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: 'Bulk', members: [dee.id] });

    const update = await api.orgs.updateMembersInOrganizationTeam(org, team.id, {
      add: [ada.email, bob.id, cy.id],
      memberships: { [bob.email]: { role: 'owner' as never }, [dee.id]: { role: 'owner' as never } },
      remove: [cy.email, 'nobody@example.com'],
    });
    expect(update.status).toBe(204);
    const roles = Object.fromEntries((await api.orgs.listTeamMembersInOrganizationById(org, team.id)).data.items.map((item) => [item.organization.id, item.team.role]));
    expect(roles).toEqual({ [ada.id]: 'member', [bob.id]: 'owner', [dee.id]: 'owner' });

    // Named by e-mail on one side and by id on the other: the same user, so removed.
    await api.orgs.updateMembersInOrganizationTeam(org, team.id, { add: [cy.id], remove: [cy.email], memberships: { [ada.id]: { role: 'owner' as never } } });
    await api.orgs.updateMembersInOrganizationTeam(org, team.id, { memberships: { [dee.email]: { role: 'member' as never } }, remove: [dee.id] });
    const after = Object.fromEntries((await api.orgs.listTeamMembersInOrganizationById(org, team.id)).data.items.map((item) => [item.organization.id, item.team.role]));
    expect(after).toEqual({ [ada.id]: 'owner', [bob.id]: 'owner' });
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    const server_ = server();
    const org = server_.admin.organization.id;
    const api = server_.client();
    const ada = await person(server_, 'ada', 'edit');
    const outsider = await server_.store.createUser({ displayName: 'Outsider', email: `outsider-${Math.random()}@example.com` });
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: 'Guarded', members: [ada.id] });
    const before = (await server_.store.listTeams({ organizationId: org }, { limit: 1000 })).count;

    const cases: [string, string, unknown, string][] = [
      ['PUT', `/v1/orgs/${org}/teams`, { title: '' }, 'title'],
      ['PUT', `/v1/orgs/${org}/teams`, { title: 'x'.repeat(65) }, 'title'],
      ['PUT', `/v1/orgs/${org}/teams`, {}, 'title'],
      ['PUT', `/v1/orgs/${org}/teams`, { title: 'Bad\u0000' }, 'title'],
      ['PUT', `/v1/orgs/${org}/teams`, { title: 'Mixed', members: [ada.id, outsider.id] }, 'members'],
      ['PATCH', `/v1/orgs/${org}/teams/${team.id}`, { title: '' }, 'title'],
      ['PATCH', `/v1/orgs/${org}/teams/${team.id}`, {}, 'title'],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members`, { add: [ada.id, outsider.email] }, 'add/1'],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members`, { add: 'not-a-list' }, 'add'],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members`, { memberships: { [ada.id]: { role: 'boss' } } }, 'role'],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members`, { memberships: { [outsider.id]: { role: 'owner' } } }, `memberships/${outsider.id}`],
      ['PUT', `/v1/orgs/${org}/teams/${team.id}/members/${ada.id}`, { role: 'boss' }, 'role'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await server_.request(method, path, { body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await errorOf(response)).message, `${method} ${path} ${JSON.stringify(body)}`).toContain(field);
    }
    const bad = await server_.request('GET', `/v1/orgs/${org}/teams?title=%00`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toContain('title');

    expect((await server_.store.listTeams({ organizationId: org }, { limit: 1000 })).count).toBe(before);
    const members = await api.orgs.listTeamMembersInOrganizationById(org, team.id);
    expect(members.data.items.map((item) => [item.organization.id, item.team.role])).toEqual([[ada.id, 'member']]);
    expect((await api.orgs.getTeamInOrganizationById(org, team.id)).data.title).toBe('Guarded');
  });

  it('lets a team owner manage its team, a member only read it; admins manage every team; guests 403, outsiders 404', async () => {
    const admin = server().client();
    const org = server().admin.organization.id;
    const [owner, member, guest] = [await person(server(), 'owner', 'edit'), await person(server(), 'member', 'read'), await person(server(), 'guest', null)];
    const { data: team } = await admin.orgs.createOrganizationTeam(org, { title: 'Owned' });
    const { data: other } = await admin.orgs.createOrganizationTeam(org, { title: 'Other' });
    await admin.orgs.addMemberToOrganizationTeamById(org, team.id, owner.id, { role: 'owner' as never });
    await admin.orgs.addMemberToOrganizationTeamById(org, team.id, member.id, {});

    // What the permissions say is what the API lets each one do.
    expect((await owner.api.orgs.getTeamInOrganizationById(org, team.id)).data.permissions).toEqual({ admin: true, view: true });
    expect((await owner.api.orgs.getTeamInOrganizationById(org, other.id)).data.permissions).toEqual({ admin: false, view: true });
    expect((await member.api.orgs.getTeamInOrganizationById(org, team.id)).data.permissions).toEqual({ admin: false, view: true });
    const ownerList = await owner.api.orgs.listTeamsInOrganizationById(org);
    expect(ownerList.data.items.find((item) => item.id === team.id)?.permissions.admin).toBe(true);

    await owner.api.orgs.updateMembersInOrganizationTeam(org, team.id, { memberships: { [member.id]: { role: 'owner' as never } } });
    await owner.api.orgs.updateTeamInOrganizationById(org, team.id, { title: 'Owned and renamed' });
    await owner.api.orgs.deleteMemberFromOrganizationTeamById(org, team.id, member.id);
    expect(await statusOf(owner.api.orgs.removeTeamFromOrganizationById(org, team.id))).toBe(403);
    expect(await statusOf(owner.api.orgs.createOrganizationTeam(org, { title: 'Mine' }))).toBe(403);
    expect(await statusOf(owner.api.orgs.addMemberToOrganizationTeamById(org, other.id, owner.id, {}))).toBe(403);

    expect((await member.api.orgs.listTeamMembersInOrganizationById(org, team.id)).data.count).toBe(1);
    expect((await member.api.orgs.listTeamsForOrganizationMember(org, owner.id)).data.items.map((item) => item.team.id)).toEqual([team.id]);
    const denied = await server().request('PATCH', `/v1/orgs/${org}/teams/${team.id}`, { token: member.token, body: { title: 'Nope' } });
    expect(denied.status).toBe(403);
    expect((await errorOf(denied)).message).toMatch(/admin role .* or the owner role in the team/);
    expect(await statusOf(member.api.orgs.addMemberToOrganizationTeamById(org, team.id, member.id, {}))).toBe(403);
    expect(await statusOf(member.api.orgs.updateMembersInOrganizationTeam(org, team.id, { add: [member.id] }))).toBe(403);

    expect(await statusOf(guest.api.orgs.listTeamsInOrganizationById(org))).toBe(403);
    expect(await statusOf(guest.api.orgs.getTeamInOrganizationById(org, team.id))).toBe(403);
    const stranger = await server().store.createOrganization({ title: 'Stranger' });
    expect(await statusOf(admin.orgs.listTeamsInOrganizationById(stranger.id))).toBe(404);
    expect(await statusOf(admin.orgs.getTeamInOrganizationById(stranger.id, team.id))).toBe(404);
    // A team of another organization is not there, even for an admin of both.
    await server().store.putMember(stranger.id, server().admin.user.id, { role: 'admin' });
    expect(await statusOf(admin.orgs.getTeamInOrganizationById(stranger.id, team.id))).toBe(404);
    expect((await admin.orgs.removeTeamFromOrganizationById(stranger.id, team.id)).status).toBe(204);
    expect((await admin.orgs.getTeamInOrganizationById(org, team.id)).data.title).toBe('Owned and renamed');
  });

  it('filters the team list by owner: the teams that member can manage; ownTeam tells whether it owns one', async () => {
    const admin = server().client();
    const org = server().admin.organization.id;
    const owner = await person(server(), 'lead', 'edit');
    expect((await owner.api.orgs.getOrganizationById(org)).data.permissions.ownTeam).toBe(false);
    const { data: led } = await admin.orgs.createOrganizationTeam(org, { title: 'Led team', members: [owner.id] });
    expect((await owner.api.orgs.getOrganizationById(org)).data.permissions.ownTeam).toBe(false);
    await admin.orgs.updateMembersInOrganizationTeam(org, led.id, { memberships: { [owner.id]: { role: 'owner' as never } } });
    expect((await owner.api.orgs.getOrganizationById(org)).data.permissions.ownTeam).toBe(true);
    expect((await owner.api.orgs.listOrganizationsForAuthenticatedUser()).data.items.find((item) => item.id === org)?.permissions.ownTeam).toBe(true);
    const mine = await owner.api.orgs.listTeamsInOrganizationById(org, { owner: owner.id });
    expect(mine.data.items.map((item) => item.id)).toEqual([led.id]);
    const everyTeam = (await admin.orgs.listTeamsInOrganizationById(org, { limit: 1000 })).data.count;
    expect((await admin.orgs.listTeamsInOrganizationById(org, { owner: server().admin.user.id, limit: 1000 })).data.count).toBe(everyTeam);
    expect((await admin.orgs.listTeamsInOrganizationById(org, { owner: 'not-a-member' })).data.count).toBe(0);
  });

  it("lists a member's teams with the title filter; 404 for a user who is not a member", async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const ada = await person(server(), 'ada', 'edit');
    await api.orgs.createOrganizationTeam(org, { title: 'Zeta squad', members: [ada.id] });
    await api.orgs.createOrganizationTeam(org, { title: 'Alpha squad', members: [ada.id] });
    const teams = await api.orgs.listTeamsForOrganizationMember(org, ada.id);
    expect(teams.data.items.map((item) => [item.team.title, item.member.role])).toEqual([
      ['Alpha squad', 'member'],
      ['Zeta squad', 'member'],
    ]);
    expect((await api.orgs.listTeamsForOrganizationMember(org, ada.id, { title: 'ZETA' })).data.items.map((item) => item.team.title)).toEqual(['Zeta squad']);
    const outsider = await server().store.createUser({ displayName: 'Outsider' });
    expect(await statusOf(api.orgs.listTeamsForOrganizationMember(org, outsider.id))).toBe(404);
  });

  it('removing a user from the organization removes them from its teams', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const [ada, bob] = [await person(server(), 'ada', 'edit'), await person(server(), 'bob', 'edit')];
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: 'Leaving', members: [ada.id, bob.id] });
    await api.orgs.addMemberToOrganizationTeamById(org, team.id, ada.id, { role: 'owner' as never });
    expect(await server().store.removeMember(org, ada.id)).toBe(true);
    expect((await api.orgs.getTeamInOrganizationById(org, team.id)).data.members).toBe(1);
    expect((await api.orgs.listTeamMembersInOrganizationById(org, team.id)).data.items.map((item) => item.organization.id)).toEqual([bob.id]);
    expect(await statusOf(api.orgs.listTeamsForOrganizationMember(org, ada.id))).toBe(404);
    expect(await statusOf(ada.api.orgs.getTeamInOrganizationById(org, team.id))).toBe(404);
  });

  it('checked every team operation against the published schemas', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'listTeamsInOrganizationById',
        'createOrganizationTeam',
        'getTeamInOrganizationById',
        'updateTeamInOrganizationById',
        'removeTeamFromOrganizationById',
        'listTeamMembersInOrganizationById',
        'updateMembersInOrganizationTeam',
        'addMemberToOrganizationTeamById',
        'deleteMemberFromOrganizationTeamById',
        'listTeamsForOrganizationMember',
      ]),
    );
  });
});
