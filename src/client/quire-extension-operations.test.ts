import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from './index.ts';
import { fakeClock, sendJson, startLocalServer, type Handler, type LocalServer } from './fixtures/local-server.ts';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(handler: Handler): Promise<{ server: LocalServer; client: ApiClient }> {
  const server = await startLocalServer(handler);
  const client = createApiClient({ baseUrl: server.origin, token: 'qt_token', clock: fakeClock().clock, random: () => 0 });
  cleanups.push(() => server.close(), () => client.close());
  return { server, client };
}

describe('the extension calls (docs/api-extensions.md)', () => {
  it('reads what the server announces, and undefined from a server without GET /v1/quire', async () => {
    const quire = await setup((_request, response) => sendJson(response, 200, { object: 'quire', version: '0.1.0', extensions: ['git-metadata'] }));
    expect(await quire.client.getQuireServerInfo()).toEqual({ object: 'quire', version: '0.1.0', extensions: ['git-metadata'] });
    const other = await setup((_request, response) => sendJson(response, 404, { error: { code: 404, message: 'Not found' } }));
    expect(await other.client.getQuireServerInfo()).toBeUndefined();
  });

  it('lists revisions newest first, a page at a time, only as far as read', async () => {
    const { server, client } = await setup((request, response) => {
      const page = new URL(request.url, 'http://x').searchParams.get('page');
      if (page === null) sendJson(response, 200, { items: [{ object: 'revision-info', id: 'r3', parents: ['r2'] }], next: { page: 'p2' } });
      else sendJson(response, 200, { items: [{ object: 'revision-info', id: 'r2', parents: [] }] });
    });
    const seen: string[] = [];
    for await (const revision of client.listRevisions('space1', { limit: 1 })) {
      seen.push(revision.id);
      break;
    }
    expect(seen).toEqual(['r3']);
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/spaces/space1/revisions?limit=1']);
  });

  it('reads a revision as a directory, whole or since another revision', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 200, { files: { 'README.md': 'IyBB' }, symlinks: {}, deleted: ['old.md'] }));
    expect(await client.getRevisionDirectory('space1', 'r2', { since: 'r1' })).toEqual({ files: { 'README.md': 'IyBB' }, symlinks: {}, deleted: ['old.md'] });
    await client.getRevisionDirectory('space1', 'r2');
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/spaces/space1/revisions/r2/directory?since=r1', '/v1/spaces/space1/revisions/r2/directory']);
  });

  it('reads a revision as a bundle, naming the space and the revision', async () => {
    const answer = { format: 'quire-revision-bundle', version: 1, revision: { id: 'r2' }, documents: { d1: 'Hi\n' }, files: {}, source: { root: '' } };
    const { server, client } = await setup((_request, response) => sendJson(response, 200, answer));
    expect(await client.getRevisionBundle('space1', 'r2')).toEqual(answer);
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([['GET', '/v1/spaces/space1/revisions/r2/bundle']]);
    expect(() => client.getRevisionBundle('space1', '../r2')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', data: { field: 'revisionId' } }));
  });

  it('records a revision\'s commit with PUT, retried on 503 because repeating it is harmless', async () => {
    const { server, client } = await setup((_request, response, index) => {
      if (index === 0) sendJson(response, 503, { error: { code: 503, message: 'busy' } });
      else sendJson(response, 200, { object: 'revision-info', id: 'r2', parents: ['r1'], git: { oid: 'a'.repeat(40) } });
    });
    const git = { oid: 'a'.repeat(40), message: 'Fix\n', createdByGitBook: false, ref: 'refs/heads/main' };
    expect((await client.setRevisionGit('space1', 'r2', git)).git?.oid).toBe('a'.repeat(40));
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([
      ['PUT', '/v1/spaces/space1/revisions/r2/git'],
      ['PUT', '/v1/spaces/space1/revisions/r2/git'],
    ]);
    expect(JSON.parse(server.requests[1]!.body)).toEqual(git);
    expect(() => client.setRevisionGit('space1', 'r2', { ...git, oid: 'abc' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', data: { field: 'git.oid' } }));
  });

  it('patches a change request\'s status and subject', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 200, { object: 'change-request', id: 'cr1', status: 'open' }));
    await client.patchChangeRequest('space1', 'cr1', { status: 'open', subject: 'Preview' });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/v1/spaces/space1/change-requests/cr1' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ subject: 'Preview', status: 'open' });
    expect(() => client.patchChangeRequest('space1', 'cr1', { status: 'merged' as 'open' })).toThrow(/patch.status/);
  });

  it('lists, creates and revokes API tokens (api-tokens): one\'s own, or an organization\'s; a create is never sent twice', async () => {
    const { server, client } = await setup((request, response, index) => {
      if (request.method === 'POST') sendJson(response, 503, { error: { code: 503, message: 'busy' } });
      else if (request.method === 'DELETE') response.writeHead(205).end();
      else sendJson(response, 200, { items: [{ object: 'api-token', id: `t${index}`, current: index === 0 }], count: 1 });
    });
    const own: string[] = [];
    for await (const token of client.listApiTokens()) own.push(token.id);
    for await (const token of client.listApiTokens({ organizationId: 'org1', limit: 10 })) own.push(token.id);
    expect(own).toEqual(['t0', 't1']);
    await expect(client.createApiToken({ label: 'CI', expiresIn: '30d' })).rejects.toMatchObject({ code: 'API_REQUEST_FAILED' });
    await client.revokeApiToken('t0');
    await client.revokeApiToken('t1', { organizationId: 'org1' });
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([
      ['GET', '/v1/quire/tokens'],
      ['GET', '/v1/orgs/org1/quire/tokens?limit=10'],
      ['POST', '/v1/quire/tokens'],
      ['DELETE', '/v1/quire/tokens/t0'],
      ['DELETE', '/v1/orgs/org1/quire/tokens/t1'],
    ]);
    expect(JSON.parse(server.requests[2]!.body)).toEqual({ label: 'CI', expiresIn: '30d' });
    expect(() => client.revokeApiToken('bad/id')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', data: { field: 'tokenId' } }));
  });
});
