// `quire token create | list | revoke` in child processes of bin/quire.js, on the data folder of a running
// `quire serve` and through its API (--api/--token): expiry, the table and --json, who may see and revoke what,
// and that a revoked token is refused at once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuire, startServe, type Served } from './support/serve-process.ts';

interface ListedToken {
  id: string;
  label: string;
  user: { id: string; email?: string };
  createdAt: string;
  expiresAt?: string;
  lastUsedAt?: string;
  current: boolean;
}

const env = { QUIRE_API_ATTEMPTS: '1', QUIRE_API_URL: undefined, QUIRE_TOKEN: undefined };
const work = mkdtempSync(join(tmpdir(), 'quire-cli-tokens-'));
const data = join(work, 'data');
let served: Served;
let organizationId: string;

const quire = (...args: string[]) => runQuire(args, { cwd: work, env });
const api = () => ['--api', served.baseUrl];
/** Runs a command that must succeed and prints JSON; returns it parsed. */
async function json<T>(...args: string[]): Promise<T> {
  const run = await quire(...args, '--json');
  expect(run.code, `quire ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout) as T;
}

beforeAll(async () => {
  served = await startServe(['--data', data]);
  organizationId = /organization\s+.*\((\S+)\)/.exec(served.stdout())![1]!;
}, 120_000);

afterAll(async () => {
  served?.child.kill('SIGINT');
  await served?.exited;
  rmSync(work, { recursive: true, force: true });
});

describe('quire token, on the data folder and through the API', () => {
  it('creates tokens that expire, lists them as a table and as JSON, with who, when made, when they expire and last use', async () => {
    expect((await quire('user', 'add', 'ada@example.com', '--data', data)).code).toBe(0);
    const ada = await json<{ token: string; id: string; user: { email: string }; role: string; expiresAt: string }>(
      'token', 'create', '--data', data, '--user', 'ada@example.com', '--role', 'read', '--label', 'ada laptop', '--expires-in', '30d',
    );
    expect(ada).toMatchObject({ user: { email: 'ada@example.com' }, role: 'read' });
    expect(Date.parse(ada.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await quire('token', 'list', ...api(), '--token', ada.token)).code).toBe(0);

    const listed = await json<ListedToken[]>('token', 'list', '--data', data);
    expect(listed.map((token) => [token.label, token.user.email])).toEqual([
      ['quire serve (admin)', 'admin@localhost'],
      ['ada laptop', 'ada@example.com'],
    ]);
    expect(listed[1]).toMatchObject({ id: ada.id, expiresAt: ada.expiresAt, current: false });
    expect(listed[1]!.lastUsedAt).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(ada.token);
    expect((await json<ListedToken[]>('token', 'list', '--data', data, '--user', 'ada@example.com')).map((token) => token.id)).toEqual([ada.id]);

    const table = await quire('token', 'list', '--data', data);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +LABEL +USER +CREATED +EXPIRES +LAST USED$/);
    expect(lines[2]).toMatch(new RegExp(`^${ada.id} +ada laptop +ada@example.com +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ +${ada.expiresAt.slice(0, 10)} \\d\\d:\\d\\dZ +\\d{4}-`));
  }, 120_000);

  it('creates a token for oneself through the API, no longer-lived than the token that asks', async () => {
    const created = await quire('token', 'create', ...api(), '--token', served.token, '--label', 'CI', '--expires-in', '2h');
    expect(created.code, created.stderr).toBe(0);
    const ci = created.stdout.trim();
    expect(ci).toMatch(/^quire_\S+$/);
    expect(created.stderr).toMatch(/^quire: token \S+ for admin@localhost, expires \d{4}-/);
    const mine = await json<ListedToken[]>('token', 'list', ...api(), '--token', ci);
    expect(mine.find((token) => token.current)).toMatchObject({ label: 'CI', user: { email: 'admin@localhost' } });
    expect(mine.map((token) => token.user.email)).not.toContain('ada@example.com');

    const longer = await quire('token', 'create', ...api(), '--token', ci, '--expires-in', '3h');
    expect(longer.code).toBe(1);
    expect(longer.stderr).toMatch(/cannot outlive the token that makes it/);
    const withUser = await quire('token', 'create', ...api(), '--token', ci, '--user', 'ada@example.com');
    expect(withUser.code).toBe(2);
    expect(withUser.stderr).toMatch(/--user works on the data folder/);
  }, 120_000);

  it("lets an organization admin list and revoke members' tokens through the API, and refuses a reader", async () => {
    expect((await quire('user', 'add', 'rita@example.com', '--data', data)).code).toBe(0);
    const reader = await json<{ token: string; id: string }>('token', 'create', '--data', data, '--user', 'rita@example.com', '--role', 'read');
    const members = await json<ListedToken[]>('token', 'list', ...api(), '--token', served.token, '--organization', organizationId);
    expect(members.map((token) => token.id)).toContain(reader.id);

    const refused = await quire('token', 'list', ...api(), '--token', reader.token, '--organization', organizationId);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/403.*needs the admin role/);
    const adminTokenId = members.find((token) => token.current)!.id;
    const notHers = await quire('token', 'revoke', adminTokenId, ...api(), '--token', reader.token);
    expect(notHers.code).toBe(1);
    expect(notHers.stderr).toMatch(/404/);

    const revoked = await quire('token', 'revoke', reader.id, ...api(), '--token', served.token, '--organization', organizationId);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(`Revoked API token ${reader.id}: it is refused from now on.\n`);
    const after = await quire('token', 'list', ...api(), '--token', reader.token);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/401: the bearer token is unknown or revoked/);
  }, 120_000);

  it('revokes on the data folder, and the running service refuses the token at its next request', async () => {
    expect((await quire('user', 'add', 'bot@example.com', '--data', data)).code).toBe(0);
    const bot = await json<{ token: string; id: string }>('token', 'create', '--data', data, '--user', 'bot@example.com', '--role', 'edit');
    expect((await quire('token', 'list', ...api(), '--token', bot.token)).code).toBe(0);
    expect(await json('token', 'revoke', bot.id, '--data', data)).toEqual({ revoked: bot.id });
    expect((await quire('token', 'list', ...api(), '--token', bot.token)).code).toBe(1);
    const again = await quire('token', 'revoke', bot.id, '--data', data);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`quire: NOT_FOUND: API token ${bot.id} does not exist\n`);
  }, 120_000);

  it('rotates the admin token: revoked on the data folder, refused at once, and the next quire serve writes a new one', async () => {
    const admin = (await json<ListedToken[]>('token', 'list', '--data', data, '--user', 'admin@localhost')).find((token) => token.label === 'quire serve (admin)')!;
    expect((await quire('token', 'revoke', admin.id, '--data', data)).code).toBe(0);
    expect((await quire('token', 'list', ...api(), '--token', served.token)).code).toBe(1);
    served.child.kill('SIGINT');
    await served.exited;
    const old = served.token;
    served = await startServe(['--data', data]);
    expect(served.token).not.toBe(old);
    expect(readFileSync(join(data, 'admin-token'), 'utf8').trim()).toBe(served.token);
    expect((await quire('token', 'list', ...api(), '--token', served.token)).code).toBe(0);
  }, 120_000);

  it.each([
    [['token', 'create', '--data', data, '--expires-at', '2020-01-01T00:00:00Z'], /--expires-at must be in the future/],
    [['token', 'create', '--data', data, '--expires-in', '30days'], /--expires-in must be a whole number of minutes, hours, days or weeks/],
    [['token', 'create', '--data', data, '--expires-in', '1d', '--expires-at', '2030-01-01T00:00:00Z'], /give --expires-at or --expires-in, not both/],
    [['token', 'list', '--data', join(work, 'nothing-here')], /there is no service in .*nothing-here/],
    [['token', 'list', '--api', 'http://127.0.0.1:9'], /--token \(or QUIRE_TOKEN\) is required with --api/],
  ])('quire %j is wrong usage (exit 2), saying why', async (args, said) => {
    const run = await quire(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(said);
  }, 60_000);
});
