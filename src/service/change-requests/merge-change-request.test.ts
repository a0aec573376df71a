// Merges and updates against a store whose heads move at the worst moment: the compare-and-set loses, and
// the work is redone on top of the new head, so no update is lost.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { createChangeRequest } from './change-requests.ts';
import { updateChangeRequestContent } from './change-request-content.ts';
import { getContentPage } from '../content/content-pages.ts';
import { spaceContent } from '../content/content-location.ts';
import { getContentRevision } from '../content/content-revisions.ts';
import { maxHeadAttempts } from './head-race.ts';
import { mergeChangeRequest } from './merge-change-request.ts';
import type { ServiceContext } from '../service-context.ts';
import { createSpace } from '../spaces/spaces.ts';
import { openAdminTestStore } from '../test-store.fixture.ts';
import { updateChangeRequestFromSpace } from './update-change-request.ts';

let store: Store;
let dispose: () => Promise<void>;
let actor: Actor;
let organizationId: string;
beforeAll(async () => {
  ({ store, dispose, actor, organizationId } = await openAdminTestStore());
});
afterAll(() => dispose?.()); // unset when beforeAll failed

const contextOn = (on: Store): ServiceContext => ({ store: on, clock: () => new Date(), baseUrl: 'http://quire.test' });

/** The store with some methods replaced; transactions hand the wrapper to their callback too. */
function storeWith(overrides: Partial<Record<keyof Store, unknown>>): Store {
  const wrapper: Store = new Proxy(store, {
    get(target, key: string) {
      if (key === 'transaction') return <T>(fn: (tx: Store) => Promise<T>) => target.transaction(() => fn(wrapper));
      if (key in overrides) return overrides[key as keyof Store];
      const value = (target as unknown as Record<string, unknown>)[key];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return wrapper;
}

/** The ids `GET /v1/spaces/{id}/revisions` lists. */
async function listedRevisions(spaceId: string): Promise<string[]> {
  return (await store.listRevisions(spaceId, {}, { limit: 1000 })).items.map((item) => item.id);
}

/** A space with a Guide page, and two change requests: one edits Guide, the other adds a page. */
async function twoChangeRequests(title: string) {
  const ctx = contextOn(store);
  const space = await createSpace(ctx, actor, organizationId, { title });
  const setup = await createChangeRequest(ctx, actor, space.id, { subject: 'Setup' });
  await updateChangeRequestContent(ctx, actor, space.id, setup.id, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'One.\n\nTwo.\n' } }]);
  await mergeChangeRequest(ctx, actor, space.id, setup.id);
  const guide = (await getContentRevision(ctx, actor, space.id, spaceContent)).pages[0]!.id;
  const edit = await createChangeRequest(ctx, actor, space.id, { subject: 'Edit' });
  await updateChangeRequestContent(ctx, actor, space.id, edit.id, [{ operation: 'update_page', page: guide, document: { markdown: 'One, edited.\n\nTwo.\n' } }]);
  const add = await createChangeRequest(ctx, actor, space.id, { subject: 'Add' });
  await updateChangeRequestContent(ctx, actor, space.id, add.id, [{ operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions.\n' } }]);
  return { spaceId: space.id, guide, edit: edit.id, add: add.id };
}

describe('racing merges', () => {
  it('redoes a merge on top of a head another merge moved between the read and the compare-and-set', async () => {
    const { spaceId, guide, edit, add } = await twoChangeRequests('Race');
    const before = await listedRevisions(spaceId);
    let raced: string | undefined;
    let lost: string | undefined;
    const racing = storeWith({
      putRevision: async (...args: Parameters<Store['putRevision']>) => {
        if (raced === undefined && args[1].mergedFromChangeRequest === edit) raced = (await mergeChangeRequest(contextOn(store), actor, spaceId, add)).revision;
        const written = await store.putRevision(...args);
        lost ??= written;
        return written;
      },
    });
    const result = await mergeChangeRequest(contextOn(racing), actor, spaceId, edit);
    expect(result.result).toBe('merge');
    const ctx = contextOn(store);
    const head = await getContentRevision(ctx, actor, spaceId, spaceContent);
    expect(head.id).toBe(result.revision);
    expect(head.parents).toEqual([raced, (await store.getChangeRequest(spaceId, edit)).revision]);
    expect(head.pages.map((page) => page.title)).toEqual(['Guide', 'FAQ']);
    expect((await getContentPage(ctx, actor, spaceId, spaceContent, guide, { format: 'markdown' })).markdown).toBe('One, edited.\n\nTwo.\n');
    // The merge revision written on the old head lost the race: it is gone, so the list holds only the two merges.
    expect(lost).not.toBe(result.revision);
    expect((await listedRevisions(spaceId)).sort()).toEqual([...before, raced, result.revision].sort());
    await expect(store.getRevisionInfo(lost!)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('discards the revision of a content batch that lost the race for the change request’s head, and lists the two that won', async () => {
    const { spaceId, edit } = await twoChangeRequests('Batch race');
    const ctx = contextOn(store);
    const before = await listedRevisions(spaceId);
    let racedIn = false;
    const racing = storeWith({
      setChangeRequestHead: async (...args: Parameters<Store['setChangeRequestHead']>) => {
        if (!racedIn) {
          racedIn = true;
          await updateChangeRequestContent(ctx, actor, spaceId, edit, [{ operation: 'insert_page', title: 'First', document: { markdown: 'First.\n' } }]);
        }
        return store.setChangeRequestHead(...args);
      },
    });
    await updateChangeRequestContent(contextOn(racing), actor, spaceId, edit, [{ operation: 'insert_page', title: 'Second', document: { markdown: 'Second.\n' } }]);
    const head = (await store.getChangeRequest(spaceId, edit)).revision;
    const first = (await store.getRevisionInfo(head)).parents[0]!;
    expect((await store.getRevision(head)).pages.map((page) => page.title)).toEqual(['Guide', 'First', 'Second']);
    expect((await listedRevisions(spaceId)).sort()).toEqual([...before, first, head].sort());
  });

  it('redoes an update when an edit moved the change request’s head meanwhile, keeping the edit', async () => {
    const { spaceId, edit, add } = await twoChangeRequests('Update race');
    const ctx = contextOn(store);
    await mergeChangeRequest(ctx, actor, spaceId, add);
    let edited = false;
    const racing = storeWith({
      setChangeRequestHead: async (...args: Parameters<Store['setChangeRequestHead']>) => {
        if (!edited) {
          edited = true;
          await updateChangeRequestContent(ctx, actor, spaceId, edit, [{ operation: 'insert_page', title: 'Late', document: { markdown: 'Late.\n' } }]);
        }
        return store.setChangeRequestHead(...args);
      },
    });
    const result = await updateChangeRequestFromSpace(contextOn(racing), actor, spaceId, edit);
    expect(result.result).toBe('update');
    const record = await store.getChangeRequest(spaceId, edit);
    expect(record.revision).toBe(result.revision);
    const pages = (await store.getRevision(record.revision)).pages.map((page) => page.title);
    expect(pages.sort()).toEqual(['FAQ', 'Guide', 'Late']);
  });

  it('merges more change requests of one space at once than a merge has attempts, on a slow store: each lands, none is lost', async () => {
    const ctx = contextOn(store);
    const space = await createSpace(ctx, actor, organizationId, { title: 'Crowd' });
    const count = maxHeadAttempts + 5;
    const setup = await createChangeRequest(ctx, actor, space.id, { subject: 'Pages' });
    const titles = Array.from({ length: count }, (_, index) => `Page ${index}`);
    await updateChangeRequestContent(ctx, actor, space.id, setup.id, titles.map((title) => ({ operation: 'insert_page' as const, title, document: { markdown: 'Before.\n' } })));
    await mergeChangeRequest(ctx, actor, space.id, setup.id);
    const pages = (await getContentRevision(ctx, actor, space.id, spaceContent)).pages.map((page) => page.id);
    const edits: string[] = [];
    for (const [index, page] of pages.entries()) {
      const edit = await createChangeRequest(ctx, actor, space.id, { subject: `Edit ${index}` });
      await updateChangeRequestContent(ctx, actor, space.id, edit.id, [{ operation: 'update_page', page, title: `Edited ${index}` }]);
      edits.push(edit.id);
    }
    // A store as slow to write a revision as PostgreSQL on a busy machine: every racing merge computes its revision
    // on the same head before any of them can move it.
    const slow = contextOn(storeWith({ putRevision: async (...args: Parameters<Store['putRevision']>) => (await sleep(100), store.putRevision(...args)) }));
    const results = await Promise.all(edits.map((edit) => mergeChangeRequest(slow, actor, space.id, edit).catch((error: unknown) => error)));
    expect(results.map((result) => (result as { result?: string }).result ?? String(result))).toEqual(edits.map(() => 'merge'));
    const after = await getContentRevision(ctx, actor, space.id, spaceContent);
    expect(after.pages.map((page) => page.title)).toEqual(pages.map((_, index) => `Edited ${index}`));
  }, 60_000);

  it('gives up with STORE_CONFLICT when the head keeps moving', async () => {
    const { spaceId, edit } = await twoChangeRequests('Never');
    const before = await listedRevisions(spaceId);
    let attempts = 0;
    const moving = storeWith({
      setSpaceHead: async () => {
        attempts++;
        return false;
      },
    });
    const failure = await mergeChangeRequest(contextOn(moving), actor, spaceId, edit).catch((error: unknown) => error);
    expect(isQuireError(failure, 'STORE_CONFLICT')).toBe(true);
    expect(attempts).toBe(maxHeadAttempts);
    expect((await store.getChangeRequest(spaceId, edit)).status).toBe('draft');
    expect(await listedRevisions(spaceId)).toEqual(before); // none of the attempts' merge revisions is left
  });
});
