import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLayout } from '../format/directory-layout.ts';
import { startTestApp, type TestApp } from './test-app.fixture.ts';
import { carryOver, takeCarryOver } from '../service/change-requests/batch-carry-over.ts';
import type { PageTreeSlugs } from '../content/page-tree-draft.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('what a batch of a change request leaves for the next one', () => {
  it('is the layout and the slug indexes of the revision each batch made, through inserts, renames, moves and deletions', async () => {
    const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Layouts' } })).body;
    const changeRequest = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'fill' } })).body;
    const contentUrl = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`;
    const send = async (changes: unknown[]) => {
      const answer = await t.call('POST', `${contentUrl}?compat=false`, { body: { changes } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { changes: Array<{ page: { id: string } | string }> };
    };
    const checkLayoutOfHead = async () => {
      const head = (await t.store.getChangeRequest(space.id, changeRequest.id)).revision;
      // Taken to look at, then put back for the next batch.
      const kept = takeCarryOver(head);
      const revision = await t.store.getRevision(head);
      expect(kept?.layout, 'the batch kept the layout of the revision it made').toBeDefined();
      expect(kept!.layout).toEqual(planLayout(revision));
      expect(kept?.slugs, 'the batch kept its slug indexes').toBeDefined();
      expect(slugsOf(kept!.slugs!)).toEqual(expectedSlugs(revision.pages, kept!.slugs!));
      carryOver(head, kept!);
    };

    const inserted = await send([
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'See [setup](setup.md).\n' } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', document: { markdown: '# Setup\n\nRun it.\n' } },
      { operation: 'insert_page', title: 'Later', document: { markdown: 'Back to [the guide](README.md).\n' } },
    ]);
    await checkLayoutOfHead();
    const [guide, setup, later] = inserted.changes.map((change) => (typeof change.page === 'string' ? change.page : change.page.id));

    // Only added pages: their paths are worked out from the kept layout, not by laying the tree out again.
    await send([
      { operation: 'insert_page', title: 'FAQ', document: { markdown: 'See [setup](setup.md).\n' } },
      { operation: 'insert_page', title: 'Upgrade', document: { markdown: 'Upgrade it.\n' } },
    ]);
    await checkLayoutOfHead();
    // A page without children gains one (its file could move): the tree is laid out again.
    await send([{ operation: 'insert_page', title: 'Install', into: guide, document: { markdown: 'Install it.\n' } }]);
    await checkLayoutOfHead();

    await send([{ operation: 'update_page', page: setup, title: 'Set it up', slug: 'set-it-up' }]);
    await checkLayoutOfHead();
    // A move relinks bodies: the layout kept is still the one of the revision stored.
    await send([{ operation: 'update_page', page: later, into: guide, at: 0 }]);
    await checkLayoutOfHead();
    await send([{ operation: 'delete_page', page: setup }]);
    await checkLayoutOfHead();
  });
});

/** The slug indexes as plain data: for each parent indexed, each slug with the ids that have it. */
function slugsOf(slugs: PageTreeSlugs): Map<string | undefined, Map<string, string[]>> {
  const out = new Map<string | undefined, Map<string, string[]>>();
  for (const [parent, index] of slugs.indexes) {
    out.set(parent, new Map([...index].map(([slug, ids]) => [slug, typeof ids === 'string' ? [ids] : [...ids].sort()])));
  }
  return out;
}

/** What the same parents' indexes must hold, read off the tree stored: the slugs of their documents and groups. */
function expectedSlugs(pages: readonly SnapshotPage[], slugs: PageTreeSlugs): Map<string | undefined, Map<string, string[]>> {
  const childrenOf = new Map<string | undefined, readonly SnapshotPage[]>([[undefined, pages]]);
  const walk = (list: readonly SnapshotPage[]) => {
    for (const page of list) {
      const children = (page as { pages?: readonly SnapshotPage[] }).pages ?? [];
      childrenOf.set(page.id, children);
      walk(children);
    }
  };
  walk(pages);
  const out = new Map<string | undefined, Map<string, string[]>>();
  for (const parent of slugs.indexes.keys()) {
    const index = new Map<string, string[]>();
    for (const child of childrenOf.get(parent) ?? []) {
      if (child.type !== 'document' && child.type !== 'group') continue;
      index.set(child.slug, [...(index.get(child.slug) ?? []), child.id].sort());
    }
    out.set(parent, index);
  }
  return out;
}
