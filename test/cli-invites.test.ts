// `quire invite <email> | list | revoke` in child processes of bin/quire.js, through the API of a running
// `quire serve` (--api/--token) and on its data folder: the join link printed, joining with it, listing and
// revoking pending invites.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuire, startServe, type Served } from './support/serve-process.ts';

const env = { QUIRE_API_ATTEMPTS: '1', QUIRE_API_URL: undefined, QUIRE_TOKEN: undefined };
const work = mkdtempSync(join(tmpdir(), 'quire-cli-invites-'));
const data = join(work, 'data');
let served: Served;
let organizationId: string;

const quire = (...args: string[]) => runQuire(args, { cwd: work, env });
const api = () => ['--api', served.baseUrl, '--token', served.token];

interface Listed {
  organization: string;
  emails: { id: string; email: string; role: string | null; url: string }[];
  links: { id: string; role: string | null }[];
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

describe('quire invite', () => {
  it('prints a join link that the invited user joins with, with the invite role', async () => {
    const invited = await quire('invite', 'ada@example.com', '--role', 'edit', '--org', organizationId, ...api());
    expect(invited.code, invited.stderr).toBe(0);
    const url = invited.stdout.trim();
    expect(url).toMatch(new RegExp(`^${served.baseUrl}/v1/orgs/${organizationId}/invites/[A-Za-z0-9_-]+$`));
    expect(invited.stderr).toMatch(/invited ada@example.com as edit/);

    // Ada gets an account (a guest until she joins) and a token, then joins through the link and becomes an editor.
    const added = await quire('user', 'add', 'ada@example.com', '--role', 'guest', '--data', data);
    expect(added.code, added.stderr).toBe(0);
    const token = await quire('token', 'create', '--data', data, '--user', 'ada@example.com');
    expect(token.code, token.stderr).toBe(0);
    const joined = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token.stdout.trim()}` } });
    expect(joined.status).toBe(200);
    const members = (await (await fetch(`${served.baseUrl}/v1/orgs/${organizationId}/members?search=ada`, { headers: { authorization: `Bearer ${served.token}` } })).json()) as {
      items: { role: string; user: { email: string } }[];
    };
    expect(members.items.map((member) => [member.user.email, member.role])).toEqual([['ada@example.com', 'edit']]);
    // Used up: the link answers 404 now.
    expect((await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token.stdout.trim()}` } })).status).toBe(404);
  }, 120_000);

  it('lists pending invites and revokes one, on the data folder; an unknown id exits 2', async () => {
    const invited = await quire('invite', 'bob@example.com', '--data', data, '--json');
    expect(invited.code, invited.stderr).toBe(0);
    const made = JSON.parse(invited.stdout) as { invited: number; invite: { id: string; email: string; role: string | null } };
    expect(made).toMatchObject({ invited: 1, invite: { email: 'bob@example.com', role: 'read' } });

    const listed = await quire('invite', 'list', ...api(), '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const pending = JSON.parse(listed.stdout) as Listed;
    expect(pending.emails.map((invite) => invite.email)).toEqual(['bob@example.com']);
    const table = await quire('invite', 'list', '--data', data);
    expect(table.stdout).toMatch(new RegExp(`^${made.invite.id}  email  bob@example.com  read  http`, 'm'));

    const revoked = await quire('invite', 'revoke', made.invite.id, '--data', data);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((JSON.parse((await quire('invite', 'list', ...api(), '--json')).stdout) as Listed).emails).toEqual([]);
    const again = await quire('invite', 'revoke', made.invite.id, ...api());
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/does not exist/);
    const badRole = await quire('invite', 'cy@example.com', '--role', 'owner', ...api());
    expect(badRole.code).toBe(2);
    const badAddress = await quire('invite', 'not-an-address', ...api());
    expect(badAddress.code).toBe(1);
    expect(badAddress.stderr).toMatch(/emails\/0/);
  }, 120_000);
});
