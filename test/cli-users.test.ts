// `quire user add | list` and `quire token create --user` in child processes of bin/quire.js, on the data folder of
// a running `quire serve`: people are added (idempotently, the role changed only when asked), get a token that the
// running service accepts, show up with their last-seen time once they use it, and a token is refused for an
// address no user has (nothing is created).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuire, startServe, type Served } from './support/serve-process.ts';

interface Added {
  user: { id: string; email: string; name: string; created: boolean };
  organization: string;
  role: string;
  addedToOrganization: boolean;
}

interface ListedMember {
  id: string;
  email: string | null;
  name: string;
  role: string;
  joinedAt: string;
  lastSeenAt: string | null;
}

const env = { QUIRE_API_ATTEMPTS: '1', QUIRE_API_URL: undefined, QUIRE_TOKEN: undefined };
const work = mkdtempSync(join(tmpdir(), 'quire-cli-users-'));
const data = join(work, 'data');
let served: Served;
let organizationId: string;

const quire = (...args: string[]) => runQuire(args, { cwd: work, env });
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

describe('quire user, on the data folder', () => {
  it('adds a person once, changes the role only when asked, and a token made for them works on the running service', async () => {
    const ada = await json<Added>('user', 'add', 'ada@example.com', '--name', 'Ada Lovelace', '--role', 'edit', '--data', data);
    expect(ada).toMatchObject({ user: { email: 'ada@example.com', name: 'Ada Lovelace', created: true }, organization: organizationId, role: 'edit', addedToOrganization: true });
    const again = await json<Added>('user', 'add', 'ada@example.com', '--data', data);
    expect(again).toMatchObject({ user: { id: ada.user.id, created: false }, role: 'edit', addedToOrganization: false });
    expect(await json<Added>('user', 'add', 'ada@example.com', '--role', 'read', '--data', data)).toMatchObject({ role: 'read' });

    const text = await quire('user', 'add', 'rita@example.com', '--role', 'guest', '--data', data);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Added rita <rita@example\.com> \(user \S+, new\): guest in organization .* \(\S+\)\.\n$/);
    expect(text.stderr).toContain('quire token create --user rita@example.com');

    const minted = await json<{ token: string; user: { email: string; created: boolean }; role: string }>('token', 'create', '--user', 'ada@example.com', '--data', data);
    expect(minted).toMatchObject({ user: { email: 'ada@example.com', created: false }, role: 'read' });
    const me = await fetch(`${served.baseUrl}/v1/user`, { headers: { authorization: `Bearer ${minted.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: ada.user.id, displayName: 'Ada Lovelace' });

    // Using the token marked Ada seen; Rita, who has no token, was never seen.
    const members = await json<ListedMember[]>('user', 'list', '--data', data);
    expect(members.map((member) => [member.email, member.role])).toEqual([
      ['admin@localhost', 'admin'],
      ['ada@example.com', 'read'],
      ['rita@example.com', 'guest'],
    ]);
    expect(members[1]!.lastSeenAt).toEqual(expect.any(String));
    expect(members[2]!.lastSeenAt).toBeNull();

    const table = await quire('user', 'list', '--data', data, '--org', organizationId);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +EMAIL +NAME +ROLE +JOINED +LAST SEEN +REMOVAL$/);
    expect(lines[2]).toMatch(new RegExp(`^${ada.user.id} +ada@example.com +Ada Lovelace +read +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ +\\d{4}-`));
    expect(lines[3]).toMatch(/ guest +\d{4}-\d\d-\d\d \d\d:\d\dZ +never +-$/);
  }, 120_000);

  it('refuses a token for an address no user has, and creates nobody', async () => {
    const refused = await quire('token', 'create', '--user', 'nobody@example.com', '--data', data);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('quire: NOT_FOUND: --user: no user has the e-mail address nobody@example.com: add them first with quire user add nobody@example.com\n');
    expect(refused.stdout).toBe('');
    expect((await json<ListedMember[]>('user', 'list', '--data', data)).map((member) => member.email)).not.toContain('nobody@example.com');
  }, 60_000);

  it.each([
    [['user', 'add', 'not-an-address', '--data', data], /email must be an e-mail address \(name@example.com\), not "not-an-address"/],
    [['user', 'add', 'ada@example.com', '--name', 'tab\there', '--data', data], /name must be 1 to 200 characters with no control character/],
    [['user', 'add', 'ada@example.com', '--role', 'owner', '--data', data], /argument 'owner' is invalid/],
    [['user', 'add', 'ada@example.com', '--org', 'no-such-org', '--data', data], /NOT_FOUND: .*no-such-org/],
    [['user', 'add', 'ada@example.com', '--api', 'http://127.0.0.1:9'], /unknown option '--api'/],
    [['user', 'list', '--data', join(work, 'nothing-here')], /there is no service in .*nothing-here/],
  ])('quire %j is wrong usage (exit 2), saying why', async (args, said) => {
    const run = await quire(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(said);
  }, 60_000);
});
