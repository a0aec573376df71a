// A table-driven bad-input suite over every route: wrong types, unknown fields, too-long titles, bad ids, bad
// JSON, bad queries. Always a 4xx whose message names the field; never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  ids.org = t.organizationId;
  ids.space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Target' } })).body.id;
  ids.collection = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Target' } })).body.id;
});
afterAll(() => t?.close()); // t is unset when beforeAll failed

interface Route {
  method: string;
  /** With `:org`, `:space`, `:collection` for the ids. */
  path: string;
  /** A valid body, for routes that take one. */
  body?: Record<string, unknown>;
  list?: boolean;
}

const routes: Route[] = [
  { method: 'GET', path: '/v1/user' },
  { method: 'GET', path: '/v1/orgs', list: true },
  { method: 'GET', path: '/v1/orgs/:org' },
  { method: 'PATCH', path: '/v1/orgs/:org', body: { title: 'Org' } },
  { method: 'GET', path: '/v1/orgs/:org/spaces', list: true },
  { method: 'POST', path: '/v1/orgs/:org/spaces', body: { title: 'Space' } },
  { method: 'GET', path: '/v1/spaces/:space' },
  { method: 'PATCH', path: '/v1/spaces/:space', body: { title: 'Space' } },
  { method: 'DELETE', path: '/v1/spaces/:space' },
  { method: 'POST', path: '/v1/spaces/:space/duplicate' },
  { method: 'POST', path: '/v1/spaces/:space/restore' },
  { method: 'POST', path: '/v1/spaces/:space/move', body: { parent: null } },
  { method: 'POST', path: '/v1/spaces/:space/transfer', body: { organization: 'someOrg' } },
  { method: 'GET', path: '/v1/orgs/:org/collections', list: true },
  { method: 'POST', path: '/v1/orgs/:org/collections', body: { title: 'Collection' } },
  { method: 'GET', path: '/v1/collections/:collection' },
  { method: 'PATCH', path: '/v1/collections/:collection', body: { title: 'Collection' } },
  { method: 'DELETE', path: '/v1/collections/:collection' },
  { method: 'GET', path: '/v1/collections/:collection/spaces', list: true },
  { method: 'POST', path: '/v1/collections/:collection/move', body: { parent: null } },
  { method: 'POST', path: '/v1/collections/:collection/transfer', body: { organization: 'someOrg' } },
  { method: 'GET', path: '/v1/quire/tokens', list: true },
  { method: 'POST', path: '/v1/quire/tokens', body: { label: 'Token' } },
  { method: 'GET', path: '/v1/orgs/:org/quire/tokens', list: true },
];

const url = (path: string, replace: Record<string, string> = {}) => path.replace(/:(org|space|collection)/g, (_match, name: string) => replace[name] ?? ids[name]!);

async function expectBadInput(method: string, path: string, body: unknown, field: string | RegExp, status = 400): Promise<void> {
  const answer = await t.call(method, path, { body });
  const where = `${method} ${path} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
  expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.body.error.code, where).toBe(status);
  if (typeof field === 'string') expect(answer.body.error.message, where).toContain(field);
  else expect(answer.body.error.message, where).toMatch(field);
}

const withIds = routes.filter((route) => route.path.includes(':'));
const withBodies = routes.filter((route) => route.body !== undefined);
const lists = routes.filter((route) => route.list === true);

describe('bad ids in the path', () => {
  it.each(withIds.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 400 naming the parameter', async (_name, route) => {
    const parameter = { org: 'organizationId', space: 'spaceId', collection: 'collectionId' }[/:(org|space|collection)/.exec(route.path)![1] as 'org'];
    for (const bad of ['bad%20id', 'semi%3Bcolon', 'x'.repeat(129), '%C3%A9t%C3%A9']) {
      const replace = { org: bad, space: bad, collection: bad };
      await expectBadInput(route.method, url(route.path, replace), route.body, `params/${parameter}`);
    }
  });
});

describe('paths the router refuses', () => {
  it('answers an id past the router’s limit (414) and a malformed percent-encoding (400) in the error shape', async () => {
    const long = await t.call('GET', `/v1/spaces/${'x'.repeat(2000)}`);
    expect(long.status).toBe(414);
    expect(long.body.error).toEqual({ code: 414, message: expect.stringContaining('too long') });
    const malformed = await t.call('GET', '/v1/spaces/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: 400, message: expect.stringContaining('percent-encoding') });
  });
});

describe('bad JSON bodies', () => {
  it.each(withBodies.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: malformed JSON, a non-object, an unknown field', async (_name, route) => {
    await expectBadInput(route.method, url(route.path), '{"title": ', 'body is not valid JSON');
    await expectBadInput(route.method, url(route.path), '[1, 2]', 'body must be an object');
    await expectBadInput(route.method, url(route.path), '"text"', 'body must be an object');
    await expectBadInput(route.method, url(route.path), { ...route.body, colour: 'red' }, 'body/colour is not a known field');
    await expectBadInput(route.method, url(route.path), '{"__proto__": {"admin": true}}', 'body is not valid JSON: a "__proto__" key');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await t.call('PATCH', url('/v1/spaces/:space'), { body: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answer.status).toBe(415);
    expect(answer.body.error.code).toBe(415);
  });
});

describe('wrong fields, per route', () => {
  const long = (length: number) => 'x'.repeat(length);
  const cases: [string, string, unknown, string][] = [
    ['PATCH', '/v1/orgs/:org', { title: 5 }, 'body/title must be a string'],
    ['PATCH', '/v1/orgs/:org', { title: long(101) }, 'body/title must have at most 100 characters'],
    ['PATCH', '/v1/orgs/:org', { title: 'A' }, 'body/title must have at least 2 characters'],
    ['PATCH', '/v1/orgs/:org', { emailDomains: 'acme.test' }, 'body/emailDomains must be an array'],
    ['PATCH', '/v1/orgs/:org', { emailDomains: [5] }, 'body/emailDomains/0 must be a string'],
    ['PATCH', '/v1/orgs/:org', { defaultRole: 'owner' }, 'body/defaultRole must be one of'],
    ['PATCH', '/v1/orgs/:org', { sso: 'yes' }, 'body/sso must be a boolean'],
    ['PATCH', '/v1/orgs/:org', { logo: 'not a url' }, 'body/logo must be an absolute URL'],
    ['PATCH', '/v1/orgs/:org', { hostname: 'ab' }, 'body/hostname must have at least 3 characters'],
    ['PATCH', '/v1/orgs/:org', { defaultContent: { type: 'site' } }, 'body/defaultContent must be a site pointer'],
    ['PATCH', '/v1/orgs/:org', { mergeRules: { type: 'none' } }, 'body/mergeRules is not a known field'],
    ['POST', '/v1/orgs/:org/spaces', { title: long(51) }, 'body/title must have at most 50 characters'],
    ['POST', '/v1/orgs/:org/spaces', { title: 7 }, 'body/title must be a string'],
    ['POST', '/v1/orgs/:org/spaces', { emoji: long(51) }, 'body/emoji must have at most 50 characters'],
    ['POST', '/v1/orgs/:org/spaces', { parent: 'not an id' }, 'body/parent must be an id'],
    ['POST', '/v1/orgs/:org/spaces', { editMode: 'frozen' }, 'body/editMode must be one of "live", "locked"'],
    ['POST', '/v1/orgs/:org/spaces', { template: { id: 'blank' } }, 'body/template is not a known field'],
    ['POST', '/v1/orgs/:org/spaces', { empty: false }, 'body/empty must be true'],
    ['PATCH', '/v1/spaces/:space', { title: long(51) }, 'body/title must have at most 50 characters'],
    ['PATCH', '/v1/spaces/:space', { title: null }, 'body/title must be a string'],
    ['PATCH', '/v1/spaces/:space', { emoji: 5 }, 'body/emoji must be a string or null'],
    ['PATCH', '/v1/spaces/:space', { defaultLevel: 'owner' }, 'body/defaultLevel must be one of'],
    ['PATCH', '/v1/spaces/:space', { visibility: 'secret' }, 'body/visibility must be one of'],
    ['PATCH', '/v1/spaces/:space', { visibility: 'in-collection' }, 'visibility in-collection is only for spaces in a collection'],
    ['POST', '/v1/spaces/:space/move', {}, 'body must have at least 1 field'],
    ['POST', '/v1/spaces/:space/move', { parent: 5 }, 'body/parent must be a string or null'],
    ['POST', '/v1/spaces/:space/move', { position: 'end' }, 'body/position must be an object'],
    ['POST', '/v1/spaces/:space/move', { position: { before: { type: 'space' } } }, 'body/position/before must be a space pointer'],
    ['POST', '/v1/spaces/:space/move', { position: { first: true } }, 'body/position/first is not a known field'],
    ['POST', '/v1/spaces/:space/move', { position: { before: { type: 'space', space: 'elsewhere' } } }, 'position.before names space elsewhere'],
    ['POST', '/v1/spaces/:space/transfer', {}, 'body/organization is required'],
    ['POST', '/v1/spaces/:space/transfer', { organization: 5 }, 'body/organization must be a string'],
    ['POST', '/v1/orgs/:org/collections', { title: long(51) }, 'body/title must have at most 50 characters'],
    ['POST', '/v1/orgs/:org/collections', { parent: 5 }, 'body/parent must be a string'],
    ['PATCH', '/v1/collections/:collection', { description: long(101) }, 'body/description must have at most 100 characters'],
    ['PATCH', '/v1/collections/:collection', { defaultLevel: 5 }, 'body/defaultLevel must be a string or null'],
    ['POST', '/v1/collections/:collection/move', { parent: ':collection' }, 'cannot move into itself'],
    ['POST', '/v1/collections/:collection/transfer', { organization: ':org' }, 'already in organization'],
  ];
  it.each(cases)('%s %s %j: 4xx naming the field (%s)', async (method, path, body, message) => {
    const resolved = JSON.parse(JSON.stringify(body).replace(/":(org|space|collection)"/g, (_match, name: string) => `"${ids[name]}"`));
    const status = /cannot move into itself|already in organization/.test(message) ? 409 : 400;
    await expectBadInput(method, url(path), resolved, message, status);
  });

  it('counts characters, not UTF-16 units: a 50-emoji title is accepted', async () => {
    const answer = await t.call('PATCH', url('/v1/spaces/:space'), { body: { title: '📘'.repeat(50) } });
    expect(answer.status).toBe(200);
    expect([...answer.body.title]).toHaveLength(50);
  });
});

describe('bad queries', () => {
  it.each(lists.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: limit and page', async (_name, route) => {
    for (const [query, message] of [
      ['limit=1001', 'query/limit must be at most 1000'],
      ['limit=abc', 'query/limit must be an integer'],
      ['limit=1&limit=2', 'query/limit must be an integer'],
      ['page=garbage', 'page is not a cursor'],
    ]) {
      await expectBadInput(route.method, `${url(route.path)}?${query}`, undefined, message!);
    }
  });

  it('refuses nested=maybe', async () => {
    await expectBadInput('GET', url('/v1/orgs/:org/collections?nested=maybe'), undefined, 'query/nested must be a boolean');
  });
});

describe('unknown routes', () => {
  it.each(['/v1/nothing', '/v1/spaces', '/nothing', '/v1/spaces/x/unknown'])('GET %s: 404 in the error shape', async (path) => {
    const answer = await t.call('GET', path);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 404, message: expect.stringContaining(path) } });
  });

  it('PUT on a known path: 404 in the error shape', async () => {
    const answer = await t.call('PUT', url('/v1/spaces/:space'), { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe(404);
  });
});
