// Deletes answer 205 when something was deleted and 204 when there was nothing to delete (idempotent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close()); // t is unset when beforeAll failed

describe('DELETE', () => {
  it('a space: 205, then 204, with no body either time', async () => {
    const id = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Gone' } })).body.id;
    const first = await t.call('DELETE', `/v1/spaces/${id}`);
    expect([first.status, first.body]).toEqual([205, undefined]);
    const second = await t.call('DELETE', `/v1/spaces/${id}`);
    expect([second.status, second.body]).toEqual([204, undefined]);
  });

  it('a space that never existed: 204', async () => {
    expect((await t.call('DELETE', '/v1/spaces/neverExisted')).status).toBe(204);
  });

  it('a collection: 205, then 204; 204 for one that never existed', async () => {
    const id = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Empty' } })).body.id;
    expect((await t.call('DELETE', `/v1/collections/${id}`)).status).toBe(205);
    expect((await t.call('DELETE', `/v1/collections/${id}`)).status).toBe(204);
    expect((await t.call('GET', `/v1/collections/${id}`)).status).toBe(404);
    expect((await t.call('DELETE', '/v1/collections/neverExisted')).status).toBe(204);
  });

  it('a collection that still holds content: 409, and it stays', async () => {
    const id = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Full' } })).body.id;
    await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Inside', parent: id } });
    const answer = await t.call('DELETE', `/v1/collections/${id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(/not empty/);
    expect((await t.call('GET', `/v1/collections/${id}`)).status).toBe(200);
  });
});
