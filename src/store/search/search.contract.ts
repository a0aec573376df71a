// The search part of the Store contract: every implementation (SQLite FTS5, PostgreSQL tsvector) must pass it,
// with the same answers. search.test.ts runs it against each.
import { describe, expect, it } from 'vitest';
import { parseSearchQuery, searchSections, type SearchablePage } from '../../content/index.ts';
import type { Store } from '../index.ts';
import type { SearchIndexPage } from './search.ts';
import { spaceRetentionMs } from '../spaces/spaces.ts';
import { openStoreForEachTest, type TestClock, type StoreHarness } from '../store.contract.ts';

/** A page of the index from a title and a Markdown body. */
function page(pageId: string, title: string, markdown: string, order: number, extra: Partial<SearchablePage> = {}): SearchIndexPage {
  return { pageId, documentId: `doc-${pageId}`, title, description: '', path: pageId, ancestors: [], order, ...extra, sections: searchSections(markdown) };
}

/**
 * Defines the search contract tests for one Store implementation.
 *
 * @example
 * describeSearchStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeSearchStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: search (${name})`, () => {
    let store: Store;
    let clock: TestClock;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store, clock } = opened));

    async function indexedSpace(pages: SearchIndexPage[]) {
      const org = await store.createOrganization({ title: 'Acme' });
      const space = await store.createSpace({ organizationId: org.id, title: 'Docs' });
      expect(await store.applySearchIndexUpdate({ spaceId: space.id, from: undefined, to: space.revisionId, put: pages, relocate: [], remove: [] })).toBe(true);
      return { org, space };
    }

    const search = (spaceIds: string[], text: string, offset = 0, limit = 10) => store.searchIndex(parseSearchQuery(text), spaceIds, { offset, limit });

    it('ranks a title match first, then a heading match, then a body match; stems English', async () => {
      const { space } = await indexedSpace([
        page('body', 'Overview', 'Quire is a documentation platform.\n\n## Usage\n\nBefore installing, read the notes.\n', 0),
        page('heading', 'Tools', 'Some tools.\n\n## Install\n\nRun the command.\n', 1),
        page('title', 'Install Quire', 'Steps follow.\n', 2),
        page('other', 'Unrelated', 'Nothing to see.\n', 3),
      ]);
      const result = await search([space.id], 'install');
      expect(result.total).toBe(3);
      expect(result.pages.map((hit) => [hit.page.pageId, hit.tier, hit.rank])).toEqual([
        ['title', 2, 1],
        ['heading', 1, 2],
        ['body', 0, 3],
      ]);
      expect(result.pages[0]!.score).toBeGreaterThan(result.pages[1]!.score);
      expect(result.pages[1]!.score).toBeGreaterThan(result.pages[2]!.score);
      // The heading hit names its section; the body hit the section whose text matched ("installing" → install).
      expect(result.pages[1]!.sections[0]).toMatchObject({ title: 'Install', anchor: 'install', headingMatch: true, contentMatch: true });
      expect(result.pages[2]!.sections.map((section) => section.title)).toEqual(['Usage']);
      expect(result.pages[2]!.sections[0]!.body).toBe('Before installing, read the notes.');
      // Every word must match, in any field of the section's row (title + body here).
      expect((await search([space.id], 'install steps')).pages.map((hit) => hit.page.pageId)).toEqual(['title']);
      expect((await search([space.id], 'install nothing')).total).toBe(0);
      expect((await search([space.id], '?!')).total).toBe(0);
    });

    it('breaks ties by page order, and pages through the ranking by offset', async () => {
      const pages = Array.from({ length: 7 }, (_, index) => page(`p${index}`, `Page ${index}`, 'The same text about widgets.\n', 6 - index));
      const { space } = await indexedSpace(pages);
      const all = await search([space.id], 'widgets', 0, 100);
      expect(all.pages.map((hit) => hit.page.pageId)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']);
      const first = await search([space.id], 'widgets', 0, 3);
      const second = await search([space.id], 'widgets', 3, 3);
      const third = await search([space.id], 'widgets', 6, 3);
      expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
      expect([...first.pages, ...second.pages, ...third.pages].map((hit) => [hit.page.pageId, hit.rank])).toEqual(all.pages.map((hit) => [hit.page.pageId, hit.rank]));
      const beyond = await search([space.id], 'widgets', 20, 3);
      expect(beyond).toEqual({ total: 7, pages: [] });
    });

    it('finds Japanese and Arabic words in the middle of a sentence', async () => {
      const { space } = await indexedSpace([
        page('ja', '日本語のページ', '私たちは検索エンジンを毎日使っています。\n', 0),
        page('ar', 'صفحة عربية', 'نحن نستخدم محرك البحث كل يوم في العمل.\n', 1),
        page('en', 'English', 'We use the search engine every day.\n', 2),
      ]);
      expect((await search([space.id], 'エンジン')).pages.map((hit) => hit.page.pageId)).toEqual(['ja']);
      expect((await search([space.id], '検索')).pages.map((hit) => hit.page.pageId)).toEqual(['ja']);
      expect((await search([space.id], '索エ')).pages.map((hit) => hit.page.pageId)).toEqual(['ja']);
      // Characters that are not in a row do not match as a phrase.
      expect((await search([space.id], '検エ')).total).toBe(0);
      expect((await search([space.id], 'محرك')).pages.map((hit) => hit.page.pageId)).toEqual(['ar']);
      expect((await search([space.id], 'البحث')).pages.map((hit) => hit.page.pageId)).toEqual(['ar']);
      expect((await search([space.id], 'عربية')).pages[0]).toMatchObject({ page: { pageId: 'ar' }, tier: 2 });
      expect((await search([space.id], 'engine')).pages.map((hit) => hit.page.pageId)).toEqual(['en']);
    });

    it('updates by compare-and-set: relocates, re-indexes and removes pages; a stale update changes nothing', async () => {
      const { org, space } = await indexedSpace([page('a', 'Alpha', 'Apples.\n', 0), page('b', 'Beta', 'Bananas.\n', 1)]);
      expect(await store.getSearchIndexRevision(space.id)).toBe(space.revisionId);
      expect(await store.listStaleSearchIndexes([space.id])).toEqual([]);
      const other = await store.createSpace({ organizationId: org.id, title: 'Other' });
      expect(await store.listStaleSearchIndexes([space.id, other.id])).toEqual([other.id]);

      const update = {
        spaceId: space.id,
        from: space.revisionId,
        to: 'r2',
        put: [page('a', 'Alpha', 'Cherries.\n', 1)],
        relocate: [{ pageId: 'b', documentId: 'doc-b', title: 'Beta', description: '', path: 'moved/b', ancestors: ['Moved'], order: 0 }],
        remove: [],
      };
      // Another writer got there first: nothing is written.
      expect(await store.applySearchIndexUpdate({ ...update, from: 'not-the-recorded-one' })).toBe(false);
      expect(await store.applySearchIndexUpdate({ ...update, from: undefined })).toBe(false);
      expect((await search([space.id], 'cherries')).total).toBe(0);

      expect(await store.applySearchIndexUpdate(update)).toBe(true);
      expect(await store.getSearchIndexRevision(space.id)).toBe('r2');
      expect((await search([space.id], 'apples')).total).toBe(0);
      expect((await search([space.id], 'cherries')).pages.map((hit) => hit.page.pageId)).toEqual(['a']);
      const bananas = await search([space.id], 'bananas');
      expect(bananas.pages[0]!.page).toEqual({ pageId: 'b', documentId: 'doc-b', title: 'Beta', description: '', path: 'moved/b', ancestors: ['Moved'], order: 0 });
      expect((await store.listSearchIndexPages(space.id)).map((item) => item.pageId)).toEqual(['b', 'a']);

      expect(await store.applySearchIndexUpdate({ spaceId: space.id, from: 'r2', to: 'r3', put: [], relocate: [], remove: ['b'] })).toBe(true);
      expect((await search([space.id], 'bananas')).total).toBe(0);
      expect((await store.listSearchIndexPages(space.id)).map((item) => item.pageId)).toEqual(['a']);
    });

    it('searches only the spaces asked, never deleted ones; purged spaces drop their rows', async () => {
      const { org, space } = await indexedSpace([page('a', 'Shared word', 'Zebra.\n', 0)]);
      const second = await store.createSpace({ organizationId: org.id, title: 'Second' });
      await store.applySearchIndexUpdate({ spaceId: second.id, from: undefined, to: second.revisionId, put: [page('b', 'Zebra crossing', 'Stripes.\n', 0)], relocate: [], remove: [] });
      expect((await search([space.id, second.id], 'zebra')).pages.map((hit) => [hit.spaceId, hit.page.pageId])).toEqual([
        [second.id, 'b'],
        [space.id, 'a'],
      ]);
      expect((await search([space.id], 'zebra')).pages.map((hit) => hit.page.pageId)).toEqual(['a']);
      expect((await search([], 'zebra')).total).toBe(0);

      await store.deleteSpace(second.id);
      expect((await search([space.id, second.id], 'zebra')).pages.map((hit) => hit.page.pageId)).toEqual(['a']);
      expect(await store.listStaleSearchIndexes([second.id])).toEqual([]);
      clock.advance(spaceRetentionMs + 1000);
      expect(await store.purgeDeletedSpaces()).toBe(1);
      expect(await store.getSearchIndexRevision(second.id)).toBeUndefined();
      expect(await store.listSearchIndexPages(second.id)).toEqual([]);
      // The engine's rows went too: a new space indexed with the same words finds only its own page.
      const third = await store.createSpace({ organizationId: org.id, title: 'Third' });
      await store.applySearchIndexUpdate({ spaceId: third.id, from: undefined, to: third.revisionId, put: [page('c', 'Stripes', 'Zebra.\n', 0)], relocate: [], remove: [] });
      expect((await search([space.id, second.id, third.id], 'stripes')).pages.map((hit) => hit.page.pageId)).toEqual(['c']);
    });
  });
}
