// The bad-input table for the content, change request, revision and Quire extension routes (a sibling of
// bad-input.test.ts): bad ids, bad JSON, wrong fields, bad queries. Always a 4xx naming the field; never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Target' } })).body;
  ids.space = space.id;
  ids.revision = space.revision;
  const changeRequest = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Target' } })).body;
  ids.cr = changeRequest.id;
  const written = await t.call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`, {
    body: { changes: [{ operation: 'insert_page', title: 'Page', document: { markdown: 'Text.\n' } }, { operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'YQ==' }] }] },
  });
  ids.page = written.body.changes[0].page.id;
  ids.file = written.body.insertedFiles[0].id;
  ids.rc = 'noSuchReusableContent';
});
afterAll(() => t?.close()); // t is unset when beforeAll failed

interface Route {
  method: string;
  /** With `:space`, `:cr`, `:revision`, `:page`, `:file`, `:rc` for the ids. */
  path: string;
  body?: Record<string, unknown>;
  list?: boolean;
}

const contentRoots = ['/v1/spaces/:space/content', '/v1/spaces/:space/change-requests/:cr/content', '/v1/spaces/:space/revisions/:revision'];
const routes: Route[] = [
  ...contentRoots.flatMap((root): Route[] => [
    { method: 'GET', path: root },
    { method: 'GET', path: `${root}/pages` },
    { method: 'GET', path: `${root}/files`, list: true },
    { method: 'GET', path: `${root}/files/:file` },
    { method: 'GET', path: `${root}/page/:page` },
    { method: 'GET', path: `${root}/path/page` },
    { method: 'GET', path: `${root}/reusable-contents/:rc` },
  ]),
  { method: 'GET', path: '/v1/spaces/:space/revisions/:revision/page/:page/document' },
  { method: 'GET', path: '/v1/spaces/:space/revisions/:revision/reusable-contents/:rc/document' },
  { method: 'GET', path: '/v1/spaces/:space/revisions/:revision/files/:file/download' },
  { method: 'GET', path: '/v1/spaces/:space/revisions', list: true },
  { method: 'PUT', path: '/v1/spaces/:space/revisions/:revision/git', body: { oid: 'a'.repeat(40), message: 'm', createdByGitBook: false } },
  { method: 'GET', path: '/v1/spaces/:space/revisions/:revision/directory' },
  { method: 'GET', path: '/v1/spaces/:space/change-requests', list: true },
  { method: 'POST', path: '/v1/spaces/:space/change-requests', body: { subject: 'New' } },
  { method: 'GET', path: '/v1/spaces/:space/change-requests/:cr' },
  { method: 'PATCH', path: '/v1/spaces/:space/change-requests/:cr', body: { subject: 'Same' } },
  { method: 'POST', path: '/v1/spaces/:space/change-requests/:cr/content', body: { changes: [{ operation: 'update_page', page: 'pageId', title: 'Page' }] } },
  { method: 'POST', path: '/v1/spaces/:space/change-requests/:cr/merge' },
  { method: 'POST', path: '/v1/spaces/:space/change-requests/:cr/update' },
];

const names = { space: 'spaceId', cr: 'changeRequestId', revision: 'revisionId', page: 'pageId', file: 'fileId', rc: 'reusableContentId' } as const;
const url = (path: string, replace: Record<string, string> = {}) => path.replace(/:(space|cr|revision|page|file|rc)/g, (_match, name: string) => replace[name] ?? ids[name]!);
const resolve = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null).replace(/"pageId"/g, `"${ids.page}"`)) ?? undefined;

async function expectBadInput(method: string, path: string, body: unknown, field: string | RegExp, status = 400): Promise<void> {
  const answer = await t.call(method, path, { body });
  const where = `${method} ${path} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
  expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.body.error.code, where).toBe(status);
  if (typeof field === 'string') expect(answer.body.error.message, where).toContain(field);
  else expect(answer.body.error.message, where).toMatch(field);
}

describe('bad ids in the path', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 400 naming the parameter', async (_name, route) => {
    for (const name of ['space', 'cr', 'revision', 'page', 'file', 'rc'] as const) {
      if (!route.path.includes(`:${name}`)) continue;
      for (const bad of ['bad%20id', 'semi%3Bcolon', 'x'.repeat(129)]) {
        await expectBadInput(route.method, url(route.path, { [name]: bad }), resolve(route.body), `params/${names[name]}`);
      }
    }
  });
});

describe('valid routes answer', () => {
  it.each(routes.filter((route) => route.method === 'GET').map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 200, or 404 for what is not there', async (_name, route) => {
    const answer = await t.call(route.method, url(route.path));
    expect([200, 404], JSON.stringify(answer.body)).toContain(answer.status);
  });
});

describe('bad JSON bodies', () => {
  it.each(routes.filter((route) => route.body !== undefined).map((route) => [`${route.method} ${route.path}`, route] as const))('%s: malformed, not an object, an unknown field', async (_name, route) => {
    await expectBadInput(route.method, url(route.path), '{"subject": ', 'body is not valid JSON');
    await expectBadInput(route.method, url(route.path), '[1]', 'body must be an object');
    await expectBadInput(route.method, url(route.path), { ...(resolve(route.body) as object), colour: 'red' }, 'body/colour is not a known field');
  });
});

describe('wrong fields, per route', () => {
  const long = (length: number) => 'x'.repeat(length);
  const content = '/v1/spaces/:space/change-requests/:cr/content';
  const cases: Array<[string, string, unknown, string, number?]> = [
    ['POST', '/v1/spaces/:space/change-requests', { subject: long(101) }, 'body/subject must have at most 100 characters'],
    ['POST', '/v1/spaces/:space/change-requests', { subject: 5 }, 'body/subject must be a string'],
    ['POST', '/v1/spaces/:space/change-requests', { template: { id: 'blank' } }, 'body/template is not a known field'],
    ['PATCH', '/v1/spaces/:space/change-requests/:cr', { subject: long(101) }, 'body/subject must have at most 100 characters'],
    ['PATCH', '/v1/spaces/:space/change-requests/:cr', { status: 'merged' }, 'body/status must be one of "draft", "open", "archived"'],
    ['PATCH', '/v1/spaces/:space/change-requests/:cr', { status: 'closed' }, 'body/status must be one of'],
    ['POST', content, {}, 'body/changes is required'],
    ['POST', content, { changes: [] }, 'body/changes must NOT have fewer than 1 items'],
    ['POST', content, { changes: Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' })) }, 'changes: must be a list of 1 to 50 changes (500 with origin=git'],
    ['POST', content, { changes: Array.from({ length: 501 }, () => ({ operation: 'delete_page', page: 'x' })) }, 'body/changes must have at most 500 items'],
    ['POST', content, { changes: [{ page: 'x' }] }, 'body/changes/0/operation is required'],
    ['POST', content, { changes: [{ operation: 'rename_page' }] }, 'body/changes/0/operation must be one of "insert_page"'],
    ['POST', content, { changes: ['insert_page'] }, 'body/changes/0 must be an object'],
    ['POST', content, { changes: [{ operation: 'insert_page', title: 'T', document: { markdown: 'x' }, into: 'nowhere' }] }, 'changes[0].into: page nowhere is not in the change request'],
    ['POST', content, { changes: [{ operation: 'update_page', page: 'pageId', slug: 'a/b' }] }, 'changes[0].slug'],
    ['POST', content, { changes: [{ operation: 'update_page', page: 'pageId', at: -1 }] }, 'changes[0].at: must be a whole number'],
    ['POST', content, { changes: [{ operation: 'insert_files', files: [{ name: 'a', url: 'https://example.com/a' }] }] }, 'changes[0].files[0].url'],
    ['POST', content, { changes: [{ operation: 'insert_files', files: [{ name: 'a', base64: 'YQ==' }] }] }, 'changes[0].files[0].contentType'],
    ['POST', content, { changes: [{ operation: 'insert_page', title: 'T', document: { document: { object: 'document' } } }] }, 'changes[0].document.document'],
    ['POST', content, { changes: [{ operation: 'quire_set_directory', source: { root: '../' } }] }, 'changes[0].source.root'],
    ['PUT', '/v1/spaces/:space/revisions/:revision/git', { oid: 'nope', message: 'm', createdByGitBook: false }, 'body/oid must match the pattern'],
    ['PUT', '/v1/spaces/:space/revisions/:revision/git', { oid: 'a'.repeat(40), message: 'm' }, 'body/createdByGitBook is required'],
    ['PUT', '/v1/spaces/:space/revisions/:revision/git', { oid: 'a'.repeat(40), message: 5, createdByGitBook: false }, 'body/message must be a string'],
  ];
  it.each(cases)('%s %s %j: 4xx naming the field (%s)', async (method, path, body, message, status = 400) => {
    await expectBadInput(method, url(path), resolve(body), message, status);
  });
});

describe('bad queries', () => {
  it.each(routes.filter((route) => route.list === true).map((route) => [`${route.method} ${route.path}`, route] as const))('%s: limit and page', async (_name, route) => {
    for (const [query, message] of [
      ['limit=1001', 'query/limit must be at most 1000'],
      ['limit=abc', 'query/limit must be an integer'],
      ['page=garbage', 'page is not a cursor'],
    ]) {
      await expectBadInput(route.method, `${url(route.path)}?${query}`, undefined, message!);
    }
  });

  it.each([
    ['/v1/spaces/:space/content/page/:page?format=html', 'query/format must be one of "document", "markdown"'],
    ['/v1/spaces/:space/content/page/:page?format.markdown.refs=absolute', 'query/format.markdown.refs must be one of'],
    ['/v1/spaces/:space/content/page/:page?evaluated=maybe', 'query/evaluated must be one of'],
    ['/v1/spaces/:space/content?metadata=maybe', 'query/metadata must be a boolean'],
    ['/v1/spaces/:space/content/path/page?cachedMetadata=2', 'query/cachedMetadata must be a boolean'],
    ['/v1/spaces/:space/change-requests?status=closed', 'query/status must be one of'],
    ['/v1/spaces/:space/change-requests?orderBy=title', 'query/orderBy must be one of'],
    ['/v1/spaces/:space/change-requests?contributor=a%20b', 'query/contributor must be an id'],
    ['/v1/spaces/:space/revisions/:revision/directory?since=a%20b', 'query/since must be an id'],
    ['/v1/spaces/:space/revisions/:revision/directory?since=unknown', 'since: revision unknown is not a revision of space'],
  ])('GET %s: 400 naming the parameter', async (path, message) => {
    await expectBadInput('GET', url(path), undefined, message);
  });

  it('refuses compat=maybe on updateChangeRequestContent', async () => {
    await expectBadInput('POST', url('/v1/spaces/:space/change-requests/:cr/content?compat=maybe'), { changes: [{ operation: 'delete_page', page: 'x' }] }, 'query/compat must be a boolean');
  });

  it('refuses a files cursor of another list', async () => {
    const other = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Other' } })).body.id;
    const written = await t.call('POST', url('/v1/spaces/:space/change-requests/:cr/content'), {
      body: { changes: [{ operation: 'insert_files', files: [{ name: 'b.txt', contentType: 'text/plain', base64: 'Yg==' }] }] },
    });
    expect(written.status).toBe(200);
    const first = await t.call('GET', url('/v1/spaces/:space/change-requests/:cr/content/files?limit=1'));
    expect(first.body.next.page).toBeDefined();
    await expectBadInput('GET', `/v1/spaces/${other}/content/files?page=${first.body.next.page}`, undefined, 'page is not a cursor');
    const second = await t.call('GET', url(`/v1/spaces/:space/change-requests/:cr/content/files?limit=1&page=${first.body.next.page}`));
    expect(second.body).toMatchObject({ count: 2, items: [{ name: 'b.txt' }] });
  });
});
