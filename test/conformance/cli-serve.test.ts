// `quire serve` and `quire token create` as a user runs them: child processes on real sockets (port 0).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { postgresSkipReason } from './harness.ts';
import { ResponseValidator } from './response-validator.ts';
import { runQuire, startServe, type Served } from '../support/serve-process.ts';

const validator = new ResponseValidator();

function client(served: Served, token = served.token): GitBookAPI {
  const validatingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    validator.check({ method: init?.method ?? 'GET', url: String(input), status: response.status, contentType: response.headers.get('content-type'), body: await response.clone().text() });
    return response;
  };
  return new GitBookAPI({ endpoint: served.baseUrl, authToken: token, serviceBinding: { fetch: validatingFetch } });
}

describe('quire serve (SQLite in --data)', () => {
  const data = join(mkdtempSync(join(tmpdir(), 'quire-serve-')), 'data');
  afterAll(() => rmSync(join(data, '..'), { recursive: true, force: true }));

  it('creates the admin token (mode 0600), serves the API, and exits 0 on SIGINT', async () => {
    const served = await startServe(['--data', data]);
    try {
      const tokenFile = join(data, 'admin-token');
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(tokenFile, 'utf8').trim()).toBe(served.token);
      expect(served.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const api = client(served);
      expect((await api.user.getAuthenticatedUser()).data.email).toBe('admin@localhost');
      const { data: organizations } = await api.orgs.listOrganizationsForAuthenticatedUser();
      expect(organizations.items).toHaveLength(1);
      await api.orgs.createSpace(organizations.items[0]!.id, { title: 'Survives restarts' });
    } finally {
      served.child.kill('SIGINT');
    }
    expect(await served.exited).toEqual({ code: 0, signal: null });
    expect(served.stderr()).toContain('shutting down');
  });

  it('reuses the token and the data on a second start; token create mints tokens that work; SIGTERM exits 0', async () => {
    const before = readFileSync(join(data, 'admin-token'), 'utf8');
    const served = await startServe(['--data', data]);
    try {
      expect(readFileSync(join(data, 'admin-token'), 'utf8')).toBe(before);
      expect(served.token).toBe(before.trim());
      expect(served.stdout()).not.toContain('new, saved');
      const api = client(served);
      const organizationId = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
      expect((await api.orgs.listSpacesInOrganizationById(organizationId)).data.items.map((space) => space.title)).toEqual(['Survives restarts']);

      expect((await runQuire(['user', 'add', 'reader@example.com', '--data', data])).code).toBe(0);
      const minted = await runQuire(['token', 'create', '--data', data, '--user', 'reader@example.com', '--role', 'read']);
      expect(minted.code).toBe(0);
      const readerToken = minted.stdout.trim();
      expect(readerToken).toMatch(/^quire_\S+$/);
      const asReader = client(served, readerToken);
      expect((await asReader.user.getAuthenticatedUser()).data.email).toBe('reader@example.com');
      expect(await statusOf(asReader.orgs.updateOrganizationById(organizationId, { title: 'Readers rule' }))).toBe(403);

      const json = await runQuire(['token', 'create', '--data', data, '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({ token: expect.stringMatching(/^quire_/), organization: organizationId, role: 'admin' });
      const badRole = await runQuire(['token', 'create', '--data', data, '--role', 'owner']);
      expect(badRole.code).toBe(2);
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await served.exited).toEqual({ code: 0, signal: null });
  });

  it('says so, and exits 2 (wrong usage: docs/exit-codes.md), when the port is taken', async () => {
    const served = await startServe(['--data', data]);
    try {
      const port = new URL(served.baseUrl).port;
      const second = await runQuire(['serve', '--data', data, '--port', port]);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`port ${port}`);
    } finally {
      served.child.kill('SIGINT');
      await served.exited;
    }
  });

  it('explains itself in --help', async () => {
    const help = await runQuire(['serve', '--help']);
    expect(help.stdout).toContain('--database <url>');
    expect(help.stdout).toContain('admin-token');
    const tokenHelp = await runQuire(['token', 'create', '--help']);
    expect(tokenHelp.stdout).toContain('--user <id|email>');
  });
});

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
describe.skipIf(postgresSkipReason !== undefined)(`quire serve --database (postgres${postgresSkipReason === undefined ? '' : `; skipped: ${postgresSkipReason}`})`, () => {
  const schema = `quire_test_${Math.random().toString(36).slice(2, 10)}`;
  let data: string;
  let admin: pg.Client;
  let connected = false;
  let schemaCreated = false;
  let url: string;
  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'quire-serve-pg-'));
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    connected = true;
    await admin.query(`create schema "${schema}"`);
    schemaCreated = true;
    const parsed = new URL(databaseUrl!);
    parsed.searchParams.set('options', `-c search_path=${schema}`);
    url = parsed.toString();
  });
  afterAll(async () => {
    // Undo only what beforeAll got to.
    if (schemaCreated) await admin.query(`drop schema "${schema}" cascade`);
    if (connected) await admin.end();
    if (data) rmSync(data, { recursive: true, force: true });
  });

  it('serves one database from two processes', async () => {
    const first = await startServe(['--data', data, '--database', url]);
    const second = await startServe(['--data', data, '--database', url]);
    try {
      expect(second.token).toBe(first.token);
      const organizationId = (await client(first).orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
      const { data: space } = await client(first).orgs.createSpace(organizationId, { title: 'Shared' });
      expect((await client(second).spaces.getSpaceById(space.id)).data.title).toBe('Shared');
      const tables = await admin.query(`select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'spaces'`, [schema]);
      expect(tables.rows[0].n).toBe(1);
    } finally {
      first.child.kill('SIGINT');
      second.child.kill('SIGINT');
    }
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
