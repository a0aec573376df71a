// Issue 13: POST /v1/orgs/{organizationId}/ping (updateOrganizationMemberLastSeenAt) moves the member's lastSeenAt
// and answers the member's visitor claims as a JWT; GET /.well-known/jwks.json publishes the keys that verify it.
// Tokens are verified the way a site would, with jose's createRemoteJWKSet against the running server. Signing keys
// are replaced after 30 days (the clock is injected), and a replaced key stays published for a day, so a token
// signed just before still verifies. lastSeenAt also moves when a token is used, at most once a minute.
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, ManualClock, type ConformanceServer } from './harness.ts';
import { useTwoServers } from '../support/two-servers.ts';

const minuteMs = 60_000;
const dayMs = 86_400_000;

interface Jwks {
  keys: { kid: string; kty: string; d?: string }[];
}

/** Verifies `token` as a verifier on another machine would: the JWKS fetched over HTTP, issuer and audience checked. */
async function verify(server: ConformanceServer, token: string, organizationId: string, currentDate?: Date) {
  const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/.well-known/jwks.json`));
  return jwtVerify(token, jwks, { issuer: server.baseUrl, audience: organizationId, ...(currentDate === undefined ? {} : { currentDate }) });
}

async function ping(server: ConformanceServer, organizationId: string, token?: string): Promise<string> {
  const { data } = await server.client(token).orgs.updateOrganizationMemberLastSeenAt(organizationId);
  expect(data.gitbookVisitorClaims).toEqual(expect.any(String));
  expect((data as { serviceVisitorClaims?: string }).serviceVisitorClaims).toBe(data.gitbookVisitorClaims);
  return data.gitbookVisitorClaims!;
}

async function jwksOf(server: ConformanceServer): Promise<Jwks> {
  const response = await server.request('GET', '/.well-known/jwks.json', { token: null });
  expect(response.status).toBe(200);
  return (await response.json()) as Jwks;
}

describeConformance('organization ping and visitor claims', (server) => {
  it('records lastSeenAt and answers the member visitor claims as a JWT that the JWKS verifies', async () => {
    const { organization, user } = server().admin;
    const before = Date.now();
    const token = await ping(server(), organization.id);
    const { payload, protectedHeader } = await verify(server(), token, organization.id);
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    expect(payload).toMatchObject({ iss: server().baseUrl, sub: user.id, aud: organization.id, organization: organization.id, role: 'admin', name: user.displayName });
    expect(payload.exp! - payload.iat!).toBe(3600);
    const member = await server().store.getMember(organization.id, user.id);
    expect(Date.parse(member.lastSeenAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('serves the JWKS without a token, cacheable, public keys only', async () => {
    const response = await server().request('GET', '/.well-known/jwks.json', { token: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = (await response.json()) as Jwks;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(keys[0]!.d).toBeUndefined();
    const ping = await server().request('POST', `/v1/orgs/${server().admin.organization.id}/ping`);
    expect(ping.headers.get('cache-control')).toBe('no-store');
  });

  it('lets a guest ping (role guest in the claims), and refuses strangers, disabled members, no token and bad input', async () => {
    const organizationId = server().admin.organization.id;
    const guest = await server().tokenFor({ user: 'guest@example.com', organization: organizationId, role: null });
    const claims = (await verify(server(), await ping(server(), organizationId, guest), organizationId)).payload;
    expect(claims).toMatchObject({ role: 'guest', email: 'guest@example.com' });

    const other = await server().store.createOrganization({ title: 'Elsewhere' });
    const stranger = await server().tokenFor({ user: 'stranger@example.com', organization: other.id, role: 'admin' });
    expect(await statusOf(server().client(stranger).orgs.updateOrganizationMemberLastSeenAt(organizationId))).toBe(404);
    const disabled = await server().tokenFor({ user: 'disabled@example.com', organization: organizationId, role: 'read' });
    const disabledUser = (await server().store.findUserByEmail('disabled@example.com'))!;
    await server().store.updateMember(organizationId, disabledUser.id, { disabled: true });
    expect(await statusOf(server().client(disabled).orgs.updateOrganizationMemberLastSeenAt(organizationId))).toBe(404);
    expect((await server().store.getMember(organizationId, disabledUser.id)).lastSeenAt).toBeUndefined();

    expect((await server().request('POST', `/v1/orgs/${organizationId}/ping`, { token: null })).status).toBe(401);
    const badId = await server().request('POST', '/v1/orgs/not%20an%20id/ping');
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { error: { message: string } }).error.message).toMatch(/organizationId/);
    const withField = await server().request('POST', `/v1/orgs/${organizationId}/ping`, { body: { lastSeenAt: '2020-01-01T00:00:00Z' } });
    expect(withField.status).toBe(400);
    expect(((await withField.json()) as { error: { message: string } }).error.message).toMatch(/lastSeenAt/);
  });

  it('checked what it used', () => {
    expect([...server().validator.operationIds]).toEqual(expect.arrayContaining(['updateOrganizationMemberLastSeenAt']));
  });
});

const clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'));

describeConformance(
  'signing key rotation and lastSeenAt on token use (clock injected)',
  (server) => {
    it('replaces a key older than 30 days with a new kid; tokens signed before still verify while the old key is published', async () => {
      const organizationId = server().admin.organization.id;
      const first = decodeProtectedHeader(await ping(server(), organizationId)).kid!;
      clock.advance(30 * dayMs - 10 * minuteMs);
      const before = await ping(server(), organizationId);
      expect(decodeProtectedHeader(before).kid).toBe(first);

      clock.advance(20 * minuteMs);
      const after = await ping(server(), organizationId);
      const second = decodeProtectedHeader(after).kid!;
      expect(second).not.toBe(first);
      expect((await jwksOf(server())).keys.map((key) => key.kid)).toEqual([second, first]);
      // The token signed 20 minutes ago by the replaced key has 40 minutes left, and verifies; so does the new one.
      expect((await verify(server(), before, organizationId, clock.now())).protectedHeader.kid).toBe(first);
      expect((await verify(server(), after, organizationId, clock.now())).protectedHeader.kid).toBe(second);
      expect(decodeProtectedHeader(await ping(server(), organizationId)).kid).toBe(second);

      // A day later the replaced key is no longer published: its tokens (long expired) cannot verify at all.
      const signedAt = new Date(decodeJwt(before).iat! * 1000 + 1000);
      clock.advance(dayMs + minuteMs);
      expect((await jwksOf(server())).keys.map((key) => key.kid)).toEqual([second]);
      await expect(verify(server(), before, organizationId, signedAt)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    });

    it('moves lastSeenAt in every organization of the user when a token is used, at most once a minute', async () => {
      const organizationId = server().admin.organization.id;
      const other = await server().store.createOrganization({ title: 'Second' });
      const token = await server().tokenFor({ user: 'seen@example.com', organization: organizationId, role: 'read' });
      const user = (await server().store.findUserByEmail('seen@example.com'))!;
      await server().store.putMember(other.id, user.id, { role: 'edit' });
      const seen = async () => [(await server().store.getMember(organizationId, user.id)).lastSeenAt, (await server().store.getMember(other.id, user.id)).lastSeenAt];
      expect(await seen()).toEqual([undefined, undefined]);

      await server().client(token).user.getAuthenticatedUser();
      const [first, firstOther] = await seen();
      expect(first).toEqual(expect.any(String));
      expect(firstOther).toBe(first);

      clock.advance(30_000);
      await server().client(token).user.getAuthenticatedUser();
      expect(await seen()).toEqual([first, first]);

      clock.advance(31_000);
      await server().client(token).user.getAuthenticatedUser();
      const [moved, movedOther] = await seen();
      expect(Date.parse(moved!)).toBeGreaterThan(Date.parse(first!) + minuteMs);
      expect(movedOther).toBe(moved);
    });
  },
  { now: clock.now },
);

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const skipReason = databaseUrl ? undefined : 'QUIRE_TEST_DATABASE_URL is not set (set it to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)';

describe.skipIf(skipReason !== undefined)(`visitor-claims keys across two server processes on one PostgreSQL database${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const servers = useTwoServers(databaseUrl!, 'quire-ping-scale-out-');

  it('both start, both ping at once: one key, one kid, and each publishes it', async () => {
    const { one, two } = servers();
    const organizationId = (
      (await (await fetch(`${one.baseUrl}/v1/orgs`, { headers: { authorization: `Bearer ${one.token}` } })).json()) as { items: { id: string }[] }
    ).items[0]!.id;
    const pingOn = async (baseUrl: string, token: string): Promise<string> => {
      const response = await fetch(`${baseUrl}/v1/orgs/${organizationId}/ping`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { gitbookVisitorClaims: string }).gitbookVisitorClaims;
    };
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? pingOn(one.baseUrl, one.token) : pingOn(two.baseUrl, two.token))));
    const kids = new Set(tokens.map((token) => decodeProtectedHeader(token).kid));
    expect(kids.size).toBe(1);
    for (const served of [one, two]) {
      const jwks = (await (await fetch(`${served.baseUrl}/.well-known/jwks.json`)).json()) as Jwks;
      expect(jwks.keys.map((key) => key.kid)).toEqual([...kids]);
      const verified = await jwtVerify(tokens[1]!, createRemoteJWKSet(new URL(`${served.baseUrl}/.well-known/jwks.json`)), { audience: organizationId });
      expect(verified.payload.iss).toBe(two.baseUrl);
    }
  }, 120_000);
});
