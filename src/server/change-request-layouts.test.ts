import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLayout } from '../format/directory-layout.ts';
import { startTestApp, type TestApp } from './test-app.fixture.ts';
import { revisionLayout } from '../service/revision-layouts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('layouts kept between the batches of a change request', () => {
  it('are the layout of the revision each batch made, through inserts, renames, moves and deletions', async () => {
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
      const kept = revisionLayout(head);
      expect(kept, 'the batch kept the layout of the revision it made').toBeDefined();
      expect(kept).toEqual(planLayout(await t.store.getRevision(head)));
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
