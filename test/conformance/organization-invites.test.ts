// Organization invites: by e-mail (join links in the answer) and invite links, and joining with them; driven with
// the official client, every response schema-checked.
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance } from './harness.ts';

interface InviteAnswer {
  users: string[];
  invited: number;
  invites: { id: string; email: string; role: string | null; url: string }[];
}

describeConformance('organization invites', (server) => {
  async function organization(title: string, settings: { inviteLinks?: boolean } = {}) {
    const org = await server().store.createOrganization({ title, ...settings });
    await server().store.putMember(org.id, server().admin.user.id, { role: 'admin' });
    return org;
  }
  /** A user with a token, member of the bootstrap organization only (an outsider of the test's organization). */
  async function outsider(email: string) {
    const token = await server().tokenFor({ user: email, organization: server().admin.organization.id, role: 'read' });
    return { token, user: (await server().store.findUserByEmail(email))! };
  }

  it('invites by e-mail: a pending invite per address whose join link lets that user join once with its role', async () => {
    const api = server().client();
    const org = await organization('Mail');
    const ada = await outsider(`ada-${org.id}@example.com`);
    const answer = await api.orgs.inviteUsersToOrganization(org.id, {
      emails: [`ADA-${org.id}@example.com`, { email: `bob-${org.id}@example.com`, role: null }],
      role: 'edit' as never,
    });
    const data = answer.data as unknown as InviteAnswer;
    expect(data).toMatchObject({ users: [], invited: 2 });
    // Addresses are kept lower-cased; the account keeps its own case and still matches.
    expect(data.invites.map((invite) => [invite.email, invite.role])).toEqual([
      [`ada-${org.id}@example.com`.toLowerCase(), 'edit'],
      [`bob-${org.id}@example.com`.toLowerCase(), null],
    ]);
    const adaInvite = data.invites[0]!;
    expect(adaInvite.url).toBe(`${server().baseUrl}/v1/orgs/${org.id}/invites/${adaInvite.id}`);

    // Someone else cannot use Ada's invite; Ada can, once.
    const eve = await outsider(`eve-${org.id}@example.com`);
    expect(await statusOf(server().client(eve.token).orgs.joinOrganizationWithInvite(org.id, adaInvite.id))).toBe(403);
    expect((await server().client(ada.token).orgs.joinOrganizationWithInvite(org.id, adaInvite.id)).data).toEqual({});
    expect((await api.orgs.getMemberInOrganizationById(org.id, ada.user.id)).data.role).toBe('edit');
    expect(await statusOf(server().client(ada.token).orgs.joinOrganizationWithInvite(org.id, adaInvite.id))).toBe(404);

    // Members are not invited again; inviting an address again keeps one invite with the new role.
    const again = (await api.orgs.inviteUsersToOrganization(org.id, { emails: [ada.user.email!, `bob-${org.id}@example.com`], role: 'read' as never })).data as unknown as InviteAnswer;
    expect(again.invited).toBe(1);
    expect(again.invites[0]).toMatchObject({ id: data.invites[1]!.id, role: 'read' });
  });

  it('makes, reads, changes, lists and deletes invite links (201, 205 / 204); joining needs inviteLinks on', async () => {
    const api = server().client();
    const org = await organization('Links', { inviteLinks: false });
    const created = await api.orgs.createOrganizationInvite(org.id, { role: 'comment' as never });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'invite', role: 'comment', redundant: true });
    const link = created.data;
    expect((await api.orgs.getOrganizationInviteLink(org.id, link.id)).data).toEqual(link);
    expect((await api.orgs.updateOrganizationInviteById(org.id, link.id, { role: 'review' as never })).data).toMatchObject({ id: link.id, role: 'review' as never });
    const { data: guestLink } = await api.orgs.createOrganizationInvite(org.id, { role: null });
    const listed = await api.orgs.listOrganizationInviteLinks(org.id);
    expect(listed.data.items.map((item) => item.id)).toEqual([link.id, guestLink.id]);
    expect(listed.data.count).toBe(2);

    const cy = await outsider(`cy-${org.id}@example.com`);
    const joining = server().client(cy.token);
    const refused = await server().request('POST', `/v1/orgs/${org.id}/invites/${link.id}`, { token: cy.token });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('inviteLinks');
    await api.orgs.updateOrganizationById(org.id, { inviteLinks: true });
    await joining.orgs.joinOrganizationWithInvite(org.id, link.id);
    expect((await api.orgs.getMemberInOrganizationById(org.id, cy.user.id)).data.role).toBe('review');
    // A link is reusable, and never lowers a member's role.
    await joining.orgs.joinOrganizationWithInvite(org.id, guestLink.id);
    expect((await api.orgs.getMemberInOrganizationById(org.id, cy.user.id)).data.role).toBe('review');
    const dee = await outsider(`dee-${org.id}@example.com`);
    await server().client(dee.token).orgs.joinOrganizationWithInvite(org.id, link.id);
    expect((await api.orgs.getMemberInOrganizationById(org.id, dee.user.id)).data.role).toBe('review');

    expect((await api.orgs.deleteOrganizationInviteById(org.id, link.id)).status).toBe(205);
    expect((await api.orgs.deleteOrganizationInviteById(org.id, link.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getOrganizationInviteLink(org.id, link.id))).toBe(404);
    const eve = await outsider(`eve-${org.id}@example.com`);
    expect(await statusOf(server().client(eve.token).orgs.joinOrganizationWithInvite(org.id, link.id))).toBe(404);
  });

  it('lets only admins manage invites (403), and answers 404 to outsiders', async () => {
    const api = server().client();
    const org = await organization('Guarded', { inviteLinks: true });
    const { data: link } = await api.orgs.createOrganizationInvite(org.id, { role: 'read' as never });
    const editor = await server().tokenFor({ user: `editor-${org.id}@example.com`, organization: org.id, role: 'edit' });
    const client = server().client(editor);
    expect(await statusOf(client.orgs.listOrganizationInviteLinks(org.id))).toBe(403);
    expect(await statusOf(client.orgs.createOrganizationInvite(org.id, { role: 'admin' as never }))).toBe(403);
    expect(await statusOf(client.orgs.getOrganizationInviteLink(org.id, link.id))).toBe(403);
    expect(await statusOf(client.orgs.updateOrganizationInviteById(org.id, link.id, { role: 'admin' as never }))).toBe(403);
    expect(await statusOf(client.orgs.deleteOrganizationInviteById(org.id, link.id))).toBe(403);
    expect(await statusOf(client.orgs.inviteUsersToOrganization(org.id, { emails: ['x@example.com'] }))).toBe(403);

    const stranger = server().client((await outsider(`stranger-${org.id}@example.com`)).token);
    expect(await statusOf(stranger.orgs.listOrganizationInviteLinks(org.id))).toBe(404);
    expect(await statusOf(stranger.orgs.inviteUsersToOrganization(org.id, { emails: ['x@example.com'] }))).toBe(404);
    expect(await statusOf(stranger.orgs.joinOrganizationWithInvite(org.id, 'no-such-invite'))).toBe(404);
    // An invite of one organization is unknown in another.
    expect(await statusOf(api.orgs.getOrganizationInviteLink(server().admin.organization.id, link.id))).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const api = server().client();
    const org = await organization('Bad invites');
    const { data: link } = await api.orgs.createOrganizationInvite(org.id, { role: 'read' as never });
    const expect400 = async (method: string, path: string, field: string, body: unknown) => {
      const response = await server().request(method, path, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, JSON.stringify(body)).toContain(field);
    };
    await expect400('POST', `/v1/orgs/${org.id}/invites`, 'emails', {});
    await expect400('POST', `/v1/orgs/${org.id}/invites`, 'emails', { emails: [] });
    await expect400('POST', `/v1/orgs/${org.id}/invites`, 'emails/1', { emails: ['ok@example.com', 'not an address'] });
    await expect400('POST', `/v1/orgs/${org.id}/invites`, 'role', { emails: ['ok@example.com'], role: 'owner' });
    await expect400('POST', `/v1/orgs/${org.id}/invites`, 'sso', { emails: ['ok@example.com'], sso: 'yes' });
    await expect400('POST', `/v1/orgs/${org.id}/link-invites`, 'role', { role: 'owner' });
    await expect400('POST', `/v1/orgs/${org.id}/link-invites`, 'role', {});
    await expect400('POST', `/v1/orgs/${org.id}/link-invites`, 'space', { level: 'read', space: 'sp1' });
    await expect400('POST', `/v1/orgs/${org.id}/link-invites`, 'colour', { role: 'read', colour: 'red' });
    await expect400('PATCH', `/v1/orgs/${org.id}/link-invites/${link.id}`, 'level', { level: 'read' });
    await expect400('PATCH', `/v1/orgs/${org.id}/link-invites/${link.id}`, 'role', { role: 'owner' });
    expect((await api.orgs.listOrganizationInviteLinks(org.id)).data.items).toEqual([link]);
    const pending = await server().request('GET', `/v1/orgs/${org.id}/email-invites`);
    expect(((await pending.json()) as { count: number }).count).toBe(0);
  });

  it('lists pending e-mail invites (Quire extension) and revokes one with deleteOrganizationInviteById', async () => {
    const api = server().client();
    const org = await organization('Pending');
    const { data } = await api.orgs.inviteUsersToOrganization(org.id, { emails: [`pat-${org.id}@example.com`] });
    const invite = (data as unknown as InviteAnswer).invites[0]!;
    expect(invite.role).toBe('read'); // the organization's default role
    const listed = (await (await server().request('GET', `/v1/orgs/${org.id}/email-invites`)).json()) as { count: number; items: InviteAnswer['invites'] };
    expect(listed.items).toEqual([invite]);
    expect((await api.orgs.deleteOrganizationInviteById(org.id, invite.id)).status).toBe(205);
    const pat = await outsider(`pat-${org.id}@example.com`);
    expect(await statusOf(server().client(pat.token).orgs.joinOrganizationWithInvite(org.id, invite.id))).toBe(404);
  });

  it('checked what it used', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'inviteUsersToOrganization',
        'joinOrganizationWithInvite',
        'listOrganizationInviteLinks',
        'createOrganizationInvite',
        'getOrganizationInviteLink',
        'updateOrganizationInviteById',
        'deleteOrganizationInviteById',
      ]),
    );
  });
});
