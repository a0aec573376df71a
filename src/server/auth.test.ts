// Authentication and authorization: 401 without a valid token, 404 for what the caller may not see (so ids
// cannot be probed), 403 for what it sees but may not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

let t: TestApp;
let reader: string;
let editor: string;
let outsider: string;
let spaceId: string;
let collectionId: string;
let otherOrganizationId: string;
let otherSpaceId: string;

beforeAll(async () => {
  t = await startTestApp();
  reader = await t.tokenFor({ user: 'reader@example.com', organization: t.organizationId, role: 'read' });
  editor = await t.tokenFor({ user: 'editor@example.com', organization: t.organizationId, role: 'edit' });
  const other = await t.store.createOrganization({ title: 'Other' });
  otherOrganizationId = other.id;
  outsider = await t.tokenFor({ user: 'outsider@example.com', organization: other.id, role: 'admin' });
  otherSpaceId = (await t.store.createSpace({ organizationId: other.id, title: 'Theirs' })).id;
  spaceId = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Ours' } })).body.id;
  collectionId = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Shelf' } })).body.id;
});
afterAll(() => t?.close()); // t is unset when beforeAll failed

describe('401: no valid bearer token', () => {
  it.each([
    ['no header', {}],
    ['an unknown token', { authorization: 'Bearer quire_unknown' }],
    ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 for %s, with WWW-Authenticate and the error body', async (_name, headers) => {
    const answer = await t.call('GET', '/v1/user', { token: null, headers });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(answer.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  it('checks the token before the body: bad JSON without a token is 401, not 400', async () => {
    expect((await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { token: null, body: '{oops' })).status).toBe(401);
  });

  it('accepts a token minted for another user, and a revoked one no more', async () => {
    expect((await t.call('GET', '/v1/user', { token: reader })).body.email).toBe('reader@example.com');
    const { token, record } = await t.store.createApiToken({ userId: t.admin.user.id, label: 'short-lived' });
    expect((await t.call('GET', '/v1/user', { token })).status).toBe(200);
    await t.store.deleteApiToken(record.id);
    expect((await t.call('GET', '/v1/user', { token })).status).toBe(401);
  });
});

describe('404: another organization’s ids', () => {
  it.each([
    ['GET /v1/orgs/{otherOrganizationId}', 'GET', () => `/v1/orgs/${otherOrganizationId}`],
    ['PATCH /v1/orgs/{otherOrganizationId}', 'PATCH', () => `/v1/orgs/${otherOrganizationId}`, { title: 'Mine' }],
    ['GET /v1/orgs/{otherOrganizationId}/spaces', 'GET', () => `/v1/orgs/${otherOrganizationId}/spaces`],
    ['POST /v1/orgs/{otherOrganizationId}/spaces', 'POST', () => `/v1/orgs/${otherOrganizationId}/spaces`, { title: 'Sneaky' }],
    ['GET /v1/orgs/{otherOrganizationId}/collections', 'GET', () => `/v1/orgs/${otherOrganizationId}/collections`],
    ['POST /v1/orgs/{otherOrganizationId}/collections', 'POST', () => `/v1/orgs/${otherOrganizationId}/collections`, { title: 'Sneaky' }],
    ['GET /v1/spaces/{otherSpaceId}', 'GET', () => `/v1/spaces/${otherSpaceId}`],
    ['PATCH /v1/spaces/{otherSpaceId}', 'PATCH', () => `/v1/spaces/${otherSpaceId}`, { title: 'Mine' }],
    ['POST /v1/spaces/{otherSpaceId}/duplicate', 'POST', () => `/v1/spaces/${otherSpaceId}/duplicate`],
    ['POST /v1/spaces/{otherSpaceId}/restore', 'POST', () => `/v1/spaces/${otherSpaceId}/restore`],
    ['POST /v1/spaces/{otherSpaceId}/move', 'POST', () => `/v1/spaces/${otherSpaceId}/move`, { parent: null }],
    ['POST /v1/spaces/{otherSpaceId}/transfer', 'POST', () => `/v1/spaces/${otherSpaceId}/transfer`, { organization: 'anything' }],
  ] as [string, string, () => string, unknown?][])('%s answers 404 exactly as for an id that does not exist', async (_label, method, url, body) => {
    const answer = await t.call(method, url(), { body });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe(404);
    const missing = await t.call(method, url().replace(/(orgs|spaces)\/[^/]+/, '$1/doesNotExist'), { body });
    expect(missing.status).toBe(404);
    expect(answer.body.error.message.replace(/\S*(Theirs|doesNotExist|[A-Za-z0-9]{20})\S*/g, 'ID')).toBe(missing.body.error.message.replace(/\S*(Theirs|doesNotExist|[A-Za-z0-9]{20})\S*/g, 'ID'));
  });

  it('answers 204 to deleting another organization’s space, and leaves it alone', async () => {
    expect((await t.call('DELETE', `/v1/spaces/${otherSpaceId}`)).status).toBe(204);
    expect((await t.call('GET', `/v1/spaces/${otherSpaceId}`, { token: outsider })).status).toBe(200);
  });

  it('refuses to move a space into another organization’s collection (404), or transfer to an organization the caller is not in', async () => {
    const theirs = await t.store.createCollection({ organizationId: otherOrganizationId, title: 'Theirs' });
    expect((await t.call('POST', `/v1/spaces/${spaceId}/move`, { body: { parent: theirs.id } })).status).toBe(404);
    expect((await t.call('POST', `/v1/spaces/${spaceId}/transfer`, { body: { organization: otherOrganizationId } })).status).toBe(404);
    expect((await t.call('POST', `/v1/collections/${collectionId}/transfer`, { body: { organization: otherOrganizationId } })).status).toBe(404);
  });

  it('hides content whose defaultLevel is null from members, but not from admins', async () => {
    const hidden = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Hidden' } })).body.id;
    expect((await t.call('PATCH', `/v1/spaces/${hidden}`, { body: { defaultLevel: null } })).status).toBe(200);
    expect((await t.call('GET', `/v1/spaces/${hidden}`, { token: editor })).status).toBe(404);
    const listed = await t.call('GET', `/v1/orgs/${t.organizationId}/spaces?limit=1000`, { token: editor });
    expect(listed.body.items.map((space: { id: string }) => space.id)).not.toContain(hidden);
    expect((await t.call('GET', `/v1/spaces/${hidden}`)).status).toBe(200);
  });
});

describe('403: a member without the role', () => {
  it.each([
    ['PATCH /v1/orgs/${t.organizationId}', 'PATCH', () => `/v1/orgs/${t.organizationId}`, { title: 'Renamed' }],
    ['POST /v1/orgs/${t.organizationId}/spaces', 'POST', () => `/v1/orgs/${t.organizationId}/spaces`, { title: 'New' }],
    ['POST /v1/orgs/${t.organizationId}/collections', 'POST', () => `/v1/orgs/${t.organizationId}/collections`, { title: 'New' }],
    ['PATCH /v1/spaces/{spaceId}', 'PATCH', () => `/v1/spaces/${spaceId}`, { title: 'Renamed' }],
    ['DELETE /v1/spaces/{spaceId}', 'DELETE', () => `/v1/spaces/${spaceId}`],
    ['POST /v1/spaces/{spaceId}/duplicate', 'POST', () => `/v1/spaces/${spaceId}/duplicate`],
    ['POST /v1/spaces/{spaceId}/restore', 'POST', () => `/v1/spaces/${spaceId}/restore`],
    ['POST /v1/spaces/{spaceId}/move', 'POST', () => `/v1/spaces/${spaceId}/move`, { parent: null }],
    ['POST /v1/spaces/{spaceId}/transfer', 'POST', () => `/v1/spaces/${spaceId}/transfer`, () => ({ organization: otherOrganizationId })],
    ['PATCH /v1/collections/{collectionId}', 'PATCH', () => `/v1/collections/${collectionId}`, { title: 'Renamed' }],
    ['DELETE /v1/collections/{collectionId}', 'DELETE', () => `/v1/collections/${collectionId}`],
    ['POST /v1/collections/{collectionId}/move', 'POST', () => `/v1/collections/${collectionId}/move`, { parent: null }],
    ['POST /v1/collections/{collectionId}/transfer', 'POST', () => `/v1/collections/${collectionId}/transfer`, () => ({ organization: otherOrganizationId })],
  ] as [string, string, () => string, unknown?][])('a reader gets 403 for %s', async (_label, method, url, body) => {
    const answer = await t.call(method, url(), { token: reader, body: typeof body === 'function' ? (body as () => unknown)() : body });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toEqual({ code: 403, message: expect.stringContaining('you may not') });
  });

  it('lets a reader read, and reports what it may do in permissions', async () => {
    const space = await t.call('GET', `/v1/spaces/${spaceId}`, { token: reader });
    expect(space.status).toBe(200);
    expect(space.body.permissions).toMatchObject({ view: true, comment: false, edit: false, admin: false });
    expect((await t.call('GET', `/v1/orgs/${t.organizationId}`, { token: reader })).body.permissions).toMatchObject({ view: true, admin: false, createContent: false });
    expect((await t.call('GET', `/v1/collections/${collectionId}/spaces`, { token: reader })).status).toBe(200);
  });

  it('follows defaultLevel: a space open to editing makes a reader an editor there, a locked one edits nobody', async () => {
    expect((await t.call('PATCH', `/v1/spaces/${spaceId}`, { body: { defaultLevel: 'edit' } })).status).toBe(200);
    expect((await t.call('GET', `/v1/spaces/${spaceId}`, { token: reader })).body.permissions).toMatchObject({ edit: true, admin: false });
    expect((await t.call('PATCH', `/v1/spaces/${spaceId}`, { token: reader, body: { title: 'x' } })).status).toBe(403);
    expect((await t.call('PATCH', `/v1/spaces/${spaceId}`, { body: { editMode: 'locked' } })).body.permissions.edit).toBe(false);
    await t.call('PATCH', `/v1/spaces/${spaceId}`, { body: { defaultLevel: 'inherit', editMode: 'live' } });
  });

  it('inherits the level of the parent collection', async () => {
    const shelf = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Open shelf' } })).body.id;
    const inside = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Inside', parent: shelf } })).body.id;
    await t.call('PATCH', `/v1/collections/${shelf}`, { body: { defaultLevel: 'admin' } });
    expect((await t.call('GET', `/v1/spaces/${inside}`, { token: reader })).body.permissions.admin).toBe(true);
    expect((await t.call('PATCH', `/v1/spaces/${inside}`, { token: reader, body: { title: 'Renamed by reader' } })).status).toBe(200);
  });
});
