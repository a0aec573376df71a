// Quire's `api-tokens` extension (docs/api-extensions.md): one's own tokens listed, created with an expiry and
// revoked; an organization's admins list and revoke their members' tokens, and no one else may. Revocation and
// expiry take effect on the very next request.
import { expect, it } from 'vitest';
import type { PublishedApiToken } from '../../src/service/index.ts';
import { describeConformance, ManualClock } from './harness.ts';

type Token = PublishedApiToken;
interface TokenList {
  items: Token[];
  count: number;
  next?: { page: string };
}

const clock = new ManualClock(Date.parse('2026-11-26T09:00:00.000Z'));

describeConformance(
  'API tokens (api-tokens)',
  (server) => {
    const json = async <T>(response: Response, status: number): Promise<T> => {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      return (text === '' ? undefined : JSON.parse(text)) as T;
    };
    const whoAmI = (token: string) => server().request('GET', '/v1/user', { token });
    const create = (body: unknown, token?: string) => server().request('POST', '/v1/quire/tokens', { body, ...(token === undefined ? {} : { token }) });

    it("lists the caller's own tokens, marks the one in use, pages like every list", async () => {
      const list = await json<TokenList>(await server().request('GET', '/v1/quire/tokens'), 200);
      expect(list.count).toBe(1);
      expect(list.items[0]).toMatchObject({ object: 'api-token', label: 'quire serve (admin)', current: true, user: { id: server().admin.user.id, email: 'admin@localhost' } });
      expect(list.items[0]!.lastUsedAt).toBeDefined();
      await json(await create({ label: 'second' }), 201);
      const first = await json<TokenList>(await server().request('GET', '/v1/quire/tokens?limit=1'), 200);
      expect(first).toMatchObject({ count: 2, items: [{ label: 'quire serve (admin)' }] });
      const second = await json<TokenList>(await server().request('GET', `/v1/quire/tokens?limit=1&page=${first.next!.page}`), 200);
      expect(second.items.map((item) => item.label)).toEqual(['second']);
      expect(second.next).toBeUndefined();
    });

    it('creates a token with an expiry: the value is in the answer once, never in a list', async () => {
      const answer = await create({ label: 'CI', expiresIn: '30d' });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const created = await json<Token & { token: string }>(answer, 201);
      expect(created).toMatchObject({ object: 'api-token', label: 'CI', current: false, user: { id: server().admin.user.id } });
      expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBeGreaterThan(29 * 86_400_000);
      expect(created.token).toMatch(/^quire_/);
      expect(created.lastUsedAt).toBeUndefined();
      expect(((await json<{ id: string }>(await whoAmI(created.token), 200))).id).toBe(server().admin.user.id);
      const listed = await server().request('GET', '/v1/quire/tokens', { token: created.token });
      const text = await listed.clone().text();
      expect(text).not.toContain(created.token);
      const mine = (await json<TokenList>(listed, 200)).items.find((item) => item.id === created.id)!;
      expect(mine).toMatchObject({ current: true, expiresAt: created.expiresAt });
      expect(mine.lastUsedAt).toBeDefined();
      const at = await json<Token>(await create({ expiresAt: '2027-03-01T12:00:00+01:00' }), 201);
      expect(at).toMatchObject({ label: 'created through the API', expiresAt: '2027-03-01T11:00:00.000Z' });
    });

    it.each([
      [{ expiresAt: '2020-01-01T00:00:00Z' }, /^expiresAt must be in the future/],
      [{ expiresAt: 'tomorrow' }, /^expiresAt must be an ISO 8601 date-time/],
      [{ expiresAt: '2027-01-01T00:00:00' }, /^expiresAt must be an ISO 8601 date-time with a time zone/],
      [{ expiresAt: '2099-01-01T00:00:00Z' }, /^expiresAt must be at most 3650 days away/],
      [{ expiresIn: 'soon' }, /^expiresIn must be a whole number of minutes, hours, days or weeks/],
      [{ expiresIn: '0d' }, /^expiresIn must be/],
      [{ expiresIn: '3651d' }, /^expiresIn must be .* at most 3650d/],
      [{ expiresIn: '1d', expiresAt: '2027-01-01T00:00:00Z' }, /give expiresAt or expiresIn, not both/],
      [{ label: '' }, /label/],
      [{ label: 'x', userId: 'someone-else' }, /userId/],
    ])('refuses %j with a 400 naming the field', async (body, message) => {
      const answer = await json<{ error: { code: number; message: string } }>(await create(body), 400);
      expect(answer.error.message).toMatch(message);
    });

    it('never lets a token outlive the token that makes it', async () => {
      const short = await json<Token & { token: string }>(await create({ label: 'short', expiresIn: '1h' }), 201);
      const inherited = await json<Token>(await create({ label: 'child' }, short.token), 201);
      expect(inherited.expiresAt).toBe(short.expiresAt);
      const longer = await json<{ error: { message: string } }>(await create({ expiresIn: '2h' }, short.token), 400);
      expect(longer.error.message).toMatch(/^expiresIn: a token cannot outlive the token that makes it, which expires at /);
      expect((await create({ expiresIn: '30m' }, short.token)).status).toBe(201);
    });

    it('refuses an expired token with a 401 that says so, and a revoked one exactly like an unknown one', async () => {
      const expiring = await json<Token & { token: string }>(await create({ label: 'expiring', expiresIn: '10m' }), 201);
      const revoked = await json<Token & { token: string }>(await create({ label: 'revoked' }), 201);
      expect((await whoAmI(expiring.token)).status).toBe(200);
      expect((await whoAmI(revoked.token)).status).toBe(200);
      expect(await json(await server().request('DELETE', `/v1/quire/tokens/${revoked.id}`), 205)).toBeUndefined();
      const revokedAnswer = await whoAmI(revoked.token);
      const unknownAnswer = await whoAmI('quire_never-made-this-one');
      expect(revokedAnswer.status).toBe(401);
      expect(await revokedAnswer.json()).toEqual(await unknownAnswer.json());
      clock.advance(11 * 60_000);
      const expired = await json<{ error: { code: number; message: string } }>(await whoAmI(expiring.token), 401);
      expect(expired.error.message).toBe(`the bearer token expired at ${expiring.expiresAt}: make a new one (quire token create)`);
      // Listed until revoked, so an owner sees what lapsed.
      const listed = await json<TokenList>(await server().request('GET', '/v1/quire/tokens?limit=1000'), 200);
      expect(listed.items.map((item) => item.id)).toContain(expiring.id);
      expect(listed.items.map((item) => item.id)).not.toContain(revoked.id);
    });

    it("revokes one's own tokens, the one in use too; another user's is a 404, like one that does not exist", async () => {
      const reader = await server().tokenFor({ user: 'reader@example.com', organization: server().admin.organization.id, role: 'read' });
      const readerTokens = await json<TokenList>(await server().request('GET', '/v1/quire/tokens', { token: reader }), 200);
      expect(readerTokens.items.map((item) => item.user.email)).toEqual(['reader@example.com']);
      const adminTokenId = (await json<TokenList>(await server().request('GET', '/v1/quire/tokens'), 200)).items.find((item) => item.current)!.id;
      const refused = await json<{ error: { message: string } }>(await server().request('DELETE', `/v1/quire/tokens/${adminTokenId}`, { token: reader }), 404);
      const absent = await json<{ error: { message: string } }>(await server().request('DELETE', '/v1/quire/tokens/no-such-token', { token: reader }), 404);
      expect(refused.error.message.replace(adminTokenId, 'ID')).toBe(absent.error.message.replace('no-such-token', 'ID'));
      expect((await whoAmI(server().admin.token)).status).toBe(200);

      const own = await json<Token & { token: string }>(await create({ label: 'self-revoking' }, reader), 201);
      expect(await json(await server().request('DELETE', `/v1/quire/tokens/${own.id}`, { token: own.token }), 205)).toBeUndefined();
      expect((await whoAmI(own.token)).status).toBe(401);
      expect((await server().request('DELETE', `/v1/quire/tokens/${own.id}`, { token: reader })).status).toBe(404);
    });

    it("lets an organization's admins list and revoke its members' tokens, and no one else", async () => {
      const organizationId = server().admin.organization.id;
      const member = await server().tokenFor({ user: 'member@example.com', organization: organizationId, role: 'edit' });
      const reader = await server().tokenFor({ user: 'viewer@example.com', organization: organizationId, role: 'read' });
      const outsider = await server().tokenFor({ user: 'outsider@example.com', organization: (await server().store.createOrganization({ title: 'Elsewhere' })).id, role: 'admin' });
      const path = `/v1/orgs/${organizationId}/quire/tokens`;

      const all = await json<TokenList>(await server().request('GET', `${path}?limit=1000`), 200);
      const emails = all.items.map((item) => item.user.email);
      expect(emails).toEqual(expect.arrayContaining(['admin@localhost', 'member@example.com', 'viewer@example.com']));
      expect(emails).not.toContain('outsider@example.com');
      const memberTokenId = all.items.find((item) => item.user.email === 'member@example.com')!.id;
      const outsiderTokenId = (await json<TokenList>(await server().request('GET', '/v1/quire/tokens', { token: outsider }), 200)).items[0]!.id;

      // A reader (or an editor) of the organization may neither see nor revoke others' tokens: 403, naming the role.
      for (const token of [reader, member]) {
        const listed = await json<{ error: { message: string } }>(await server().request('GET', path, { token }), 403);
        expect(listed.error.message).toMatch(/needs the admin role/);
        expect((await server().request('DELETE', `${path}/${memberTokenId}`, { token: reader })).status).toBe(403);
      }
      // Someone outside the organization does not learn it exists.
      expect((await server().request('GET', path, { token: outsider })).status).toBe(404);
      expect((await server().request('DELETE', `${path}/${memberTokenId}`, { token: outsider })).status).toBe(404);
      expect((await whoAmI(member)).status).toBe(200);

      // An admin may not reach a token of someone outside the organization through it.
      expect((await server().request('DELETE', `${path}/${outsiderTokenId}`)).status).toBe(404);
      expect((await whoAmI(outsider)).status).toBe(200);

      expect(await json(await server().request('DELETE', `${path}/${memberTokenId}`), 205)).toBeUndefined();
      expect((await whoAmI(member)).status).toBe(401);
      expect((await server().request('DELETE', `${path}/${memberTokenId}`)).status).toBe(404);
    });
  },
  { now: clock.now },
);
