// `quire sync` and `quire export` as a user runs them (child processes of bin/quire.js) against APIs that cannot
// be used: each ends with a message naming the URL, what it was given with and what to check, and the exit code
// of docs/exit-codes.md (4), never silently. Also https asked of an http server, and a 401 without a token.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every case runs the command in a child process, several times in a loop: a busy machine takes seconds for each.
import type { LocalServer } from '../src/client/fixtures/local-server.ts';
import { gitdir, type FixtureRepository } from '../src/git/gitdir-fixture.ts';
import { runQuire } from './support/serve-process.ts';
import { answeringServer, testAttempts, unusableApis, type UnusableApi } from './support/unusable-apis.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-cli-failures-'));
const env = { QUIRE_API_ATTEMPTS: testAttempts, QUIRE_API_URL: undefined, QUIRE_TOKEN: undefined };
let unavailable: LocalServer;
let unauthenticated: LocalServer;
let apis: UnusableApi[];
let repo: FixtureRepository;

beforeAll(async () => {
  unavailable = await answeringServer(503, 'down for maintenance');
  unauthenticated = await answeringServer(401, 'Missing or unknown token');
  apis = await unusableApis(unavailable);
  repo = await gitdir({ 'README.md': '# Docs\n\nHello.\n' }, { checkout: true });
});

afterAll(async () => {
  await unavailable?.close();
  await unauthenticated?.close();
  await repo?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('an API that cannot be used', () => {
  it('quire sync says which API, given with what, and what to check, and exits 4', async () => {
    for (const api of apis) {
      const run = await runQuire(['sync', '--api', api.url, '--space', 's1'], { cwd: repo.dir, env });
      expect(run.stderr, api.name).toMatch(api.said('--api'));
      expect(run.code, `${api.name}: ${run.stderr}`).toBe(4);
      const fromEnvironment = await runQuire(['sync', '--space', 's1'], { cwd: repo.dir, env: { ...env, QUIRE_API_URL: api.url } });
      expect(fromEnvironment.stderr, api.name).toMatch(api.said('QUIRE_API_URL'));
      expect(fromEnvironment.code, api.name).toBe(4);
    }
    expect(existsSync(join(repo.dir, '.quire'))).toBe(false);
  }, 240_000);

  it('quire export says the same, exits 4 and writes no --out folder', async () => {
    for (const api of apis) {
      const out = join(work, 'site');
      const run = await runQuire(['export', '--site', 'site1', '--out', out, '--api', api.url, '--token', 'qt_test'], { cwd: work, env });
      expect(run.stderr, api.name).toMatch(api.said('--api'));
      expect(run.code, `${api.name}: ${run.stderr}`).toBe(4);
      expect(existsSync(out), api.name).toBe(false);
    }
    expect(existsSync(join(work, '.quire'))).toBe(false);
  }, 240_000);

  it('says the server speaks http, not https, when https is asked of a plain http server, without retrying', async () => {
    const https = unavailable.origin.replace('http:', 'https:');
    const requestsBefore = unavailable.requests.length;
    const run = await runQuire(['sync', '--api', https, '--space', 's1'], { cwd: repo.dir, env });
    expect(run.stderr).toContain(`cannot reach the API at ${https} (--api): the server speaks http, not https (`);
    expect(run.stderr).toContain('); use http:// in --api');
    expect(run.stderr).not.toMatch(/attempts|OpenSSL|ssl3_get_record/);
    expect(run.code).toBe(4);
    expect(unavailable.requests.length).toBe(requestsBefore);
  });

  it('asks for --token or QUIRE_TOKEN on a 401 without a token, and names the token that was refused', async () => {
    const without = await runQuire(['sync', '--api', unauthenticated.origin, '--space', 's1'], { cwd: repo.dir, env });
    expect(without.stderr).toMatch(/with 401: Missing or unknown token; it needs a token: give one with --token or QUIRE_TOKEN/);
    expect(without.code).toBe(1);
    const refused = await runQuire(['sync', '--api', unauthenticated.origin, '--space', 's1'], { cwd: repo.dir, env: { ...env, QUIRE_TOKEN: 'qt_stale' } });
    expect(refused.stderr).toMatch(/refused the token from QUIRE_TOKEN \(GET \/v1\/\S+ answered 401: Missing or unknown token\); check that it is a current token/);
    expect(refused.stderr).not.toContain('qt_stale');
    expect(refused.code).toBe(1);
  }, 120_000);

  it('names --api, not the client option, when the URL is wrong', async () => {
    const run = await runQuire(['export', '--site', 'site1', '--out', join(work, 'site'), '--api', `${unavailable.origin}/v1`, '--token', 'qt_test'], { cwd: work, env });
    expect(run.stderr).toContain('quire: INVALID_ARGUMENT: --api is the API origin, without /v1 (http://127.0.0.1:');
    expect(run.stderr).not.toContain('options.baseUrl');
    expect(run.code).toBe(2);
  });
});
