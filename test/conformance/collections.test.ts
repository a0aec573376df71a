// Collections, the seed's eight rows, driven with the official client; every response is schema-checked.
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance } from './harness.ts';

describeConformance('collections', (server) => {
  it('creates collections (201 + Location), nested, and lists them with and without nesting', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const guides = await api.orgs.createCollection(organizationId, { title: 'Guides' });
    expect(guides.status).toBe(201);
    expect(guides.headers.get('location')).toBe(guides.data.urls.location);
    expect(guides.data).toMatchObject({ object: 'collection', title: 'Guides', organization: organizationId, defaultLevel: 'inherit', permissions: { admin: true, create: true } });
    const nested = await api.orgs.createCollection(organizationId, { title: 'Advanced', parent: guides.data.id });
    expect(nested.data.parent).toBe(guides.data.id);
    await api.orgs.createCollection(organizationId, { title: 'Reference' });

    const all = await api.orgs.listCollectionsInOrganizationById(organizationId);
    expect(all.data.items.map((collection) => collection.title)).toEqual(['Guides', 'Advanced', 'Reference']);
    const top = await api.orgs.listCollectionsInOrganizationById(organizationId, { nested: false });
    expect(top.data.items.map((collection) => collection.title)).toEqual(['Guides', 'Reference']);
    expect(top.data.count).toBe(2);
  });

  it('gets and patches a collection (title, description, defaultLevel)', async () => {
    const api = server().client();
    const { data: created } = await api.orgs.createCollection(server().admin.organization.id, { title: 'Drafts' });
    expect((await api.collections.getCollectionById(created.id)).data.title).toBe('Drafts');
    const patched = await api.collections.updateCollectionById(created.id, { title: 'Published', description: 'What readers see', defaultLevel: 'read' as never });
    expect(patched.data).toMatchObject({ title: 'Published', description: 'What readers see', defaultLevel: 'read' });
  });

  it('lists the spaces in a collection and moves collections among their siblings', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const { data: shelf } = await api.orgs.createCollection(organizationId, { title: 'Shelf' });
    const { data: a } = await api.orgs.createCollection(organizationId, { title: 'A', parent: shelf.id });
    const { data: b } = await api.orgs.createCollection(organizationId, { title: 'B', parent: shelf.id });
    await api.orgs.createSpace(organizationId, { title: 'In shelf', parent: shelf.id });
    expect((await api.collections.listSpacesInCollectionById(shelf.id)).data.items.map((space) => space.title)).toEqual(['In shelf']);

    const moved = await api.collections.moveCollection(b.id, { position: { before: { type: 'collection', collection: a.id } } as never });
    expect(moved.data.parent).toBe(shelf.id);
    const order = await server().store.listCollections({ organizationId, parentId: shelf.id });
    expect(order.items.map((collection) => collection.title)).toEqual(['B', 'A']);

    const top = await api.collections.moveCollection(a.id, { parent: null });
    expect(top.data.parent).toBeUndefined();
    expect(await statusOf(api.collections.moveCollection(shelf.id, { parent: b.id }))).toBe(409); // into its own child
  });

  it('transfers a collection with its content to another organization (200), not to its own (409)', async () => {
    const api = server().client();
    const store = server().store;
    const organizationId = server().admin.organization.id;
    const target = await store.createOrganization({ title: 'Target' });
    await store.putMember(target.id, server().admin.user.id, { role: 'admin' });
    const { data: box } = await api.orgs.createCollection(organizationId, { title: 'Box' });
    const { data: inner } = await api.orgs.createCollection(organizationId, { title: 'Inner', parent: box.id });
    const { data: space } = await api.orgs.createSpace(organizationId, { title: 'Packed', parent: inner.id });

    expect(await statusOf(api.collections.transferCollection(box.id, { organization: organizationId }))).toBe(409);
    const moved = await api.collections.transferCollection(box.id, { organization: target.id });
    expect(moved.data).toMatchObject({ id: box.id, organization: target.id });
    expect(moved.data.parent).toBeUndefined();
    expect((await api.collections.getCollectionById(inner.id)).data).toMatchObject({ organization: target.id, parent: box.id });
    expect((await api.spaces.getSpaceById(space.id)).data).toMatchObject({ organization: target.id, parent: inner.id });
    expect(await statusOf(api.collections.transferCollection(box.id, { organization: 'not-my-org' }))).toBe(404);
  });

  it('deletes an empty collection (205, then 204) and refuses a full one (409)', async () => {
    const api = server().client();
    const organizationId = server().admin.organization.id;
    const { data: full } = await api.orgs.createCollection(organizationId, { title: 'Full' });
    await api.orgs.createCollection(organizationId, { title: 'Child', parent: full.id });
    expect(await statusOf(api.collections.deleteCollectionById(full.id))).toBe(409);

    const { data: empty } = await api.orgs.createCollection(organizationId, { title: 'Empty' });
    expect((await api.collections.deleteCollectionById(empty.id)).status).toBe(205);
    expect((await api.collections.deleteCollectionById(empty.id)).status).toBe(204);
    expect(await statusOf(api.collections.getCollectionById(empty.id))).toBe(404);
  });

  it('checked all eight collection operations against the published schemas', () => {
    expect([...server().validator.operationIds]).toEqual(
      expect.arrayContaining([
        'createCollection',
        'listCollectionsInOrganizationById',
        'getCollectionById',
        'updateCollectionById',
        'deleteCollectionById',
        'listSpacesInCollectionById',
        'moveCollection',
        'transferCollection',
      ]),
    );
  });
});
