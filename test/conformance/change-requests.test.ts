// Change requests with the official client: create (201 + Location), list with the status filter (default open)
// and the contributor filter, get by id and by number, patch subject and status (and Prefer: return=minimal),
// the space's counters, and what a merged change request refuses. Every JSON answer is schema-checked.
import type { ChangeRequestStatus } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { newSpace, writeChanges } from './content-fixture.ts';
import { describeConformance } from './harness.ts';

describeConformance('change requests', (server) => {
  it('creates change requests (201 + Location), numbered in the space, as drafts', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Numbers');
    const first = await api.spaces.createChangeRequest(space.id, { subject: 'Fix typos' });
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe(first.data.urls.location);
    expect(first.data).toMatchObject({ object: 'change-request', number: 1, status: 'draft', subject: 'Fix typos', space: space.id, revision: space.revision, revisionInitial: space.revision, outdated: false, comments: 0 });
    expect(first.data.createdBy.id).toBe(server().admin.user.id);
    const second = await api.spaces.createChangeRequest(space.id, {});
    expect(second.data).toMatchObject({ number: 2, subject: '' });
  });

  it('gets a change request by id and by number; 404 for another space’s', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Lookup');
    const { data: created } = await api.spaces.createChangeRequest(space.id, { subject: 'Lookup' });
    expect((await api.spaces.getChangeRequestById(space.id, created.id)).data.id).toBe(created.id);
    expect((await api.spaces.getChangeRequestById(space.id, '1')).data.id).toBe(created.id);
    expect(await statusOf(api.spaces.getChangeRequestById(space.id, '2'))).toBe(404);
    const other = await newSpace(server(), 'Elsewhere');
    expect(await statusOf(api.spaces.getChangeRequestById(other.id, created.id))).toBe(404);
  });

  it('patches the subject and the status; Prefer: return=minimal answers 204', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Patching');
    const { data: created } = await api.spaces.createChangeRequest(space.id, { subject: 'Before' });
    const { data: patched } = await api.spaces.updateChangeRequestById(space.id, created.id, { subject: 'After', status: 'open' });
    expect(patched).toMatchObject({ subject: 'After', status: 'open' });
    const minimal = await server().request('PATCH', `/v1/spaces/${space.id}/change-requests/${created.number}`, { body: { status: 'archived' }, headers: { prefer: 'return=minimal' } });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('preference-applied')).toBe('return=minimal');
    expect((await api.spaces.getChangeRequestById(space.id, created.id)).data.status).toBe('archived');
    expect(await statusOf(api.spaces.updateChangeRequestById(space.id, created.id, { subject: 'x'.repeat(101) }))).toBe(400);
  });

  it('lists open change requests by default, filters by status and contributor, pages through them', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Listing');
    const ada = await server().tokenFor({ user: 'ada@example.com', organization: server().admin.organization.id, role: 'edit' });
    const subjects = ['One', 'Two', 'Three'];
    for (const subject of subjects) {
      const { data } = await api.spaces.createChangeRequest(space.id, { subject });
      await api.spaces.updateChangeRequestById(space.id, data.id, { status: 'open' });
    }
    const { data: byAda } = await server().client(ada).spaces.createChangeRequest(space.id, { subject: 'By Ada' });
    await server().client(ada).spaces.updateChangeRequestById(space.id, byAda.id, { status: 'open' });
    await api.spaces.createChangeRequest(space.id, { subject: 'Still a draft' });

    const { data: open } = await api.spaces.listChangeRequestsForSpace(space.id);
    expect(open.items.map((item) => item.subject)).toEqual(['By Ada', 'Three', 'Two', 'One']);
    const { data: drafts } = await api.spaces.listChangeRequestsForSpace(space.id, { status: 'draft' as ChangeRequestStatus });
    expect(drafts.items.map((item) => item.subject)).toEqual(['Still a draft']);
    const { data: mine } = await api.spaces.listChangeRequestsForSpace(space.id, { contributor: byAda.createdBy.id });
    expect(mine.items.map((item) => item.subject)).toEqual(['By Ada']);
    const { data: created } = await api.spaces.listChangeRequestsForSpace(space.id, { orderBy: 'createdAt' as never, creator: server().admin.user.id });
    expect(created.items.map((item) => item.subject)).toEqual(['Three', 'Two', 'One']);

    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await api.spaces.listChangeRequestsForSpace(space.id, { limit: 3, ...(page === undefined ? {} : { page }) });
      expect(data.count).toBe(4);
      seen.push(...data.items.map((item) => item.subject));
      page = data.next?.page;
    } while (page !== undefined);
    expect(seen).toEqual(['By Ada', 'Three', 'Two', 'One']);
    expect(await statusOf(api.spaces.listChangeRequestsForSpace(space.id, { limit: 1001 }))).toBe(400);
  });

  it('keeps the space’s counters true through creation, status changes and merges', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Counters');
    const counters = async () => {
      const { data } = await api.spaces.getSpaceById(space.id);
      return [data.changeRequests, data.changeRequestsOpen, data.changeRequestsDraft];
    };
    expect(await counters()).toEqual([0, 0, 0]);
    const { data: a } = await api.spaces.createChangeRequest(space.id, { subject: 'A' });
    const { data: b } = await api.spaces.createChangeRequest(space.id, { subject: 'B' });
    expect(await counters()).toEqual([2, 0, 2]);
    await api.spaces.updateChangeRequestById(space.id, a.id, { status: 'open' });
    expect(await counters()).toEqual([2, 1, 1]);
    await writeChanges(api, space.id, a.id, [{ operation: 'insert_page', title: 'Page', document: { markdown: 'Text.\n' } }]);
    expect((await api.spaces.mergeChangeRequest(space.id, a.id)).data.result).toBe('merge');
    expect(await counters()).toEqual([2, 0, 1]);
    await api.spaces.updateChangeRequestById(space.id, b.id, { status: 'archived' });
    expect(await counters()).toEqual([2, 0, 0]);
  });

  it('refuses to change, merge or update a merged change request (409)', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Merged once');
    const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, { subject: 'Once' });
    expect((await api.spaces.mergeChangeRequest(space.id, changeRequest.id)).data.result).toBe('merge');
    const { data: merged } = await api.spaces.getChangeRequestById(space.id, changeRequest.id);
    expect(merged).toMatchObject({ status: 'merged', outdated: false, mergedBy: { id: server().admin.user.id } });
    expect(merged.revisionMerged).toBe((await api.spaces.getSpaceById(space.id)).data.revision);
    expect(await statusOf(api.spaces.mergeChangeRequest(space.id, changeRequest.id))).toBe(409);
    expect(await statusOf(api.spaces.updateChangeRequest(space.id, changeRequest.id))).toBe(409);
    expect(await statusOf(api.spaces.updateChangeRequestById(space.id, changeRequest.id, { status: 'open' }))).toBe(409);
    expect(await statusOf(writeChanges(api, space.id, changeRequest.id, [{ operation: 'insert_page', title: 'Late', document: { markdown: 'x\n' } }]))).toBe(409);
  });

  it('needs the edit level to write, and refuses edits in a locked space', async () => {
    const api = server().client();
    const space = await newSpace(server(), 'Guarded');
    const reader = await server().tokenFor({ user: 'reader@example.com', organization: server().admin.organization.id, role: 'read' });
    expect(await statusOf(server().client(reader).spaces.createChangeRequest(space.id, { subject: 'No' }))).toBe(403);
    const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, { subject: 'Yes' });
    expect((await server().client(reader).spaces.getChangeRequestById(space.id, changeRequest.id)).data.id).toBe(changeRequest.id);
    expect(await statusOf(server().client(reader).spaces.mergeChangeRequest(space.id, changeRequest.id))).toBe(403);
    await api.spaces.updateSpaceById(space.id, { editMode: 'locked' as never });
    expect(await statusOf(api.spaces.mergeChangeRequest(space.id, changeRequest.id))).toBe(403);
  });

  it('checked the published operations it used', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining(['createChangeRequest', 'listChangeRequestsForSpace', 'getChangeRequestById', 'updateChangeRequestById', 'mergeChangeRequest', 'updateChangeRequest']),
    );
  });
});
