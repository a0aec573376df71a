// Space and collection permissions (issue 13): the published operations for members and teams, and what grants
// add up to, driven with the official client on both dialects; every response is schema-checked.
import type { GitBookAPI } from '@gitbook/api';
import { expect, it } from 'vitest';
import type { RoleOrGuest } from '../../src/store/index.ts';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

interface Person {
  id: string;
  token: string;
  api: GitBookAPI;
}

async function person(server: ConformanceServer, email: string, role: RoleOrGuest): Promise<Person> {
  const token = await server.tokenFor({ user: email, organization: server.admin.organization.id, role });
  const api = server.client(token);
  const { data } = await api.user.getAuthenticatedUser();
  return { id: data.id, token, api };
}

async function titles<T extends { title: string }>(list: Promise<{ data: { items: T[] } }>): Promise<string[]> {
  return (await list).data.items.map((item) => item.title).sort();
}

describeConformance('content permissions', (server) => {
  it('invites users and teams to a space, lists, updates and removes them (each operation, 204 / 205)', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const ada = await person(server(), 'ada@example.com', null);
    const bob = await person(server(), 'bob@example.com', 'read');
    const writers = (await server().store.createTeam({ organizationId: organizationId, title: 'Writers' })).id;
    await server().store.putTeamMember(writers, { userId: bob.id });
    const { data: space } = await api.orgs.createSpace(organizationId, { title: 'Handbook' });

    const invited = await api.spaces.inviteToSpace(space.id, { role: 'edit' as never, users: [ada.id], teams: [writers] });
    expect(invited.status).toBe(204);
    const users = await api.spaces.listUserPermissionsInSpace(space.id);
    expect(users.data.items).toEqual([{ permission: 'edit', user: expect.objectContaining({ object: 'user', id: ada.id }) }]);
    const teams = await api.spaces.listTeamPermissionsInSpace(space.id);
    expect(teams.data.items).toEqual([
      { permission: 'edit', team: expect.objectContaining({ object: 'team', id: writers, title: 'Writers', members: 1, spaces: 1, permissions: { admin: true, view: true } }) },
    ]);

    expect((await api.spaces.updateUserPermissionInSpace(space.id, ada.id, { role: 'comment' as never })).status).toBe(204);
    expect((await api.spaces.updateTeamPermissionInSpace(space.id, writers, { role: 'review' as never })).status).toBe(204);
    expect((await api.spaces.listUserPermissionsInSpace(space.id)).data.items[0]?.permission).toBe('comment');
    expect((await api.spaces.listTeamPermissionsInSpace(space.id)).data.items[0]?.permission).toBe('review');
    // Someone without a grant on it: 404.
    const carol = await person(server(), 'carol@example.com', 'read');
    expect(await statusOf(api.spaces.updateUserPermissionInSpace(space.id, carol.id, { role: 'read' as never }))).toBe(404);

    // Everyone who reaches it: the admin (admin), Bob by the team (review beats his read role), Ada (comment),
    // Carol by the default level (her read role).
    const aggregate = await api.spaces.listPermissionsAggregateInSpace(space.id);
    const levels = Object.fromEntries(aggregate.data.items.map((item) => [item.user.id, item.permission]));
    expect(levels).toEqual({ [server().admin.user.id]: 'admin', [bob.id]: 'review', [ada.id]: 'comment', [carol.id]: 'read' });
    expect(aggregate.data.count).toBe(4);
    const reviewers = await api.spaces.listPermissionsAggregateInSpace(space.id, { role: 'review' as never });
    expect(reviewers.data.items.map((item) => item.user.id)).toEqual([bob.id]);
    const first = await api.spaces.listPermissionsAggregateInSpace(space.id, { limit: 3 });
    expect(first.data.items).toHaveLength(3);
    const rest = await api.spaces.listPermissionsAggregateInSpace(space.id, { limit: 3, page: first.data.next!.page });
    expect([...first.data.items, ...rest.data.items].map((item) => item.user.id).sort()).toEqual(Object.keys(levels).sort());
    expect(rest.data.next).toBeUndefined();

    expect((await api.spaces.removeUserFromSpace(space.id, ada.id)).status).toBe(205);
    expect((await api.spaces.removeUserFromSpace(space.id, ada.id)).status).toBe(204);
    expect((await api.spaces.removeTeamFromSpace(space.id, writers)).status).toBe(205);
    expect((await api.spaces.removeTeamFromSpace(space.id, writers)).status).toBe(204);
    expect((await api.spaces.listUserPermissionsInSpace(space.id)).data.items).toEqual([]);
    expect((await api.spaces.listTeamPermissionsInSpace(space.id)).data.count).toBe(0);
    expect(await statusOf(ada.api.spaces.getSpaceById(space.id))).toBe(404);
  });

  it('does the same on a collection, and a grant there reaches the spaces inside it', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const dan = await person(server(), 'dan@example.com', null);
    const { data: guides } = await api.orgs.createCollection(organizationId, { title: 'Guides' });
    const { data: inner } = await api.orgs.createCollection(organizationId, { title: 'Inner', parent: guides.id });
    const { data: deep } = await api.orgs.createSpace(organizationId, { title: 'Deep', parent: inner.id });
    await api.orgs.createSpace(organizationId, { title: 'Elsewhere' });
    const team = (await server().store.createTeam({ organizationId: organizationId, title: 'Readers' })).id;

    expect((await api.collections.inviteToCollection(guides.id, { role: 'read' as never, users: [dan.id], teams: [team] })).status).toBe(204);
    expect((await api.collections.listUserPermissionsInCollection(guides.id)).data.items.map((item) => [item.user.id, item.permission])).toEqual([[dan.id, 'read']]);
    expect((await api.collections.listTeamPermissionsInCollection(guides.id)).data.items.map((item) => [item.team.id, item.permission])).toEqual([[team, 'read']]);
    expect((await api.collections.updateUserPermissionInCollection(guides.id, dan.id, { role: 'edit' as never })).status).toBe(204);
    expect((await api.collections.updateTeamPermissionInCollection(guides.id, team, { role: 'comment' as never })).status).toBe(204);

    // Inherited two levels down, and nothing outside the collection.
    const seen = await dan.api.spaces.getSpaceById(deep.id);
    expect(seen.data.permissions).toMatchObject({ view: true, edit: true, admin: false });
    expect(await titles(dan.api.orgs.listSpacesInOrganizationById(organizationId))).toEqual(['Deep']);
    expect((await dan.api.collections.getCollectionById(inner.id)).data.permissions).toMatchObject({ view: true, admin: false, create: false });
    const onSpace = await api.spaces.listPermissionsAggregateInSpace(deep.id);
    expect(onSpace.data.items.find((item) => item.user.id === dan.id)?.permission).toBe('edit');
    const onCollection = await api.collections.listPermissionsAggregateInCollection(guides.id, { role: 'edit' as never });
    expect(onCollection.data.items.map((item) => item.user.id)).toEqual([dan.id]);

    expect((await api.collections.removeUserFromCollection(guides.id, dan.id)).status).toBe(205);
    expect((await api.collections.removeUserFromCollection(guides.id, dan.id)).status).toBe(204);
    expect((await api.collections.removeTeamFromCollection(guides.id, team)).status).toBe(205);
    expect((await api.collections.removeTeamFromCollection(guides.id, team)).status).toBe(204);
    expect(await statusOf(dan.api.spaces.getSpaceById(deep.id))).toBe(404);
  });

  it('a guest with a grant on one space sees that space and nothing else', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const guest = await person(server(), 'guest@example.com', null);
    const { data: shelf } = await api.orgs.createCollection(organizationId, { title: 'Shelf' });
    const { data: granted } = await api.orgs.createSpace(organizationId, { title: 'Granted', parent: shelf.id });
    const { data: sibling } = await api.orgs.createSpace(organizationId, { title: 'Sibling', parent: shelf.id });
    const { data: top } = await api.orgs.createSpace(organizationId, { title: 'Top' });
    await api.spaces.updateSpaceById(top.id, { defaultLevel: 'admin' as never });
    expect(await titles(guest.api.orgs.listSpacesInOrganizationById(organizationId))).toEqual([]);

    await api.spaces.inviteToSpace(granted.id, { role: 'read' as never, users: [guest.id] });
    expect(await titles(guest.api.orgs.listSpacesInOrganizationById(organizationId))).toEqual(['Granted']);
    expect((await guest.api.spaces.getSpaceById(granted.id)).data.permissions).toMatchObject({ view: true, comment: false, edit: false, admin: false });
    expect(await statusOf(guest.api.spaces.getSpaceById(sibling.id))).toBe(404);
    expect(await statusOf(guest.api.spaces.getSpaceById(top.id))).toBe(404); // a default level is for members, not guests
    expect(await statusOf(guest.api.collections.getCollectionById(shelf.id))).toBe(404);
    expect((await guest.api.orgs.listCollectionsInOrganizationById(organizationId)).data.items).toEqual([]);
    // What permissions says is what the API lets it do.
    expect(await statusOf(guest.api.spaces.createChangeRequest(granted.id, { subject: 'Try' }))).toBe(403);
    expect(await statusOf(guest.api.spaces.updateSpaceById(granted.id, { title: 'Mine' }))).toBe(403);
    // ...and managing permissions needs admin on the content: 403 once seen, 404 when not.
    expect(await statusOf(guest.api.spaces.inviteToSpace(granted.id, { role: 'admin' as never, users: [guest.id] }))).toBe(403);
    expect(await statusOf(guest.api.spaces.removeUserFromSpace(sibling.id, guest.id))).toBe(404);
    expect((await guest.api.spaces.listUserPermissionsInSpace(granted.id)).data.count).toBe(1);

    await api.spaces.updateUserPermissionInSpace(granted.id, guest.id, { role: 'admin' as never });
    const asAdmin = await guest.api.spaces.getSpaceById(granted.id);
    expect(asAdmin.data.permissions).toMatchObject({ view: true, edit: true, admin: true });
    expect((await guest.api.spaces.updateSpaceById(granted.id, { title: 'Mine' })).data.title).toBe('Mine');
    expect((await guest.api.spaces.createChangeRequest(granted.id, { subject: 'Try' })).status).toBe(201);
  });

  it('a team grant on a collection gives its spaces; removing the member or the team takes them away', async () => {
    const api = server().client();
    const store = server().store;
    const organizationId = server().admin.organization.id;
    const eve = await person(server(), 'eve@example.com', null);
    const { data: docs } = await api.orgs.createCollection(organizationId, { title: 'Team docs' });
    const { data: one } = await api.orgs.createSpace(organizationId, { title: 'One', parent: docs.id });
    const { data: two } = await api.orgs.createSpace(organizationId, { title: 'Two', parent: docs.id });
    const team = (await store.createTeam({ organizationId: organizationId, title: 'Editors' })).id;
    await store.putTeamMember(team, { userId: eve.id });
    await api.collections.inviteToCollection(docs.id, { role: 'edit' as never, teams: [team] });

    expect(await titles(eve.api.collections.listSpacesInCollectionById(docs.id))).toEqual(['One', 'Two']);
    expect((await eve.api.spaces.getSpaceById(two.id)).data.permissions).toMatchObject({ edit: true, merge: true, admin: false });
    expect((await eve.api.spaces.createChangeRequest(one.id, { subject: 'Edit' })).status).toBe(201);

    await store.removeTeamMember(team, eve.id);
    expect(await statusOf(eve.api.spaces.getSpaceById(one.id))).toBe(404);
    await store.putTeamMember(team, { userId: eve.id });
    expect((await eve.api.spaces.getSpaceById(one.id)).status).toBe(200);
    await store.deleteTeam(team);
    expect(await statusOf(eve.api.spaces.getSpaceById(one.id))).toBe(404);
    expect((await api.collections.listTeamPermissionsInCollection(docs.id)).data.items).toEqual([]);
  });

  it('a grant adds to a member’s default level, never lowers it', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const fay = await person(server(), 'fay@example.com', 'edit');
    const { data: space } = await api.orgs.createSpace(organizationId, { title: 'Levels' });
    await api.spaces.inviteToSpace(space.id, { role: 'read' as never, users: [fay.id] });
    expect((await fay.api.spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ edit: true, admin: false });
    await api.spaces.updateSpaceById(space.id, { defaultLevel: null as never });
    expect((await fay.api.spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ view: true, edit: false });
    // An editor who is not admin there may not manage permissions.
    expect(await statusOf(fay.api.spaces.inviteToSpace(space.id, { role: 'admin' as never, users: [fay.id] }))).toBe(403);
  });

  it('lists the spaces a member can access, with the permission that gives it (listSpacesForOrganizationMember)', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const gil = await person(server(), 'gil@example.com', null);
    const hal = await person(server(), 'hal@example.com', 'read');
    const made: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const { data } = await api.orgs.createSpace(organizationId, { title });
      made.push(data.id);
    }
    await api.spaces.inviteToSpace(made[0]!, { role: 'comment' as never, users: [gil.id] });
    await api.spaces.inviteToSpace(made[2]!, { role: 'admin' as never, users: [gil.id] });

    const newest = await api.orgs.listSpacesForOrganizationMember(organizationId, gil.id);
    expect(newest.data.items.map((item) => [item.space.title, item.permission])).toEqual([
      ['Third', 'admin'],
      ['First', 'comment'],
    ]);
    expect(newest.data.items[0]?.space.permissions.admin).toBe(true); // the caller's own permissions
    const oldest = await api.orgs.listSpacesForOrganizationMember(organizationId, gil.id, { order: 'asc', limit: 1 });
    expect(oldest.data.items.map((item) => item.space.title)).toEqual(['First']);
    expect(oldest.data.count).toBe(2);
    const next = await api.orgs.listSpacesForOrganizationMember(organizationId, gil.id, { order: 'asc', limit: 1, page: oldest.data.next!.page });
    expect(next.data.items.map((item) => item.space.title)).toEqual(['Third']);
    expect(next.data.next).toBeUndefined();

    // The guest itself may ask; it sees its own; another member's list needs a role; strangers are 404.
    expect((await gil.api.orgs.listSpacesForOrganizationMember(organizationId, gil.id)).data.count).toBe(2);
    expect(await statusOf(gil.api.orgs.listSpacesForOrganizationMember(organizationId, hal.id))).toBe(403);
    expect((await hal.api.orgs.listSpacesForOrganizationMember(organizationId, gil.id)).data.items.map((item) => item.space.title)).toEqual(['Third', 'First']);
    expect(await statusOf(api.orgs.listSpacesForOrganizationMember(organizationId, 'not-a-member'))).toBe(404);
  });

  it('answers 400 naming the field for bad input, and stores nothing', async () => {
    const api = server().client();
    const store = server().store;
    const organizationId = server().admin.organization.id;
    const ivy = await person(server(), 'ivy@example.com', null);
    const other = await store.createOrganization({ title: 'Other' });
    const foreignTeam = (await store.createTeam({ organizationId: other.id, title: 'Theirs' })).id;
    const stranger = await store.createUser({ displayName: 'Stranger' });
    const { data: space } = await api.orgs.createSpace(organizationId, { title: 'Guarded' });
    const { data: collection } = await api.orgs.createCollection(organizationId, { title: 'Guarded' });
    const cases: [unknown, string][] = [
      [{ role: 'owner', users: [ivy.id] }, 'role'],
      [{ role: null, users: [ivy.id] }, 'role'],
      [{ users: [ivy.id] }, 'role'],
      [{ role: 'read' }, 'users'],
      [{ role: 'read', users: [] }, 'users'],
      [{ role: 'read', users: [ivy.id, stranger.id] }, 'users[1]'],
      [{ role: 'read', users: [ivy.id], teams: [foreignTeam] }, 'teams[0]'],
      [{ role: 'read', users: ['bad id!'] }, 'users'],
      [{ role: 'read', users: [ivy.id], extra: true }, 'extra'],
    ];
    for (const path of [`/v1/spaces/${space.id}/permissions`, `/v1/collections/${collection.id}/permissions`]) {
      for (const [body, field] of cases) {
        const response = await server().request('POST', path, { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(((await response.json()) as { error: { message: string } }).error.message).toContain(field);
      }
    }
    const patch = await server().request('PATCH', `/v1/spaces/${space.id}/permissions/users/${ivy.id}`, { body: { role: 'boss' } });
    expect(patch.status).toBe(400);
    const aggregate = await server().request('GET', `/v1/spaces/${space.id}/permissions/aggregate?role=boss`);
    expect(aggregate.status).toBe(400);
    expect((await api.spaces.listUserPermissionsInSpace(space.id)).data.count).toBe(0);
    expect((await api.collections.listUserPermissionsInCollection(collection.id)).data.count).toBe(0);
    expect(await store.listGrantsOfMember(organizationId, ivy.id)).toEqual([]);
  });

  it('a collection deleted for good takes its grants with it; a deleted space keeps them while it can be restored; a transfer drops them', async () => {
    const api = server().client();
    const store = server().store;
    const organizationId = server().admin.organization.id;
    const jo = await person(server(), 'jo@example.com', null);
    const { data: box } = await api.orgs.createCollection(organizationId, { title: 'Box' });
    await api.collections.inviteToCollection(box.id, { role: 'read' as never, users: [jo.id] });
    expect(await store.listGrantsOfMember(organizationId, jo.id)).toHaveLength(1);
    expect((await api.collections.deleteCollectionById(box.id)).status).toBe(205);
    expect(await store.listGrantsOfMember(organizationId, jo.id)).toEqual([]);

    // A deleted space keeps its grants while it can be restored.
    const { data: space } = await api.orgs.createSpace(organizationId, { title: 'Bin' });
    await api.spaces.inviteToSpace(space.id, { role: 'read' as never, users: [jo.id] });
    await api.spaces.deleteSpaceById(space.id);
    expect(await store.listGrantsOfMember(organizationId, jo.id)).toHaveLength(1);
    await api.spaces.restoreSpace(space.id);
    expect((await jo.api.spaces.getSpaceById(space.id)).status).toBe(200);

    // Grants are for members and teams of one organization: a transfer leaves them behind.
    const target = await store.createOrganization({ title: 'Elsewhere' });
    await store.putMember(target.id, server().admin.user.id, { role: 'admin' });
    expect((await server().request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: target.id } })).status).toBe(200);
    const { data: crate } = await api.orgs.createCollection(organizationId, { title: 'Crate' });
    await api.collections.inviteToCollection(crate.id, { role: 'read' as never, users: [jo.id] });
    await api.collections.transferCollection(crate.id, { organization: target.id });
    expect(await store.listGrantsOfMember(organizationId, jo.id)).toEqual([]);
    expect((await api.spaces.listUserPermissionsInSpace(space.id)).data.count).toBe(0);
    expect((await api.collections.listUserPermissionsInCollection(crate.id)).data.count).toBe(0);
  });

  it('checked what it used', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'inviteToSpace',
        'listUserPermissionsInSpace',
        'updateUserPermissionInSpace',
        'removeUserFromSpace',
        'listTeamPermissionsInSpace',
        'updateTeamPermissionInSpace',
        'removeTeamFromSpace',
        'listPermissionsAggregateInSpace',
        'inviteToCollection',
        'listUserPermissionsInCollection',
        'updateUserPermissionInCollection',
        'removeUserFromCollection',
        'listTeamPermissionsInCollection',
        'updateTeamPermissionInCollection',
        'removeTeamFromCollection',
        'listPermissionsAggregateInCollection',
        'listSpacesForOrganizationMember',
      ]),
    );
  });
});
