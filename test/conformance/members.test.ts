// Members of an organization, organization settings and e-mail domains, driven with the official client; every
// response is schema-checked.
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance } from './harness.ts';

describeConformance('members', (server) => {
  /** A new organization with the bootstrap admin as its admin, and members made through tokens. */
  async function organization(title: string) {
    const org = await server().store.createOrganization({ title });
    await server().store.putMember(org.id, server().admin.user.id, { role: 'admin' });
    const member = async (name: string, role: 'admin' | 'edit' | 'read' | null) => {
      const email = `${name.toLowerCase()}-${org.id}@example.com`;
      const token = await server().tokenFor({ user: email, organization: org.id, role });
      const user = (await server().store.findUserByEmail(email))!;
      await server().store.updateUser(user.id, { displayName: name });
      return { token, user };
    };
    return { org, member };
  }

  it('lists members with the published filters: role (guests too), search, sort and order, pages', async () => {
    const api = server().client();
    const { org, member } = await organization('Listing');
    const bob = await member('Bob', 'edit');
    const cy = await member('Cy', null);
    const dee = await member('Dee', 'read');
    await server().store.updateMember(org.id, dee.user.id, { lastSeenAt: '2026-01-02T00:00:00.000Z' });
    const names = async (query: Parameters<typeof api.orgs.listMembersInOrganizationById>[1]) =>
      (await api.orgs.listMembersInOrganizationById(org.id, query)).data.items.map((item) => item.user.displayName);

    const all = await api.orgs.listMembersInOrganizationById(org.id);
    expect(all.data.count).toBe(4);
    expect(all.data.items.slice(0, 3).map((item) => item.user.displayName)).toEqual(['Dee', 'Cy', 'Bob']); // joinedAt desc
    expect(all.data.items[0]).toMatchObject({ object: 'member', id: dee.user.id, role: 'read', disabled: false, sso: false, spaces: 0, teams: 0, sites: 0, lastSeenAt: '2026-01-02T00:00:00.000Z' });
    expect(await names({ role: 'guest' })).toEqual(['Cy']);
    expect(await names({ role: 'edit' as never })).toEqual(['Bob']);
    // A part of Dee's address: with a '-', which random ids never hold, so no other address can match by chance.
    expect(await names({ search: 'DEE-' })).toEqual(['Dee']);
    expect(await names({ search: `cy-${org.id}@` })).toEqual(['Cy']);
    // Only members seen at all, most recent first: the admin, whose token use marks it seen, then Dee.
    expect(await names({ sort: 'lastSeenAt' })).toEqual([server().admin.user.displayName, 'Dee']);
    expect((await names({ sort: 'name', order: 'asc' })).filter((name) => name !== server().admin.user.displayName)).toEqual(['Bob', 'Cy', 'Dee']);
    const first = await api.orgs.listMembersInOrganizationById(org.id, { limit: 2, sort: 'name' });
    const second = await api.orgs.listMembersInOrganizationById(org.id, { limit: 2, sort: 'name', page: first.data.next!.page });
    expect(new Set([...first.data.items, ...second.data.items].map((item) => item.id)).size).toBe(4);

    // Any member but a guest may list; a guest may read only its own membership.
    expect((await server().client(bob.token).orgs.listMembersInOrganizationById(org.id)).data.count).toBe(4);
    expect(await statusOf(server().client(cy.token).orgs.listMembersInOrganizationById(org.id))).toBe(403);
    expect((await server().client(cy.token).orgs.getMemberInOrganizationById(org.id, cy.user.id)).data.role).toBeNull();
    expect(await statusOf(server().client(cy.token).orgs.getMemberInOrganizationById(org.id, bob.user.id))).toBe(403);
  });

  it('gets, updates (null = guest) and removes members: 205 removed, 204 not a member; admins only', async () => {
    const api = server().client();
    const { org, member } = await organization('Changing');
    const bob = await member('Bob', 'edit');
    const cy = await member('Cy', 'read');
    expect((await api.orgs.getMemberInOrganizationById(org.id, bob.user.id)).data).toMatchObject({ id: bob.user.id, role: 'edit' as never, user: { id: bob.user.id, displayName: 'Bob' } });
    expect((await api.orgs.updateMemberInOrganizationById(org.id, bob.user.id, { role: 'review' as never })).data.role).toBe('review');
    expect((await api.orgs.updateMemberInOrganizationById(org.id, bob.user.id, { role: null })).data.role).toBeNull();
    expect((await api.orgs.updateMemberInOrganizationById(org.id, bob.user.id, {})).data.role).toBeNull();

    expect(await statusOf(server().client(cy.token).orgs.updateMemberInOrganizationById(org.id, bob.user.id, { role: 'admin' as never }))).toBe(403);
    // A member who is not an admin asks the admins (202): the member stays, the request is recorded for them.
    expect((await server().client(cy.token).orgs.removeMemberFromOrganizationById(org.id, bob.user.id)).status).toBe(202);
    expect((await server().store.getMember(org.id, bob.user.id)).removalRequest).toEqual({ requestedBy: cy.user.id, requestedAt: expect.any(String) });
    // Bob is a guest now: a guest may only leave.
    expect(await statusOf(server().client(bob.token).orgs.removeMemberFromOrganizationById(org.id, cy.user.id))).toBe(403);
    expect((await server().store.getMember(org.id, cy.user.id)).removalRequest).toBeUndefined();
    expect((await api.orgs.removeMemberFromOrganizationById(org.id, bob.user.id)).status).toBe(205);
    expect((await api.orgs.removeMemberFromOrganizationById(org.id, bob.user.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getMemberInOrganizationById(org.id, bob.user.id))).toBe(404);
    expect(await statusOf(api.orgs.updateMemberInOrganizationById(org.id, bob.user.id, { role: 'read' as never }))).toBe(404);
    // A member may leave by itself, and then sees nothing of the organization.
    expect((await server().client(cy.token).orgs.removeMemberFromOrganizationById(org.id, cy.user.id)).status).toBe(205);
    expect(await statusOf(server().client(cy.token).orgs.getMemberInOrganizationById(org.id, cy.user.id))).toBe(404);
  });

  it('answers 404 to outsiders, worded as for an organization that does not exist', async () => {
    const { org } = await organization('Private');
    const outsider = await server().tokenFor({ user: `outsider-${org.id}@example.com`, organization: server().admin.organization.id, role: 'admin' });
    const client = server().client(outsider);
    expect(await statusOf(client.orgs.listMembersInOrganizationById(org.id))).toBe(404);
    expect(await statusOf(client.orgs.getMemberInOrganizationById(org.id, server().admin.user.id))).toBe(404);
    expect(await statusOf(client.orgs.removeMemberFromOrganizationById(org.id, server().admin.user.id))).toBe(404);
    expect(await statusOf(client.orgs.setUserAsSsoMemberForOrganization(org.id, server().admin.user.id))).toBe(404);
    const response = await server().request('GET', `/v1/orgs/${org.id}/members`, { token: outsider });
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/does not exist/);
  });

  it('keeps the last admin: no removal or demotion (409 naming the rule), also when two demotions race', async () => {
    const api = server().client();
    const { org, member } = await organization('Admins');
    const admin = server().admin.user.id;
    const response = await server().request('PATCH', `/v1/orgs/${org.id}/members/${admin}`, { body: { role: 'edit' } });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/must keep at least one admin/);
    expect(await statusOf(api.orgs.removeMemberFromOrganizationById(org.id, admin))).toBe(409);

    for (let round = 0; round < 3; round++) {
      const other = await member(`Root${round}`, 'admin');
      const results = await Promise.allSettled([
        api.orgs.updateMemberInOrganizationById(org.id, other.user.id, { role: 'read' as never }),
        server().client(other.token).orgs.updateMemberInOrganizationById(org.id, admin, { role: 'read' as never }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const admins = await api.orgs.listMembersInOrganizationById(org.id, { role: 'admin' as never });
      expect(admins.data.count).toBe(1);
      // Put the bootstrap admin back for the next round.
      if (admins.data.items[0]!.id !== admin) {
        await server().client(other.token).orgs.updateMemberInOrganizationById(org.id, admin, { role: 'admin' as never });
        await api.orgs.updateMemberInOrganizationById(org.id, other.user.id, { role: 'read' as never });
      }
    }
  });

  it('makes a user an SSO member (joining with the default role, or keeping its role)', async () => {
    const api = server().client();
    const { org, member } = await organization('Sso');
    const bob = await member('Bob', 'edit');
    expect((await api.orgs.setUserAsSsoMemberForOrganization(org.id, bob.user.id)).data).toMatchObject({ sso: true, role: 'edit' as never });
    const newcomer = await server().store.createUser({ displayName: 'New' });
    await api.orgs.updateOrganizationById(org.id, { defaultRole: 'comment' as never });
    expect((await api.orgs.setUserAsSsoMemberForOrganization(org.id, newcomer.id)).data).toMatchObject({ id: newcomer.id, sso: true, role: 'comment' as never });
    expect(await statusOf(api.orgs.setUserAsSsoMemberForOrganization(org.id, 'no-such-user'))).toBe(404);
    expect(await statusOf(server().client(bob.token).orgs.setUserAsSsoMemberForOrganization(org.id, newcomer.id))).toBe(403);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const { org, member } = await organization('Bad input');
    const bob = await member('Bob', 'edit');
    const expect400 = async (method: string, path: string, field: string, body?: unknown) => {
      const response = await server().request(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(field);
    };
    await expect400('GET', `/v1/orgs/${org.id}/members?role=owner`, 'role');
    await expect400('GET', `/v1/orgs/${org.id}/members?sort=age`, 'sort');
    await expect400('GET', `/v1/orgs/${org.id}/members?order=up`, 'order');
    await expect400('GET', `/v1/orgs/${org.id}/members?search=${'x'.repeat(201)}`, 'search');
    await expect400('GET', `/v1/orgs/${org.id}/members?limit=0`, 'limit');
    await expect400('PATCH', `/v1/orgs/${org.id}/members/${bob.user.id}`, 'role', { role: 'owner' });
    await expect400('PATCH', `/v1/orgs/${org.id}/members/${bob.user.id}`, 'disabled', { disabled: true });
    await expect400('PATCH', `/v1/orgs/${org.id}/members/${bob.user.id}`, 'role', { role: 7 });
    expect((await server().store.getMember(org.id, bob.user.id)).role).toBe('edit');
  });

  it('updates every organization setting of the seed, and refuses bad ones naming the field', async () => {
    const api = server().client();
    const { org, member } = await organization('Settings');
    const bob = await member('Bob', 'edit');
    const { data: site } = await api.orgs.createSite(org.id, { title: 'Docs' });
    const updated = await api.orgs.updateOrganizationById(org.id, {
      title: 'Settings Inc',
      emailDomains: ['Acme.test', 'docs.acme.test', 'acme.test'],
      hostname: `acme-${org.id.slice(0, 8).toLowerCase()}`,
      defaultRole: 'edit' as never,
      defaultContent: { type: 'site', site: site.id },
      logo: 'https://example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: true,
    });
    expect(updated.data).toMatchObject({
      title: 'Settings Inc',
      emailDomains: ['acme.test', 'docs.acme.test'],
      defaultRole: 'edit' as never,
      defaultContent: { type: 'site', site: site.id },
      urls: { logo: 'https://example.com/logo.png' },
      sso: true,
      ai: true,
      inviteLinks: true,
    });
    const cleared = await api.orgs.updateOrganizationById(org.id, { defaultRole: null, defaultContent: null, logo: null });
    expect(cleared.data.defaultRole).toBeNull();
    expect(cleared.data.defaultContent).toBeUndefined();
    expect(cleared.data.urls.logo).toBeUndefined();

    const other = await server().store.createOrganization({ title: 'Other' });
    const { data: foreignSite } = await api.orgs.createSite(server().admin.organization.id, { title: 'Foreign' });
    void other;
    const bad: [Record<string, unknown>, string][] = [
      [{ hostname: 'Not A Host' }, 'hostname'],
      [{ hostname: '-acme' }, 'hostname'],
      [{ hostname: 'ab' }, 'hostname'],
      [{ emailDomains: ['acme'] }, 'emailDomains/0'],
      [{ emailDomains: ['ok.test', 'bad domain.test'] }, 'emailDomains/1'],
      [{ emailDomains: 'acme.test' }, 'emailDomains'],
      [{ defaultRole: 'owner' }, 'defaultRole'],
      [{ defaultContent: { type: 'site', site: foreignSite.id } }, 'defaultContent'],
      [{ defaultContent: { type: 'space', space: 'x' } }, 'defaultContent'],
      [{ logo: 'javascript:alert(1)' }, 'logo'],
      [{ logo: 'not a url' }, 'logo'],
      [{ sso: 'yes' }, 'sso'],
      [{ ai: 1 }, 'ai'],
      [{ inviteLinks: null }, 'inviteLinks'],
      [{ title: 'x' }, 'title'],
    ];
    for (const [body, field] of bad) {
      const response = await server().request('PATCH', `/v1/orgs/${org.id}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, JSON.stringify(body)).toContain(field);
    }
    expect((await api.orgs.getOrganizationById(org.id)).data).toMatchObject({ title: 'Settings Inc', emailDomains: ['acme.test', 'docs.acme.test'], sso: true });
    expect(await statusOf(server().client(bob.token).orgs.updateOrganizationById(org.id, { title: 'Mine' }))).toBe(403);
  });

  it('lists the organizations of an e-mail domain: the caller’s own, and those of its own domain', async () => {
    const api = server().client();
    const domain = `d${Math.random().toString(36).slice(2, 8)}.test`;
    const { org } = await organization('Domain A');
    await api.orgs.updateOrganizationById(org.id, { emailDomains: [domain] });
    const hidden = await server().store.createOrganization({ title: 'Domain B', emailDomains: [domain] });
    await server().store.createOrganization({ title: 'Elsewhere', emailDomains: ['elsewhere.test'] });

    // The admin (another domain) sees only the organization it belongs to.
    const mine = await api.emailDomains.getOrganizationsForEmailDomain(domain.toUpperCase());
    expect(mine.data.organizations.map((item) => item.id)).toEqual([org.id]);
    expect(mine.data.organizations[0]!.permissions.admin).toBe(true);

    // A user of that domain sees both, with no rights in the one it is not a member of.
    const colleague = await server().tokenFor({ user: `ada@${domain}`, organization: server().admin.organization.id, role: 'read' });
    const seen = await server().client(colleague).emailDomains.getOrganizationsForEmailDomain(domain);
    expect(seen.data.organizations.map((item) => item.id)).toEqual([org.id, hidden.id]);
    expect(seen.data.organizations[1]!.permissions).toMatchObject({ view: true, admin: false, listMembers: false });
    expect((await server().client(colleague).emailDomains.getOrganizationsForEmailDomain('nothing.test')).data.organizations).toEqual([]);

    const bad = await server().request('GET', '/v1/email-domains/not%20a%20domain/orgs');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('emailDomain');
  });

  it('checked what it used', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'listMembersInOrganizationById',
        'getMemberInOrganizationById',
        'updateMemberInOrganizationById',
        'removeMemberFromOrganizationById',
        'setUserAsSSOMemberForOrganization',
        'updateOrganizationById',
        'getOrganizationsForEmailDomain',
      ]),
    );
  });
});
