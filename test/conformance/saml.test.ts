// SAML single sign-on: the providers (the seed's "Single sign-on" rows) driven with the official client, every
// response schema-checked, and the sign-in flow against a test identity provider (test/support/saml-test-idp.ts)
// whose responses are signed at test time: only a good response signs in; expired, wrong audience, wrong
// recipient, unsigned, signed by another key, replayed and unsolicited ones are refused and make no member.
import { beforeAll, expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';
import { authnRequestId, authnRequestOf, buildSamlResponse, makeTestKeyPair, type TestAssertion, type TestKeyPair, type TestSigning } from '../support/saml-test-idp.ts';

const idpEntityId = 'https://idp.example.test/metadata';
const idpSsoUrl = 'https://idp.example.test/sso';
let idp: TestKeyPair;
let otherIdp: TestKeyPair;

beforeAll(() => {
  idp = makeTestKeyPair('Quire test IdP');
  otherIdp = makeTestKeyPair('Someone else');
});

async function errorOf(response: Response): Promise<{ code: number; message: string }> {
  return ((await response.json()) as { error: { code: number; message: string } }).error;
}

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describeConformance('saml', (server) => {
  /** An active provider of the admin's organization, with a default team and role `edit`. */
  async function activeProvider(s: ConformanceServer) {
    const api = s.client();
    const org = s.admin.organization.id;
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: `SSO ${Math.random().toString(36).slice(2, 6)}` });
    const created = await api.orgs.createOrganizationSamlProvider(org, { label: 'Test IdP', entityID: idpEntityId, certificate: idp.certificate, ssoURL: idpSsoUrl, defaultTeam: team.id, defaultRole: 'edit' as never });
    return { provider: created.data, team, org };
  }

  /** Starts a sign-in: the AuthnRequest id the service sent to the identity provider. */
  async function start(s: ConformanceServer, startURL: string, relayState?: string): Promise<{ requestId: string; location: URL }> {
    const url = new URL(startURL);
    if (relayState !== undefined) url.searchParams.set('RelayState', relayState);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    return { requestId: authnRequestId(await authnRequestOf(location)), location };
  }

  async function post(acsURL: string, SAMLResponse: string): Promise<Response> {
    return fetch(acsURL, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ SAMLResponse }).toString() });
  }

  it('creates (201 + Location) a provider, fills service and status, gets, updates, lists and deletes it (205, then 204)', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: 'Single sign-on' });
    const created = await api.orgs.createOrganizationSamlProvider(org, { label: 'Okta' });
    expect(created.status).toBe(201);
    const pending = created.data;
    expect(created.headers.get('location')).toBe(pending.urls.location);
    expect(pending).toMatchObject({ object: 'saml-provider', label: 'Okta', status: 'pending', defaultRole: 'read', entityID: '', certificate: '', ssoURL: 'about:blank' });
    expect(pending.service).toEqual({
      entityID: `${server().baseUrl}/saml/${pending.id}/metadata`,
      acsURL: `${server().baseUrl}/saml/${pending.id}/acs`,
      startURL: `${server().baseUrl}/saml/${pending.id}/start`,
    });
    expect(pending.urls.location).toBe(`${server().baseUrl}/v1/orgs/${org}/saml/${pending.id}`);

    // The body of the certificate alone (as IdP consoles show it) is accepted and stored as PEM.
    const bareCertificate = idp.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    const updated = await api.orgs.updateOrganizationSamlProvider(org, pending.id, { entityID: idpEntityId, certificate: bareCertificate, ssoURL: idpSsoUrl, defaultTeam: team.id, defaultRole: 'comment' as never });
    expect(updated.data).toMatchObject({ id: pending.id, status: 'active', entityID: idpEntityId, ssoURL: idpSsoUrl, defaultRole: 'comment', defaultTeam: { object: 'team', id: team.id, title: 'Single sign-on' } });
    expect(updated.data.certificate.replace(/\s+/g, '')).toBe(idp.certificate.replace(/\s+/g, ''));
    expect((await api.orgs.getOrganizationSamlProviderById(org, pending.id)).data).toEqual(updated.data);

    const second = (await api.orgs.createOrganizationSamlProvider(org, { label: 'Loopback IdP', ssoURL: 'http://127.0.0.1:9999/sso' })).data;
    const page = await api.orgs.listSamlProvidersInOrganizationById(org, { limit: 1 });
    expect(page.data.items).toHaveLength(1);
    const rest = await api.orgs.listSamlProvidersInOrganizationById(org, { limit: 1000 });
    expect(rest.data.items.map((item) => item.id)).toEqual(expect.arrayContaining([pending.id, second.id]));

    // The sign-in entries are public (no token) and list active providers only.
    const logins = await server().request('GET', `/v1/orgs/${org}/sso`, { token: null });
    expect(logins.status).toBe(200);
    const entries = ((await logins.json()) as { items: { id: string; label: string; startURL: string }[] }).items;
    expect(entries).toContainEqual({ id: pending.id, label: 'Okta', startURL: pending.service.startURL });
    expect(entries.map((entry) => entry.id)).not.toContain(second.id);
    expect((await api.orgs.listSsoProviderLoginsInOrganization(org)).data.items).toEqual(entries);
    expect((await server().request('GET', '/v1/orgs/no-such-org/sso', { token: null })).status).toBe(404);

    expect((await api.orgs.deleteOrganizationSamlProvider(org, pending.id)).status).toBe(205);
    expect((await api.orgs.deleteOrganizationSamlProvider(org, pending.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getOrganizationSamlProviderById(org, pending.id))).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const org = server().admin.organization.id;
    const other = await server().store.createOrganization({ title: 'Elsewhere' });
    const foreignTeam = await server().store.createTeam({ organizationId: other.id, title: 'Theirs' });
    const cases: [unknown, string][] = [
      [{ label: 'Okta', certificate: 'not a certificate' }, 'certificate'],
      [{ label: 'Okta', certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, 'certificate'],
      [{ label: 'Okta', ssoURL: 'http://idp.example.com/sso' }, 'ssoURL'],
      [{ label: 'Okta', ssoURL: 'ftp://idp.example.com/sso' }, 'ssoURL'],
      [{ label: 'Okta', ssoURL: 'not a url' }, 'ssoURL'],
      [{ label: 'Okta', defaultTeam: foreignTeam.id }, 'defaultTeam'],
      [{ label: 'Okta', defaultRole: 'owner' }, 'defaultRole'],
      [{ label: 'x'.repeat(31) }, 'label'],
      [{ entityID: idpEntityId }, 'label'],
    ];
    const before = (await server().client().orgs.listSamlProvidersInOrganizationById(org, { limit: 1000 })).data.count;
    for (const [body, field] of cases) {
      const response = await server().request('POST', `/v1/orgs/${org}/saml`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message, JSON.stringify(body)).toContain(field);
    }
    expect((await server().client().orgs.listSamlProvidersInOrganizationById(org, { limit: 1000 })).data.count).toBe(before);
    const { provider } = await activeProvider(server());
    const patch = await server().request('PATCH', `/v1/orgs/${org}/saml/${provider.id}`, { body: { ssoURL: 'http://evil.example.com/' } });
    expect(patch.status).toBe(400);
    expect((await errorOf(patch)).message).toContain('ssoURL');
    const missing = await server().request('GET', `/v1/orgs/${org}/saml/no-such-provider`);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toContain('no-such-provider');
  });

  it('lets only the organization admins manage providers (403 for members, 404 for outsiders)', async () => {
    const { provider, org } = await activeProvider(server());
    const editor = server().client(await server().tokenFor({ user: unique('editor'), organization: org, role: 'edit' }));
    expect(await statusOf(editor.orgs.listSamlProvidersInOrganizationById(org))).toBe(403);
    expect(await statusOf(editor.orgs.getOrganizationSamlProviderById(org, provider.id))).toBe(403);
    expect(await statusOf(editor.orgs.updateOrganizationSamlProvider(org, provider.id, { label: 'Mine' }))).toBe(403);
    expect(await statusOf(editor.orgs.deleteOrganizationSamlProvider(org, provider.id))).toBe(403);
    const outsiderOrg = await server().store.createOrganization({ title: 'Outside' });
    const outsider = server().client(await server().tokenFor({ user: unique('outsider'), organization: outsiderOrg.id, role: 'admin' }));
    expect(await statusOf(outsider.orgs.getOrganizationSamlProviderById(org, provider.id))).toBe(404);
    // A provider of one organization is not reachable through another.
    expect(await statusOf(outsider.orgs.getOrganizationSamlProviderById(outsiderOrg.id, provider.id))).toBe(404);
    expect((await server().client().orgs.getOrganizationSamlProviderById(org, provider.id)).data.label).toBe('Test IdP');
  });

  it('signs in with a good response: 302 to the IdP with an AuthnRequest, then a member with the role, the team, sso, and an expiring token', async () => {
    const s = server();
    const { provider, team, org } = await activeProvider(s);
    const { requestId, location } = await start(s, provider.service.startURL, '/docs/welcome');
    expect(`${location.origin}${location.pathname}`).toBe(idpSsoUrl);
    expect(location.searchParams.get('RelayState')).toBe('/docs/welcome');
    const request = await authnRequestOf(location);
    expect(request).toContain(`AssertionConsumerServiceURL="${provider.service.acsURL}"`);
    expect(request).toContain(`<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${provider.service.entityID}</saml:Issuer>`);

    const email = unique('ada');
    const response = await post(provider.service.acsURL, buildSamlResponse({ issuer: idpEntityId, nameId: email, audience: provider.service.entityID, destination: provider.service.acsURL, inResponseTo: requestId }, { key: idp, sign: 'assertion' }));
    expect(response.status).toBe(200);
    const session = (await response.json()) as { object: string; token: string; expiresAt: string; userId: string; organizationId: string; joined: boolean; relayState: string | null };
    expect(session).toMatchObject({ object: 'saml-session', organizationId: org, joined: true, relayState: '/docs/welcome' });
    const lifetime = Date.parse(session.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(11 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(12 * 3600_000);

    const me = await s.client(session.token).user.getAuthenticatedUser();
    expect(me.data).toMatchObject({ id: session.userId, email });
    const member = await s.client().orgs.getMemberInOrganizationById(org, session.userId);
    expect(member.data).toMatchObject({ role: 'edit', sso: true, teams: 1 });
    const teamMembers = await s.client().orgs.listTeamMembersInOrganizationById(org, team.id);
    expect(teamMembers.data.items.map((item) => item.organization.user.id)).toEqual([session.userId]);

    // A response signed over the whole Response (not the assertion) signs in too; an existing member keeps its role.
    const again = await start(s, provider.service.startURL);
    const second = await post(provider.service.acsURL, buildSamlResponse({ issuer: idpEntityId, nameId: email, audience: provider.service.entityID, destination: provider.service.acsURL, inResponseTo: again.requestId }, { key: idp, sign: 'response' }));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ userId: session.userId, joined: false, relayState: null });
    expect((await s.client().orgs.getMemberInOrganizationById(org, session.userId)).data.role).toBe('edit');
  });

  it('refuses expired, wrong-audience, wrong-recipient, unsigned, other-key, replayed and unsolicited responses: 400 saying why, no member', async () => {
    const s = server();
    const { provider, org } = await activeProvider(s);
    const good = (requestId: string, email: string): TestAssertion => ({ issuer: idpEntityId, nameId: email, audience: provider.service.entityID, destination: provider.service.acsURL, inResponseTo: requestId });
    const signed: TestSigning = { key: idp, sign: 'assertion' };
    const cases: { name: string; make: (requestId: string, email: string) => string; reason: RegExp }[] = [
      { name: 'expired', make: (id, email) => buildSamlResponse({ ...good(id, email), issuedAt: new Date(Date.now() - 3600_000) }, signed), reason: /subject confirmation|expired|NotOnOrAfter/i },
      { name: 'wrong audience', make: (id, email) => buildSamlResponse({ ...good(id, email), audience: 'https://someone-else.example/metadata' }, signed), reason: /audience/i },
      { name: 'wrong recipient', make: (id, email) => buildSamlResponse({ ...good(id, email), destination: 'https://someone-else.example/acs' }, signed), reason: /Destination|Recipient/ },
      { name: 'unsigned', make: (id, email) => buildSamlResponse(good(id, email), { sign: 'none' }), reason: /signature/i },
      { name: 'signed by another key', make: (id, email) => buildSamlResponse(good(id, email), { key: otherIdp, sign: 'assertion' }), reason: /signature/i },
      { name: 'unknown InResponseTo', make: (_id, email) => buildSamlResponse(good('_never-issued', email), signed), reason: /InResponseTo/ },
      { name: 'unsolicited (no InResponseTo)', make: (_id, email) => buildSamlResponse({ ...good('', email), inResponseTo: undefined }, signed), reason: /InResponseTo/ },
    ];
    for (const testCase of cases) {
      const { requestId } = await start(s, provider.service.startURL);
      const email = unique(testCase.name.replace(/\W+/g, '-'));
      const response = await post(provider.service.acsURL, testCase.make(requestId, email));
      expect(response.status, testCase.name).toBe(400);
      const error = await errorOf(response);
      expect(error.message, testCase.name).toMatch(/^SAMLResponse refused: /);
      expect(error.message, testCase.name).toMatch(testCase.reason);
      expect(await s.store.findUserByEmail(email), testCase.name).toBeUndefined();
    }

    // Replayed: the same good response twice signs in once; the same assertion under a new request is refused too.
    const { requestId } = await start(s, provider.service.startURL);
    const email = unique('replay');
    const assertionId = `_replayed-${Math.random().toString(36).slice(2)}`;
    const once = buildSamlResponse({ ...good(requestId, email), assertionId }, signed);
    expect((await post(provider.service.acsURL, once)).status).toBe(200);
    const replay = await post(provider.service.acsURL, once);
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).message).toMatch(/InResponseTo|already answered/);
    const fresh = await start(s, provider.service.startURL);
    const sameAssertion = await post(provider.service.acsURL, buildSamlResponse({ ...good(fresh.requestId, email), assertionId }, signed));
    expect(sameAssertion.status).toBe(400);
    expect((await errorOf(sameAssertion)).message).toContain('already used');
    // Two copies of one response at once: the request is consumed by exactly one of them.
    const racing = await start(s, provider.service.startURL);
    const raced = buildSamlResponse(good(racing.requestId, email), signed);
    const statuses = (await Promise.all([post(provider.service.acsURL, raced), post(provider.service.acsURL, raced)])).map((answer) => answer.status);
    expect(statuses.sort()).toEqual([200, 400]);
    const members = await s.client().orgs.listMembersInOrganizationById(org, { limit: 1000 });
    expect(members.data.items.filter((item) => item.user.email === email)).toHaveLength(1);

    // A good response for a member whose membership is disabled signs nobody in (403), and leaves it as it was.
    const disabledEmail = unique('disabled');
    const disabledUser = await s.store.createUser({ displayName: 'Disabled', email: disabledEmail });
    await s.store.putMember(org, disabledUser.id, { role: 'read' });
    await s.store.updateMember(org, disabledUser.id, { disabled: true });
    const forDisabled = await start(s, provider.service.startURL);
    const refusedMember = await post(provider.service.acsURL, buildSamlResponse(good(forDisabled.requestId, disabledEmail), signed));
    expect(refusedMember.status).toBe(403);
    expect((await errorOf(refusedMember)).message).toContain('disabled');
    expect(await s.store.getMember(org, disabledUser.id)).toMatchObject({ disabled: true, sso: false, role: 'read' });
  });

  it('refuses to start a sign-in for a pending or unknown provider, or with a RelayState that leaves the server', async () => {
    const s = server();
    const org = s.admin.organization.id;
    const pending = (await s.client().orgs.createOrganizationSamlProvider(org, { label: 'Half-done' })).data;
    const pendingStart = await fetch(pending.service.startURL, { redirect: 'manual' });
    expect(pendingStart.status).toBe(400);
    expect((await errorOf(pendingStart)).message).toContain('pending');
    expect((await fetch(`${s.baseUrl}/saml/no-such-provider/start`, { redirect: 'manual' })).status).toBe(404);
    const { provider } = await activeProvider(s);
    for (const relayState of ['https://evil.example/', '//evil.example/', `/${'x'.repeat(80)}`]) {
      const url = new URL(provider.service.startURL);
      url.searchParams.set('RelayState', relayState);
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status, relayState).toBe(400);
      expect((await errorOf(response)).message).toContain('RelayState');
    }
    const metadata = await fetch(provider.service.entityID);
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${provider.service.entityID}"`);
    expect(xml).toContain(`Location="${provider.service.acsURL}"`);
  });
});
