// Merging and updating change requests with the official client: a fast-forward when the space has not moved,
// a clean three-way merge when the two sides touched different things, `conflicts` and nothing changed when
// they did not; `outdated` and `update`; and merges racing on one server, which never lose an update.
import type { RevisionPageDocument } from '@gitbook/api';
import { expect, it } from 'vitest';
import { mergeChanges, newSpace, pageIdOf, writeChanges } from './content-fixture.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** A space with one merged page, "Guide", whose body has three paragraphs. */
async function spaceWithGuide(server: ConformanceServer, title: string): Promise<{ spaceId: string; guide: string }> {
  const api = server.client();
  const { id: spaceId } = await newSpace(server, title);
  const { update } = await mergeChanges(api, spaceId, 'Guide', [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'First.\n\nSecond.\n\nThird.\n' } }]);
  return { spaceId, guide: pageIdOf(update, 0) };
}

async function bodyOf(server: ConformanceServer, spaceId: string, pageId: string): Promise<string> {
  const { data } = await server.client().spaces.getPageById(spaceId, pageId, { format: 'markdown' });
  return (data as { markdown: string }).markdown;
}

describeConformance('merges', (server) => {
  it('fast-forwards when the space has not moved: the change request’s content, no content object written', async () => {
    const api = server().client();
    const { spaceId, guide } = await spaceWithGuide(server(), 'Fast-forward');
    const { data: before } = await api.spaces.getSpaceById(spaceId);
    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Edit' });
    await writeChanges(api, spaceId, changeRequest.id, [{ operation: 'update_page', page: guide, document: { markdown: 'First, edited.\n\nSecond.\n\nThird.\n' } }]);
    const { data: head } = await api.spaces.getChangeRequestById(spaceId, changeRequest.id);
    const stats = await server().store.stats();

    const { data: result } = await api.spaces.mergeChangeRequest(spaceId, changeRequest.id);
    expect(result.result).toBe('merge');
    expect((await server().store.stats()).objects).toBe(stats.objects);
    const { data: merged } = await api.spaces.getCurrentRevision(spaceId);
    expect(merged).toMatchObject({ id: result.revision, type: 'merge', parents: [before.revision, head.revision], mergedFrom: { id: changeRequest.id } });
    expect(merged.pages).toEqual((await api.spaces.getRevisionById(spaceId, head.revision)).data.pages.map((page) => ({ ...page, urls: expect.anything() })));
    expect(await bodyOf(server(), spaceId, guide)).toBe('First, edited.\n\nSecond.\n\nThird.\n');
  });

  it('merges cleanly when the two sides touched different things; outdated, then update brings it up to date', async () => {
    const api = server().client();
    const { spaceId, guide } = await spaceWithGuide(server(), 'Three-way');
    const { data: mine } = await api.spaces.createChangeRequest(spaceId, { subject: 'Mine' });
    const { data: theirs } = await api.spaces.createChangeRequest(spaceId, { subject: 'Theirs' });
    await writeChanges(api, spaceId, mine.id, [{ operation: 'update_page', page: guide, document: { markdown: 'First, mine.\n\nSecond.\n\nThird.\n' } }]);
    const added = await writeChanges(api, spaceId, theirs.id, [
      { operation: 'update_page', page: guide, document: { markdown: 'First.\n\nSecond.\n\nThird, theirs.\n' } },
      { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions.\n' } },
    ]);
    expect((await api.spaces.mergeChangeRequest(spaceId, theirs.id)).data.result).toBe('merge');

    const { data: outdated } = await api.spaces.getChangeRequestById(spaceId, mine.id);
    expect(outdated.outdated).toBe(true);
    const { data: updated } = await api.spaces.updateChangeRequest(spaceId, mine.id);
    expect(updated.result).toBe('update');
    const { data: upToDate } = await api.spaces.getChangeRequestById(spaceId, mine.id);
    expect(upToDate).toMatchObject({ outdated: false, revision: updated.revision, revisionMergedAncestor: (await api.spaces.getSpaceById(spaceId)).data.revision });
    const { data: crPage } = await api.spaces.getPageInChangeRequestById(spaceId, mine.id, guide, { format: 'markdown' });
    expect((crPage as { markdown: string }).markdown).toBe('First, mine.\n\nSecond.\n\nThird, theirs.\n');
    // Updating again changes nothing.
    expect((await api.spaces.updateChangeRequest(spaceId, mine.id)).data).toEqual({ revision: updated.revision, result: 'update' });

    const { data: merged } = await api.spaces.mergeChangeRequest(spaceId, mine.id);
    expect(merged.result).toBe('merge');
    expect(await bodyOf(server(), spaceId, guide)).toBe('First, mine.\n\nSecond.\n\nThird, theirs.\n');
    const { data: pages } = await api.spaces.listPages(spaceId);
    expect(pages.pages.map((page) => page.id)).toEqual([guide, pageIdOf(added, 1)]);
  });

  it('merges without an update first when the sides do not overlap', async () => {
    const api = server().client();
    const { spaceId, guide } = await spaceWithGuide(server(), 'Direct three-way');
    const { data: a } = await api.spaces.createChangeRequest(spaceId, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(spaceId, { subject: 'B' });
    await writeChanges(api, spaceId, a.id, [{ operation: 'insert_page', title: 'Alpha', document: { markdown: 'A.\n' } }]);
    await writeChanges(api, spaceId, b.id, [{ operation: 'update_page', page: guide, title: 'The guide' }]);
    const first = (await api.spaces.mergeChangeRequest(spaceId, a.id)).data;
    const second = (await api.spaces.mergeChangeRequest(spaceId, b.id)).data;
    expect([first.result, second.result]).toEqual(['merge', 'merge']);
    const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
    expect(revision.parents[0]).toBe(first.revision);
    expect(revision.pages.map((page) => page.title)).toEqual(['The guide', 'Alpha']);
  });

  it('answers conflicts and changes nothing when both sides changed the same lines; update conflicts too', async () => {
    const api = server().client();
    const { spaceId, guide } = await spaceWithGuide(server(), 'Conflict');
    const { data: a } = await api.spaces.createChangeRequest(spaceId, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(spaceId, { subject: 'B' });
    await writeChanges(api, spaceId, a.id, [{ operation: 'update_page', page: guide, document: { markdown: 'First.\n\nSecond, by A.\n\nThird.\n' } }]);
    await writeChanges(api, spaceId, b.id, [{ operation: 'update_page', page: guide, document: { markdown: 'First.\n\nSecond, by B.\n\nThird.\n' } }]);
    expect((await api.spaces.mergeChangeRequest(spaceId, a.id)).data.result).toBe('merge');
    const { data: space } = await api.spaces.getSpaceById(spaceId);
    const { data: before } = await api.spaces.getChangeRequestById(spaceId, b.id);

    const merge = await server().request('POST', `/v1/spaces/${spaceId}/change-requests/${b.id}/merge`);
    const answer = (await merge.json()) as { revision: string; result: string; conflicts: Array<{ pageId: string; field: string }> };
    expect(answer).toMatchObject({ revision: space.revision, result: 'conflicts', conflicts: [{ pageId: guide, field: 'document' }] });
    expect((await api.spaces.getSpaceById(spaceId)).data).toMatchObject({ revision: space.revision, changeRequestsDraft: 1 });
    expect((await api.spaces.getChangeRequestById(spaceId, b.id)).data).toMatchObject({ status: 'draft', revision: before.revision, outdated: true });
    expect(await bodyOf(server(), spaceId, guide)).toBe('First.\n\nSecond, by A.\n\nThird.\n');

    const { data: update } = await api.spaces.updateChangeRequest(spaceId, b.id);
    expect(update).toMatchObject({ revision: before.revision, result: 'conflicts' });
    expect((await api.spaces.getChangeRequestById(spaceId, b.id)).data.revision).toBe(before.revision);
  });

  it('lands two merges of different change requests started together, one on top of the other', async () => {
    const api = server().client();
    const { spaceId, guide } = await spaceWithGuide(server(), 'Race');
    const { data: a } = await api.spaces.createChangeRequest(spaceId, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(spaceId, { subject: 'B' });
    await writeChanges(api, spaceId, a.id, [{ operation: 'update_page', page: guide, document: { markdown: 'First, by A.\n\nSecond.\n\nThird.\n' } }]);
    await writeChanges(api, spaceId, b.id, [{ operation: 'insert_page', title: 'Beta', document: { markdown: 'B.\n' } }]);
    const { data: start } = await api.spaces.getSpaceById(spaceId);

    const [first, second] = await Promise.all([api.spaces.mergeChangeRequest(spaceId, a.id), api.spaces.mergeChangeRequest(spaceId, b.id)]);
    expect([first.data.result, second.data.result]).toEqual(['merge', 'merge']);
    const { data: head } = await api.spaces.getCurrentRevision(spaceId);
    const revisions = [first.data.revision, second.data.revision];
    expect(revisions).toContain(head.id);
    const lower = revisions.find((revision) => revision !== head.id)!;
    expect(head.parents[0]).toBe(lower);
    expect((await api.spaces.getRevisionById(spaceId, lower)).data.parents[0]).toBe(start.revision);
    expect(head.pages.map((page) => page.title)).toEqual(['Guide', 'Beta']);
    expect(await bodyOf(server(), spaceId, guide)).toBe('First, by A.\n\nSecond.\n\nThird.\n');
    expect((await api.spaces.getSpaceById(spaceId)).data).toMatchObject({ changeRequests: 3, changeRequestsOpen: 0, changeRequestsDraft: 0 });
  });

  it('lets one of two conflicting merges started together land; the other answers conflicts', async () => {
    const api = server().client();
    const { spaceId, guide } = await spaceWithGuide(server(), 'Conflicting race');
    const { data: a } = await api.spaces.createChangeRequest(spaceId, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(spaceId, { subject: 'B' });
    await writeChanges(api, spaceId, a.id, [{ operation: 'update_page', page: guide, document: { markdown: 'One by A.\n' } }]);
    await writeChanges(api, spaceId, b.id, [{ operation: 'update_page', page: guide, document: { markdown: 'One by B.\n' } }]);

    const results = await Promise.all([api.spaces.mergeChangeRequest(spaceId, a.id), api.spaces.mergeChangeRequest(spaceId, b.id)]);
    expect(results.map((result) => result.data.result).sort()).toEqual(['conflicts', 'merge']);
    const winner = results[0]!.data.result === 'merge' ? a : b;
    const loser = winner === a ? b : a;
    expect((await api.spaces.getSpaceById(spaceId)).data.revision).toBe(results.find((result) => result.data.result === 'merge')!.data.revision);
    expect(await bodyOf(server(), spaceId, guide)).toBe(winner === a ? 'One by A.\n' : 'One by B.\n');
    expect((await api.spaces.getChangeRequestById(spaceId, loser.id)).data).toMatchObject({ status: 'draft', outdated: true });
  });

  it('applies two content batches sent together to one change request, one after the other', async () => {
    const api = server().client();
    const { spaceId } = await spaceWithGuide(server(), 'Batches');
    const { data: changeRequest } = await api.spaces.createChangeRequest(spaceId, { subject: 'Both' });
    await Promise.all(
      ['One', 'Two', 'Three'].map((title) => writeChanges(api, spaceId, changeRequest.id, [{ operation: 'insert_page', title, document: { markdown: `${title}.\n` } }])),
    );
    const { data: pages } = await api.spaces.listPagesInChangeRequest(spaceId, changeRequest.id);
    expect(pages.pages.map((page) => page.title).sort()).toEqual(['Guide', 'One', 'Three', 'Two']);
    expect((pages.pages[0] as RevisionPageDocument).title).toBe('Guide');
  });
});
