// Soft delete and restore of spaces, on a clock the test sets: restorable for 7 days, gone after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSpaces } from '../service/index.ts';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

let now = Date.parse('2025-03-01T12:00:00.000Z');
const clock = () => new Date(now);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: clock });
});
afterAll(() => t?.close()); // t is unset when beforeAll failed

async function newSpace(title: string, parent?: string): Promise<string> {
  const answer = await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title, ...(parent === undefined ? {} : { parent }) } });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

async function listedIds(url: string): Promise<string[]> {
  return (await t.call('GET', `${url}?limit=1000`)).body.items.map((item: { id: string }) => item.id);
}

describe('deleting a space', () => {
  it('answers 205, sets it aside (404, gone from lists), and 204 when deleted again', async () => {
    const shelf = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Shelf' } })).body.id as string;
    const id = await newSpace('Doomed', shelf);
    expect((await t.call('DELETE', `/v1/spaces/${id}`)).status).toBe(205);
    expect((await t.call('GET', `/v1/spaces/${id}`)).status).toBe(404);
    expect((await t.call('PATCH', `/v1/spaces/${id}`, { body: { title: 'x' } })).status).toBe(404);
    expect(await listedIds(`/v1/orgs/${t.organizationId}/spaces`)).not.toContain(id);
    expect(await listedIds(`/v1/collections/${shelf}/spaces`)).not.toContain(id);
    const again = await t.call('DELETE', `/v1/spaces/${id}`);
    expect(again.status).toBe(204);
    expect(again.body).toBeUndefined();
  });
});

describe('restoring a space, on a fake clock', () => {
  it('works at 6 days 23 hours: the space is back, in its lists, without deletedAt', async () => {
    const id = await newSpace('Restorable');
    const deletedAt = now;
    expect((await t.call('DELETE', `/v1/spaces/${id}`)).status).toBe(205);
    now = deletedAt + 6 * day + 23 * hour;
    const restored = await t.call('POST', `/v1/spaces/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.id).toBe(id);
    expect(restored.body).not.toHaveProperty('deletedAt');
    expect((await t.call('GET', `/v1/spaces/${id}`)).status).toBe(200);
    expect(await listedIds(`/v1/orgs/${t.organizationId}/spaces`)).toContain(id);
  });

  it('is refused (404) at 7 days + 1 ms, and at exactly 7 days; the space stays gone', async () => {
    for (const after of [7 * day + 1, 7 * day]) {
      const id = await newSpace('Too late');
      const deletedAt = now;
      expect((await t.call('DELETE', `/v1/spaces/${id}`)).status).toBe(205);
      now = deletedAt + after;
      const refused = await t.call('POST', `/v1/spaces/${id}/restore`);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toMatch(/deleted more than 7 days ago/);
      expect((await t.call('GET', `/v1/spaces/${id}`)).status).toBe(404);
      expect((await t.call('DELETE', `/v1/spaces/${id}`)).status).toBe(204);
      expect(await listedIds(`/v1/orgs/${t.organizationId}/spaces`)).not.toContain(id);
    }
  });

  it('answers a live space as it is, and 404 for one that never existed', async () => {
    const id = await newSpace('Alive');
    const answer = await t.call('POST', `/v1/spaces/${id}/restore`);
    expect(answer.status).toBe(200);
    expect(answer.body.title).toBe('Alive');
    expect((await t.call('POST', '/v1/spaces/neverExisted/restore')).status).toBe(404);
  });

  it('brings a space back to the top level when its collection went away meanwhile', async () => {
    const box = (await t.call('POST', `/v1/orgs/${t.organizationId}/collections`, { body: { title: 'Box' } })).body.id as string;
    const id = await newSpace('In the box', box);
    expect((await t.call('DELETE', `/v1/spaces/${id}`)).status).toBe(205);
    await t.store.transaction(async (tx) => {
      // The store refuses to delete a collection holding a deleted space; a transfer can take the collection away.
      const elsewhere = await tx.createOrganization({ title: 'Elsewhere' });
      await tx.updateCollection(box, { organizationId: elsewhere.id, parentId: null });
    });
    const restored = await t.call('POST', `/v1/spaces/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).not.toHaveProperty('parent');
  });

  it('purges spaces deleted 7 days ago or more, for good', async () => {
    const id = await newSpace('Purged');
    const deletedAt = now;
    await t.call('DELETE', `/v1/spaces/${id}`);
    now = deletedAt + 7 * day + 1;
    expect(await purgeExpiredSpaces({ store: t.store })).toBeGreaterThanOrEqual(1);
    const all = await t.store.listSpaces({ organizationId: t.organizationId, deleted: 'include' }, { limit: 1000 });
    expect(all.items.map((space) => space.id)).not.toContain(id);
    expect((await t.call('POST', `/v1/spaces/${id}/restore`)).status).toBe(404);
  });
});
