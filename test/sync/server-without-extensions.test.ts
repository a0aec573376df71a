// Sync needs Quire's API extensions (docs/api-extensions.md). Against a server that implements only the published
// API (`GET /v1/quire` answers 404), it must stop before it changes anything, name what is missing, and make no
// request beyond asking.
import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index.ts';
import { initRepository, writeCommit } from '../../src/git/index.ts';
import { defaultMessagePrefix, runSync } from '../../src/sync/index.ts';

const requests: string[] = [];
let server: Server;
let baseUrl: string;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'quire-sync-published-only-'));
  // A server of the published API only, as far as sync can tell: every Quire route is unknown to it.
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 404, message: 'Not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  // Whatever beforeAll did not get to is unset.
  if (server?.listening) await new Promise((resolve) => server.close(resolve));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('sync against a server without the extensions', () => {
  it('stops before changing anything and names the extensions it needs', async () => {
    const repo = await initRepository({ fs, dir: join(folder, 'repo') });
    await writeCommit(repo, {
      parent: null,
      changes: { write: new Map([['README.md', new TextEncoder().encode('# Home\n')]]) },
      author: { name: 'T', email: 't@quire.invalid', timestamp: 1_700_000_000, timezoneOffset: 0 },
      message: 'Home',
      ref: 'main',
    });
    const client = createApiClient({ baseUrl, token: 'token' });
    const context = { client, repo, spaceId: 'space-1', options: { direction: 'both' as const, prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix } };
    await expect(runSync(context, { dryRun: false })).rejects.toMatchObject({
      code: 'SYNC_SERVER_UNSUPPORTED',
      data: { missing: expect.arrayContaining(['git-metadata', 'directory', 'revision-history']) },
      message: expect.stringContaining('GET /v1/quire answered 404'),
    });
    expect(requests).toEqual(['GET /v1/quire']);
  });
});
