// Issue 12, token lifecycle: "revocation takes effect at once on every process in scale-out". Two `quire serve`
// processes on one PostgreSQL database: a token revoked through one is refused by the other at its very next
// request (tokens are read from the database on every request, never cached), and so is one revoked with
// `quire token revoke --database` from a third process. lastUsedAt written by one process is read by the other.
import { describe, expect, it } from 'vitest';
import { runQuire, type Served } from './support/serve-process.ts';
import { useTwoServers } from './support/two-servers.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const skipReason = databaseUrl ? undefined : 'QUIRE_TEST_DATABASE_URL is not set (CI sets it to the machine PostgreSQL server)';

interface Token {
  id: string;
  token: string;
  lastUsedAt?: string;
}

describe.skipIf(skipReason !== undefined)(`token revocation across two server processes on one PostgreSQL database${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const servers = useTwoServers(databaseUrl!, 'quire-token-scale-out-');

  const call = (served: Served, method: string, path: string, token: string, body?: unknown) =>
    fetch(`${served.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newToken = async (label: string): Promise<Token> => {
    const answer = await call(servers().one, 'POST', '/v1/quire/tokens', servers().one.token, { label });
    expect(answer.status).toBe(201);
    return (await answer.json()) as Token;
  };

  it('a token revoked through one process is refused by the other at its very next request, as an unknown token is', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await newToken(`round ${round}`);
      expect((await call(servers().two, 'GET', '/v1/user', created.token)).status).toBe(200);
      expect((await call(servers().one, 'GET', '/v1/user', created.token)).status).toBe(200);
      expect((await call(servers().one, 'DELETE', `/v1/quire/tokens/${created.id}`, servers().one.token)).status).toBe(205);
      const refused = await call(servers().two, 'GET', '/v1/user', created.token);
      expect(refused.status).toBe(401);
      const unknown = await call(servers().two, 'GET', '/v1/user', 'quire_never-made');
      expect(await refused.json()).toEqual(await unknown.json());
    }
  });

  it('lastUsedAt written by one process is listed by the other', async () => {
    const created = await newToken('used on two');
    expect((await call(servers().two, 'GET', '/v1/user', created.token)).status).toBe(200);
    const listed = (await (await call(servers().one, 'GET', '/v1/quire/tokens?limit=1000', servers().one.token)).json()) as { items: Token[] };
    expect(listed.items.find((item) => item.id === created.id)!.lastUsedAt).toBeDefined();
  });

  it('quire token revoke --database, from a third process, is refused by both servers at once', async () => {
    const created = await newToken('revoked from the command line');
    expect((await call(servers().two, 'GET', '/v1/user', created.token)).status).toBe(200);
    const revoked = await runQuire(['token', 'revoke', created.id, '--data', servers().data, '--database', servers().databaseUrl]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await call(servers().one, 'GET', '/v1/user', created.token)).status).toBe(401);
    expect((await call(servers().two, 'GET', '/v1/user', created.token)).status).toBe(401);
  }, 120_000);
});
