import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, EncodedContentChanges, type ApiClient } from './index.ts';
import { fakeClock, sendJson, startLocalServer, type Handler, type LocalServer } from './fixtures/local-server.ts';

const token = 'qt_secret_token_456';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(handler: Handler): Promise<{ server: LocalServer; client: ApiClient }> {
  const server = await startLocalServer(handler);
  const client = createApiClient({ baseUrl: server.origin, token, clock: fakeClock().clock, random: () => 0 });
  cleanups.push(() => server.close(), () => client.close());
  return { server, client };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Serves `pages` of a list, chaining them with `next.page` cursors c1, c2, ... */
function listOf(pages: unknown[][]): Handler {
  return (request, response) => {
    const cursor = new URL(request.url, 'http://x').searchParams.get('page');
    const index = cursor === null ? 0 : Number(cursor.slice(1));
    const next = index + 1 < pages.length ? { page: `c${index + 1}` } : undefined;
    sendJson(response, 200, { items: pages[index], count: pages.flat().length, ...(next ? { next } : {}) });
  };
}

describe('api client', () => {
  it('walks every page of a list and yields each item once, with the published query names', async () => {
    const { server, client } = await setup(listOf([[{ id: 'cr1' }, { id: 'cr2' }], [{ id: 'cr3' }, { id: 'cr4' }], [{ id: 'cr5' }]]));
    const items = await collect(client.listChangeRequests('space1', { status: 'open', limit: 2 }));
    expect(items.map((item) => item.id)).toEqual(['cr1', 'cr2', 'cr3', 'cr4', 'cr5']);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/v1/spaces/space1/change-requests?status=open&limit=2',
      '/v1/spaces/space1/change-requests?status=open&page=c1&limit=2',
      '/v1/spaces/space1/change-requests?status=open&page=c2&limit=2',
    ]);
  });

  it('fetches a page only when the previous one is used up', async () => {
    const { server, client } = await setup(listOf([[{ id: 'o1' }], [{ id: 'o2' }]]));
    for await (const organization of client.listOrganizations()) {
      expect(organization.id).toBe('o1');
      break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it('stops a list whose server repeats a cursor', async () => {
    const { client } = await setup((_request, response) => sendJson(response, 200, { items: [{ id: 'f' }], next: { page: 'same' } }));
    await expect(collect(client.listFiles({ spaceId: 'space1' }))).rejects.toMatchObject({ code: 'API_INVALID_RESPONSE' });
  });

  it('counts requests in total and by method and route template', async () => {
    const { client } = await setup((request, response) => {
      if (request.url.endsWith('/pages')) sendJson(response, 200, { pages: [] });
      else sendJson(response, 200, { id: 'x' });
    });
    await client.getPage({ spaceId: 's1' }, 'p1');
    await client.getPage({ spaceId: 's1' }, 'p2');
    await client.listPages({ spaceId: 's1', revisionId: 'r1' });
    expect(client.requestCounts()).toEqual({
      total: 3,
      retries: 0,
      byRoute: { 'GET /v1/spaces/{spaceId}/content/page/{pageId}': 2, 'GET /v1/spaces/{spaceId}/revisions/{revisionId}/pages': 1 },
    });
    client.resetRequestCounts();
    expect(client.requestCounts().total).toBe(0);
  });

  it('sends each operation to its published method, path and query', async () => {
    const { server, client } = await setup((request, response) => {
      if (request.url.includes('/pages')) return sendJson(response, 200, { pages: [{ id: 'p1' }] });
      if (request.url.includes('/content?compat=false')) return sendJson(response, 200, { changeRequest: { id: 'cr1' }, changes: [] });
      sendJson(response, request.method === 'POST' ? 201 : 200, { id: 'x', revision: 'r2', result: 'merge' });
    });
    await client.getRevision({ spaceId: 's1' }, { metadata: true, computed: false });
    await client.getRevision({ spaceId: 's1', revisionId: 'r1' });
    await client.getRevision({ spaceId: 's1', changeRequestId: 'cr1' });
    await expect(client.listPages({ spaceId: 's1', changeRequestId: 'cr1' })).resolves.toEqual([{ id: 'p1' }]);
    await client.getPage({ spaceId: 's1', revisionId: 'r1' }, 'p1');
    await client.getPage({ spaceId: 's1', changeRequestId: 'cr1' }, 'p1', { markdownRefs: 'stable', computed: false });
    await client.getFile({ spaceId: 's1' }, 'f1');
    await client.getSpace('s1');
    await client.createSpace('o1', { title: 'Docs' });
    await client.getChangeRequest('s1', 'cr1');
    await client.updateChangeRequestContent('s1', 'cr1', [{ operation: 'delete_page', page: 'p9' }]);
    await client.mergeChangeRequest('s1', 'cr1');
    await client.updateChangeRequest('s1', 'cr1');
    await client.getPublishedSite('o1', 'site1', { shareKey: 'k' });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /v1/spaces/s1/content?metadata=true&computed=false',
      'GET /v1/spaces/s1/revisions/r1',
      'GET /v1/spaces/s1/change-requests/cr1/content',
      'GET /v1/spaces/s1/change-requests/cr1/content/pages',
      'GET /v1/spaces/s1/revisions/r1/page/p1?format=markdown',
      'GET /v1/spaces/s1/change-requests/cr1/content/page/p1?format=markdown&format.markdown.refs=stable&computed=false',
      'GET /v1/spaces/s1/content/files/f1',
      'GET /v1/spaces/s1',
      'POST /v1/orgs/o1/spaces',
      'GET /v1/spaces/s1/change-requests/cr1',
      'POST /v1/spaces/s1/change-requests/cr1/content?compat=false',
      'POST /v1/spaces/s1/change-requests/cr1/merge',
      'POST /v1/spaces/s1/change-requests/cr1/update',
      'GET /v1/orgs/o1/sites/site1/published?shareKey=k',
    ]);
    expect(JSON.parse(server.requests[10]?.body ?? '')).toEqual({ changes: [{ operation: 'delete_page', page: 'p9' }] });
  });

  it('says where content changes come from with `origin` (Git sync sends origin=git), and refuses another value', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 200, { changeRequest: { id: 'cr1' }, changes: [] }));
    await client.updateChangeRequestContent('s1', 'cr1', [{ operation: 'delete_page', page: 'p1' }], { origin: 'git' });
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/spaces/s1/change-requests/cr1/content?compat=false&origin=git']);
    expect(() => client.updateChangeRequestContent('s1', 'cr1', [{ operation: 'delete_page', page: 'p1' }], { origin: 'repo' as 'git' })).toThrow(
      'options.origin must be "git" or "service", got "repo"',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('sends up to 500 changes with origin=git (git-batches) and 50 otherwise, refusing more before any request', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 200, { changeRequest: { id: 'cr1' }, changes: [] }));
    const deletes = (count: number) => Array.from({ length: count }, (_, index) => ({ operation: 'delete_page' as const, page: `p${index}` }));
    await client.updateChangeRequestContent('s1', 'cr1', deletes(500), { origin: 'git' });
    expect(JSON.parse(server.requests[0]?.body ?? '').changes).toHaveLength(500);
    expect(() => client.updateChangeRequestContent('s1', 'cr1', deletes(501), { origin: 'git' })).toThrow('changes must be an array of 1 to 500 changes, got 501');
    expect(() => client.updateChangeRequestContent('s1', 'cr1', deletes(51))).toThrow('changes must be an array of 1 to 50 changes, got 51');
    expect(server.requests).toHaveLength(1);
  });

  it('sends content changes encoded ahead (EncodedContentChanges) as the same JSON body, checked as the changes are', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 200, { changeRequest: { id: 'cr1' }, changes: [] }));
    const changes = [{ operation: 'delete_page' as const, page: 'p1' }, { operation: 'update_page', page: 'p2', document: { markdown: '# Ünïcödé → 🚀\n' } }];
    await client.updateChangeRequestContent('s1', 'cr1', changes as never, { origin: 'git' });
    await client.updateChangeRequestContent('s1', 'cr1', EncodedContentChanges.of(changes as never), { origin: 'git' });
    const [plain, encoded] = server.requests;
    expect(encoded?.url).toBe(plain?.url);
    expect(encoded?.body).toBe(plain?.body);
    expect(encoded?.headers['content-type']).toBe('application/json');
    expect(encoded?.headers['content-length']).toBe(plain?.headers['content-length']);
    const deletes = (count: number) => Array.from({ length: count }, (_, index) => ({ operation: 'delete_page' as const, page: `p${index}` }));
    expect(() => client.updateChangeRequestContent('s1', 'cr1', EncodedContentChanges.of(deletes(51)))).toThrow('changes must be an array of 1 to 50 changes, got 51');
    expect(() => client.updateChangeRequestContent('s1', 'cr1', EncodedContentChanges.of([]), { origin: 'git' })).toThrow('changes must be an array of 1 to 500 changes, got 0');
    expect(() => EncodedContentChanges.of([{ page: 'p1' } as never])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', data: { field: 'changes[0].operation' } }));
    expect(() => EncodedContentChanges.of([deletes(1)[0]!, null as never])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', data: { field: 'changes[1]' } }));
    expect(server.requests).toHaveLength(2);
  });

  it('accepts the older updateChangeRequestContent answer, a bare change request', async () => {
    const { client } = await setup((_request, response) => sendJson(response, 200, { object: 'change-request', id: 'cr1' }));
    await expect(client.updateChangeRequestContent('s1', 'cr1', [{ operation: 'delete_page', page: 'p1' }])).resolves.toEqual({
      changeRequest: { object: 'change-request', id: 'cr1' },
      changes: undefined,
    });
  });

  it('sends the token with downloads from the API origin only, also across redirects', async () => {
    const foreign = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from([1, 2, 3]));
    });
    cleanups.push(() => foreign.close());
    const { server, client } = await setup((request, response) => {
      if (request.url === '/files/moved') {
        response.writeHead(302, { location: `${foreign.origin}/blob/a.png` });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from([9]));
    });
    await expect(client.downloadFile(`${server.origin}/files/a.png`)).resolves.toEqual(new Uint8Array([9]));
    await expect(client.downloadFile(`${foreign.origin}/blob/b.png`)).resolves.toEqual(new Uint8Array([1, 2, 3]));
    await expect(client.downloadFile(`${server.origin}/files/moved`)).resolves.toEqual(new Uint8Array([1, 2, 3]));
    expect(server.requests.map((request) => request.headers['authorization'])).toEqual([`Bearer ${token}`, `Bearer ${token}`]);
    expect(foreign.requests).toHaveLength(2);
    for (const request of foreign.requests) expect(request.headers['authorization']).toBeUndefined();
    expect(client.requestCounts().byRoute).toEqual({ 'GET {downloadURL}': 4 });
  });

  it('rejects bad arguments before sending anything', async () => {
    const { server, client } = await setup((_request, response) => sendJson(response, 200, {}));
    expect(() => client.getSpace('')).toThrow(/spaceId/);
    expect(() => client.getSpace('a/b')).toThrow(/spaceId/);
    expect(() => client.getPage({ spaceId: 's1', revisionId: 'r1', changeRequestId: 'c1' } as never, 'p1')).toThrow(/both/);
    expect(() => client.listChangeRequests('s1', { status: 'closed' as never })).toThrow(/options.status/);
    expect(() => client.listFiles({ spaceId: 's1' }, { limit: 0 })).toThrow(/options.limit/);
    expect(() => client.updateChangeRequestContent('s1', 'cr1', [])).toThrow(/1 to 50/);
    expect(() => client.downloadFile('file:///etc/passwd')).toThrow(/http/);
    expect(server.requests).toHaveLength(0);
    expect(() => client.getSpace('')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', data: { field: 'spaceId' } }));
  });

  it('checks its options', () => {
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:1/v1' })).toThrow(/\/v1/);
    expect(() => createApiClient({ baseUrl: 'ftp://example.test' })).toThrow(/http/);
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:1', concurrency: 0 })).toThrow(/concurrency/);
    expect(() => createApiClient({ baseUrl: 'http://127.0.0.1:1', token: 'a\nb' })).toThrow(/line break/);
  });
});
