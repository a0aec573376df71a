// Users and organizations, driven with the official client; every response is checked against the published
// schema of its operation.
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance } from './harness.ts';

describeConformance('users and organizations', (server) => {
  it('GET /v1/user answers the token’s user (getAuthenticatedUser)', async () => {
    const { data } = await server().client().user.getAuthenticatedUser();
    expect(data).toMatchObject({ object: 'user', id: server().admin.user.id, displayName: 'Admin', email: 'admin@localhost' });
    expect(data.urls.location).toBe(`${server().baseUrl}/v1/users/${server().admin.user.id}`);
  });

  it('lists, gets and patches the organizations of the user', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const listed = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(listed.data.items.map((organization) => organization.id)).toEqual([organizationId]);
    expect(listed.data.count).toBe(1);

    const got = await api.orgs.getOrganizationById(organizationId);
    expect(got.data).toMatchObject({ object: 'organization', id: organizationId, title: 'Quire', permissions: { admin: true, createContent: true } });

    const patched = await api.orgs.updateOrganizationById(organizationId, { title: 'Acme Docs', emailDomains: ['acme.test'], inviteLinks: true, hostname: 'acme', logo: 'https://acme.test/logo.png' });
    expect(patched.data).toMatchObject({ title: 'Acme Docs', emailDomains: ['acme.test'], inviteLinks: true, hostname: 'acme', urls: { logo: 'https://acme.test/logo.png' } });
    expect((await api.orgs.getOrganizationById(organizationId)).data.title).toBe('Acme Docs');
  });

  it('answers 401 for a missing or unknown token, in the published error shape', async () => {
    expect(await statusOf(server().client('quire_not-a-token').user.getAuthenticatedUser())).toBe(401);
    const response = await server().request('GET', '/v1/orgs', { token: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 401, message: expect.stringContaining('Authorization') } });
  });

  it('hides organizations the user is not a member of (404) and refuses a reader’s patch (403)', async () => {
    const other = await server().store.createOrganization({ title: 'Elsewhere' });
    const api = server().client();
    expect(await statusOf(api.orgs.getOrganizationById(other.id))).toBe(404);
    expect(await statusOf(api.orgs.updateOrganizationById(other.id, { title: 'Mine now' }))).toBe(404);

    const reader = await server().tokenFor({ user: 'reader@example.com', organization: server().admin.organization.id, role: 'read' });
    const asReader = server().client(reader);
    expect((await asReader.orgs.getOrganizationById(server().admin.organization.id)).data.permissions.admin).toBe(false);
    expect(await statusOf(asReader.orgs.updateOrganizationById(server().admin.organization.id, { title: 'Mine now' }))).toBe(403);
  });

  it('checked every account operation against the published schemas', () => {
    expect([...server().validator.operationIds].sort()).toEqual(
      expect.arrayContaining(['getAuthenticatedUser', 'getOrganizationById', 'listOrganizationsForAuthenticatedUser', 'updateOrganizationById']),
    );
  });
});
