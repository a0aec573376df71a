// Spaces, driven with the official client: create, get, patch, list, duplicate, delete and restore, move, and
// the seed's transfer (no published operation: a raw request). Every response is schema-checked.
import type { SpaceEditMode } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

async function pagesOf(server: ConformanceServer, revisionId: string): Promise<unknown> {
  return (await server.store.getRevision(revisionId)).pages;
}

describeConformance('spaces', (server) => {
  it('creates a space (201 + Location), gets it and patches it', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const created = await api.orgs.createSpace(organizationId, { title: 'Handbook', emoji: '📘' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.data.urls.location);
    expect(created.data).toMatchObject({ object: 'space', title: 'Handbook', emoji: '📘', organization: organizationId, visibility: 'private', defaultLevel: 'inherit' });

    const got = await api.spaces.getSpaceById(created.data.id);
    expect(got.data.revision).toBe(created.data.revision);

    const patched = await api.spaces.updateSpaceById(created.data.id, { title: 'The Handbook', editMode: 'locked' as SpaceEditMode, defaultLevel: 'read' as never });
    expect(patched.data).toMatchObject({ title: 'The Handbook', editMode: 'locked', defaultLevel: 'read', permissions: { admin: true, edit: false } });
    const visibility = await server().request('PATCH', `/v1/spaces/${created.data.id}`, { body: { visibility: 'unlisted', emoji: null } });
    expect(visibility.status).toBe(200);
    expect(await visibility.json()).toMatchObject({ visibility: 'unlisted', emoji: '' });
  });

  it('lists the spaces of an organization with page cursors', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    for (const title of ['One', 'Two', 'Three']) await api.orgs.createSpace(organizationId, { title });
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await api.orgs.listSpacesInOrganizationById(organizationId, { limit: 2, ...(page === undefined ? {} : { page }) });
      seen.push(...data.items.map((space) => space.title));
      expect(data.count).toBe(4);
      page = data.next?.page;
    } while (page !== undefined);
    expect(seen).toEqual(['The Handbook', 'One', 'Two', 'Three']);
  });

  it('duplicates a space with its content (201), sharing the stored objects', async () => {
    const api = server().client();
    const store = server().store;
    const { data: original } = await api.orgs.createSpace(server().admin.organization.id, { title: 'Original' });
    const documentId = await store.putDocument('# Welcome\n\nHello.\n');
    const head = await store.putRevision(original.id, {
      parents: [original.revision],
      pages: [{ id: 'welcome', title: 'Welcome', kind: 'sheet', type: 'document', slug: 'welcome', path: 'welcome', pages: [], documentId } as never],
    });
    expect(await store.setSpaceHead(original.id, original.revision, head)).toBe(true);

    const before = await store.stats();
    const copy = await api.spaces.duplicateSpace(original.id);
    expect(copy.status).toBe(201);
    expect(copy.data).toMatchObject({ title: 'Original (copy)', organization: original.organization });
    expect(copy.data.id).not.toBe(original.id);
    expect(copy.data.revision).not.toBe(head);
    expect(await pagesOf(server(), copy.data.revision)).toEqual(await pagesOf(server(), head));
    const after = await store.stats();
    expect(after.objects).toBe(before.objects); // same content: no new content object
    expect(after.documents).toBe(before.documents);
  });

  it('deletes (205), deletes again (204), hides, and restores a space', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const { data: space } = await api.orgs.createSpace(organizationId, { title: 'Short-lived' });
    expect((await api.spaces.deleteSpaceById(space.id)).status).toBe(205);
    expect((await api.spaces.deleteSpaceById(space.id)).status).toBe(204);
    expect(await statusOf(api.spaces.getSpaceById(space.id))).toBe(404);
    const listed = await api.orgs.listSpacesInOrganizationById(organizationId, { limit: 1000 });
    expect(listed.data.items.map((item) => item.id)).not.toContain(space.id);

    const restored = await api.spaces.restoreSpace(space.id);
    expect(restored.data.id).toBe(space.id);
    expect(restored.data.deletedAt).toBeUndefined();
    expect((await api.spaces.getSpaceById(space.id)).data.title).toBe('Short-lived');
  });

  it('moves a space into a collection, before a sibling, and back to the top level', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const { data: collection } = await api.orgs.createCollection(organizationId, { title: 'Guides' });
    const { data: first } = await api.orgs.createSpace(organizationId, { title: 'First', parent: collection.id });
    const { data: second } = await api.orgs.createSpace(organizationId, { title: 'Second' });

    const moved = await api.spaces.moveSpace(second.id, { parent: collection.id, position: { before: { type: 'space', space: first.id } } as never });
    expect(moved.data.parent).toBe(collection.id);
    const inside = await api.collections.listSpacesInCollectionById(collection.id);
    expect(inside.data.items.map((space) => space.title)).toEqual(['Second', 'First']);

    const out = await api.spaces.moveSpace(second.id, { parent: null });
    expect(out.data.parent).toBeUndefined();
    expect(await statusOf(api.spaces.moveSpace(second.id, { parent: 'no-such-collection' }))).toBe(404);
  });

  it('transfers a space to another organization the caller administers (the seed’s operation)', async () => {
    const api = server().client();
    const other = await server().store.createOrganization({ title: 'Second org' });
    await server().store.putMember(other.id, server().admin.user.id, { role: 'admin' });
    const { data: space } = await api.orgs.createSpace(server().admin.organization.id, { title: 'Travelling' });

    const response = await server().request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: other.id } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: space.id, organization: other.id });
    expect((await api.spaces.getSpaceById(space.id)).data.organization).toBe(other.id);
    const again = await server().request('POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: other.id } });
    expect(again.status).toBe(409);
  });

  it('answers 404 for another organization’s space, and 403 to a reader who writes', async () => {
    const { data: space } = await server().client().orgs.createSpace(server().admin.organization.id, { title: 'Private' });
    const outsider = server().client(await server().tokenFor({ user: 'outsider@example.com', organization: (await server().store.createOrganization({ title: 'Outside' })).id, role: 'admin' }));
    expect(await statusOf(outsider.spaces.getSpaceById(space.id))).toBe(404);
    expect((await outsider.spaces.deleteSpaceById(space.id)).status).toBe(204); // cannot tell it exists

    const reader = server().client(await server().tokenFor({ user: 'space-reader@example.com', organization: server().admin.organization.id, role: 'read' }));
    expect((await reader.spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect(await statusOf(reader.spaces.updateSpaceById(space.id, { title: 'Hijacked' }))).toBe(403);
    expect(await statusOf(reader.spaces.deleteSpaceById(space.id))).toBe(403);
  });

  it('checked every space operation against the published schemas', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'createSpace',
        'getSpaceById',
        'updateSpaceById',
        'listSpacesInOrganizationById',
        'duplicateSpace',
        'deleteSpaceById',
        'restoreSpace',
        'moveSpace',
      ]),
    );
  });
});
