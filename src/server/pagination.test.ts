// Every list walks with `page` cursors: 2,500 items, limit 100 and 1000, nothing lost or repeated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

const total = 2500;
let t: TestApp;
let collectionIds: Set<string>;
let spaceIds: Set<string>;
let shelfId: string;

beforeAll(async () => {
  t = await startTestApp();
  const shelf = await t.store.createCollection({ organizationId: t.organizationId, title: 'Shelf' });
  shelfId = shelf.id;
  collectionIds = new Set([shelf.id]);
  spaceIds = new Set();
  await t.store.transaction(async (tx) => {
    for (let index = 0; index < total - 1; index++) {
      collectionIds.add((await tx.createCollection({ organizationId: t.organizationId, title: `Collection ${index}`, ...(index % 2 === 0 ? { parentId: shelf.id } : {}) })).id);
    }
    for (let index = 0; index < total; index++) {
      spaceIds.add((await tx.createSpace({ organizationId: t.organizationId, title: `Space ${index}`, ...(index % 5 === 0 ? { parentId: shelf.id } : {}) })).id);
    }
  });
}, 120_000);
afterAll(() => t?.close()); // t is unset when beforeAll failed

/** Walks a list to its end, checking the envelope on each page. */
async function walk(url: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let page: string | undefined;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const answer = await t.call('GET', `${url}${separator}limit=${limit}${page === undefined ? '' : `&page=${encodeURIComponent(page)}`}`);
    expect(answer.status).toBe(200);
    expect(answer.body.items.length).toBeLessThanOrEqual(limit);
    expect(typeof answer.body.count).toBe('number');
    ids.push(...answer.body.items.map((item: { id: string }) => item.id));
    pages++;
    page = answer.body.next?.page;
    if (page === undefined) expect(answer.body).not.toHaveProperty('next');
  } while (page !== undefined);
  return { ids, pages };
}

describe('walking every page', () => {
  it.each([100, 1000])('walks 2,500 spaces with limit %i: every one once', async (limit) => {
    const { ids, pages } = await walk(`/v1/orgs/${t.organizationId}/spaces`, limit);
    expect(ids).toHaveLength(total);
    expect(new Set(ids)).toEqual(spaceIds);
    expect(pages).toBe(Math.ceil(total / limit));
  });

  it.each([100, 1000])('walks 2,500 collections with limit %i: every one once', async (limit) => {
    const { ids } = await walk(`/v1/orgs/${t.organizationId}/collections`, limit);
    expect(ids).toHaveLength(total);
    expect(new Set(ids)).toEqual(collectionIds);
  });

  it('walks the top level only with nested=false, and a collection’s spaces, in order', async () => {
    const top = await walk(`/v1/orgs/${t.organizationId}/collections?nested=false`, 100);
    expect(top.ids).toHaveLength(1 + Math.floor((total - 1) / 2));
    expect(new Set(top.ids).size).toBe(top.ids.length);
    const inShelf = await walk(`/v1/collections/${shelfId}/spaces`, 100);
    expect(inShelf.ids).toHaveLength(total / 5);
    const first = await t.call('GET', `/v1/collections/${shelfId}/spaces?limit=3`);
    expect(first.body.items.map((space: { title: string }) => space.title)).toEqual(['Space 0', 'Space 5', 'Space 10']);
  });

  it('keeps a walk whole while items are added behind the cursor', async () => {
    const first = await t.call('GET', `/v1/orgs/${t.organizationId}/spaces?limit=1000`);
    const added = await t.store.createSpace({ organizationId: t.organizationId, title: 'Added during the walk' });
    let page: string | undefined = first.body.next.page;
    const ids: string[] = first.body.items.map((item: { id: string }) => item.id);
    while (page !== undefined) {
      const answer = await t.call('GET', `/v1/orgs/${t.organizationId}/spaces?limit=1000&page=${encodeURIComponent(page)}`);
      ids.push(...answer.body.items.map((item: { id: string }) => item.id));
      page = answer.body.next?.page;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(added.id);
    await t.call('DELETE', `/v1/spaces/${added.id}`);
  });
});

describe('limits and cursors', () => {
  it.each([
    ['limit=1001', 'query/limit must be at most 1000'],
    ['limit=0', 'query/limit must be at least 1'],
    ['limit=-5', 'query/limit must be at least 1'],
    ['limit=ten', 'query/limit must be an integer'],
    ['limit=2.5', 'query/limit must be an integer'],
    ['page=', 'query/page must not be empty'],
    ['page=not-a-cursor', 'page is not a cursor of this list'],
  ])('answers 400 for %s, naming the parameter', async (query, message) => {
    for (const url of [`/v1/orgs/${t.organizationId}/spaces`, `/v1/orgs/${t.organizationId}/collections`, `/v1/collections/${shelfId}/spaces`, '/v1/orgs']) {
      const answer = await t.call('GET', `${url}?${query}`);
      expect(answer.status, `${url}?${query}`).toBe(400);
      expect(answer.body.error).toEqual({ code: 400, message: expect.stringContaining(message) });
    }
  });

  it('refuses a cursor of another list', async () => {
    const spaces = await t.call('GET', `/v1/orgs/${t.organizationId}/spaces?limit=10`);
    const answer = await t.call('GET', `/v1/orgs/${t.organizationId}/collections?limit=10&page=${encodeURIComponent(spaces.body.next.page)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^page /);
  });

  it('accepts limit=1000 and answers at most 50 items without a limit', async () => {
    expect((await t.call('GET', `/v1/orgs/${t.organizationId}/spaces?limit=1000`)).body.items).toHaveLength(1000);
    expect((await t.call('GET', `/v1/orgs/${t.organizationId}/spaces`)).body.items).toHaveLength(50);
  });
});
