// The search index follows a space's head: incrementally (one page edited, one page re-indexed), healing after a
// crash between a merge and its indexing, and safely when two refreshes race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchIndexUpdate, Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { updateChangeRequestContent } from '../change-requests/change-request-content.ts';
import { createChangeRequest } from '../change-requests/change-requests.ts';
import { spaceContent } from '../content/content-location.ts';
import { getContentRevision } from '../content/content-revisions.ts';
import { mergeChangeRequest } from '../change-requests/merge-change-request.ts';
import { refreshSearchIndex, searchSpaceContent } from './search.ts';
import type { ServiceContext } from '../service-context.ts';
import { createSpace } from '../spaces/spaces.ts';
import { openAdminTestStore } from '../test-store.fixture.ts';

let store: Store;
let dispose: () => Promise<void>;
let actor: Actor;
let organizationId: string;
beforeAll(async () => {
  ({ store, dispose, actor, organizationId } = await openAdminTestStore());
});
afterAll(() => dispose?.());

const contextOn = (on: Store): ServiceContext => ({ store: on, clock: () => new Date(), baseUrl: 'http://quire.test' });

/** The store, with `applySearchIndexUpdate` recorded (and, with `fail`, refused as a crash would). */
function recordingStore(updates: SearchIndexUpdate[], fail = false): Store {
  const wrapper: Store = new Proxy(store, {
    get(target, key: string) {
      if (key === 'transaction') return <T>(fn: (tx: Store) => Promise<T>) => target.transaction(() => fn(wrapper));
      if (key === 'applySearchIndexUpdate') {
        return async (update: SearchIndexUpdate) => {
          updates.push(update);
          if (fail) throw new Error('the process died before indexing');
          return target.applySearchIndexUpdate(update);
        };
      }
      const value = (target as unknown as Record<string, unknown>)[key];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return wrapper;
}

async function merge(ctx: ServiceContext, spaceId: string, changes: unknown[]): Promise<void> {
  const changeRequest = await createChangeRequest(ctx, actor, spaceId, { subject: 'Edit' });
  for (let start = 0; start < changes.length; start += 50) {
    await updateChangeRequestContent(ctx, actor, spaceId, changeRequest.id, changes.slice(start, start + 50) as never);
  }
  const { result } = await mergeChangeRequest(ctx, actor, spaceId, changeRequest.id);
  expect(result).toBe('merge');
}

describe('search index upkeep', () => {
  it('re-indexes exactly the one page a merge changed in a 200-page space', async () => {
    const ctx = contextOn(store);
    const space = await createSpace(ctx, actor, organizationId, { title: 'Big' });
    await merge(
      ctx,
      space.id,
      Array.from({ length: 200 }, (_, index) => ({ operation: 'insert_page', title: `Page ${index}`, document: { markdown: `Text of page ${index} about topic${index}.\n\n## Details\n\nMore words.\n` } })),
    );
    const head = (await store.getSpace(space.id)).revisionId;
    expect(await store.getSearchIndexRevision(space.id)).toBe(head);
    expect((await store.listSearchIndexPages(space.id)).length).toBe(200);

    const pages = (await getContentRevision(ctx, actor, space.id, spaceContent)).pages;
    const updates: SearchIndexUpdate[] = [];
    const recording = contextOn(recordingStore(updates));
    await merge(recording, space.id, [{ operation: 'update_page', page: pages[57]!.id, document: { markdown: 'Rewritten with the word zeppelin.\n' } }]);
    expect(updates.map((update) => [update.put.map((page) => page.pageId), update.relocate.length, update.remove.length])).toEqual([[[pages[57]!.id], 0, 0]]);
    expect(updates[0]!.from).toBe(head);

    const found = await searchSpaceContent(ctx, actor, space.id, 'zeppelin');
    expect(found.items.map((item) => item.title)).toEqual(['Page 57']);
    expect((await searchSpaceContent(ctx, actor, space.id, 'topic57')).count).toBe(0);
    // Nothing else was touched: a refresh now has nothing to do.
    expect(await refreshSearchIndex(ctx, space.id)).toMatchObject({ reindexed: 0, relocated: 0, removed: 0 });
  });

  it('heals before answering when the process died between a merge and its indexing', async () => {
    const ctx = contextOn(store);
    const space = await createSpace(ctx, actor, organizationId, { title: 'Crashy' });
    await merge(ctx, space.id, [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Old words.\n' } }]);
    const updates: SearchIndexUpdate[] = [];
    await merge(contextOn(recordingStore(updates, true)), space.id, [{ operation: 'insert_page', title: 'Added', document: { markdown: 'A platypus appears.\n' } }]);
    expect(updates).toHaveLength(1);
    expect(await store.getSearchIndexRevision(space.id)).not.toBe((await store.getSpace(space.id)).revisionId);

    const healed: SearchIndexUpdate[] = [];
    const found = await searchSpaceContent(contextOn(recordingStore(healed)), actor, space.id, 'platypus');
    expect(found.items.map((item) => item.title)).toEqual(['Added']);
    expect(healed.map((update) => update.put.map((page) => page.title))).toEqual([['Added']]);
  });

  it('two refreshes racing on a stale index write it once', async () => {
    const ctx = contextOn(store);
    const space = await createSpace(ctx, actor, organizationId, { title: 'Racy' });
    const updates: SearchIndexUpdate[] = [];
    await merge(contextOn(recordingStore(updates, true)), space.id, [
      { operation: 'insert_page', title: 'Alpha', document: { markdown: 'Intro.\n\n## One\n\nKangaroo.\n\n## Two\n\nKangaroo again.\n' } },
    ]);
    const results = await Promise.all([refreshSearchIndex(ctx, space.id), refreshSearchIndex(ctx, space.id), refreshSearchIndex(ctx, space.id)]);
    expect(results.map((result) => result.reindexed).sort()).toEqual([0, 0, 1]);
    const found = await searchSpaceContent(ctx, actor, space.id, 'kangaroo');
    expect(found.count).toBe(1);
    expect(found.items[0]!.sections!.map((section) => section.title)).toEqual(['One', 'Two']);
  });
});
