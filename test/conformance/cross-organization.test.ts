// Cross-organization references are refused: no id of another organization's site, space, collection, section,
// section group or site space can be stored in an organization, even by a caller who is admin of both. Each
// attempt is a 400 (or the 404 the published spec gives the operation) whose message names the field or the refused
// id, and changes nothing.
import { beforeAll, expect, it } from 'vitest';
import { describeConformance, type ConformanceServer } from './harness.ts';

interface Organization {
  id: string;
  site: string;
  space: string;
  collection: string;
  section: string;
  group: string;
  siteSpace: string;
}

/** An organization with a collection, two spaces and a site with a section, a section group and a site space. */
async function populate(server: ConformanceServer, organizationId: string, token: string): Promise<Organization> {
  const post = async (path: string, body: unknown) => {
    const response = await server.request('POST', path, { token, body });
    expect(response.status, `POST ${path}`).toBeLessThan(300);
    return (await response.json()) as { id: string };
  };
  const collection = await post(`/v1/orgs/${organizationId}/collections`, { title: 'Shelf' });
  const space = await post(`/v1/orgs/${organizationId}/spaces`, { title: 'Handbook' });
  const second = await post(`/v1/orgs/${organizationId}/spaces`, { title: 'API' });
  const site = await post(`/v1/orgs/${organizationId}/sites`, { title: 'Docs', spaces: [space.id] });
  const section = await post(`/v1/orgs/${organizationId}/sites/${site.id}/sections`, { spaceId: second.id });
  const group = await post(`/v1/orgs/${organizationId}/sites/${site.id}/section-groups`, { title: 'Guides' });
  const siteSpaces = await server.request('GET', `/v1/orgs/${organizationId}/sites/${site.id}/site-spaces`, { token });
  const siteSpace = ((await siteSpaces.json()) as { items: { id: string }[] }).items[0]!;
  return { id: organizationId, site: site.id, space: space.id, collection: collection.id, section: section.id, group: group.id, siteSpace: siteSpace.id };
}

describeConformance('cross-organization references', (server) => {
  let home: Organization;
  let other: Organization;
  beforeAll(async () => {
    const s = server();
    const elsewhere = await s.store.createOrganization({ title: 'Elsewhere' });
    // The admin of the first organization is made admin of the other too: only the reference, not the caller's
    // rights, is what is refused.
    const otherToken = await s.tokenFor({ user: s.admin.user.email, organization: elsewhere.id, role: 'admin' });
    home = await populate(s, s.admin.organization.id, s.admin.token);
    other = await populate(s, elsewhere.id, otherToken);
  });

  const refusals: [string, (o: Organization, x: Organization) => [string, string, unknown], string][] = [
    ['an organization\'s defaultContent naming another organization\'s site', (o, x) => ['PATCH', `/v1/orgs/${o.id}`, { defaultContent: { type: 'site', site: x.site } }], 'defaultContent.site'],
    ['a site created with another organization\'s space', (o, x) => ['POST', `/v1/orgs/${o.id}/sites`, { title: 'Mixed', spaces: [x.space] }], 'spaces'],
    ['a site space of another organization\'s space', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/site-spaces`, { spaceId: x.space }], 'spaceId'],
    ['a site space pointed at another organization\'s space', (o, x) => ['PATCH', `/v1/orgs/${o.id}/sites/${o.site}/site-spaces/${o.siteSpace}`, { spaceId: x.space }], 'spaceId'],
    ['a site space in another organization\'s section', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/site-spaces`, { spaceId: o.space, sectionId: x.section }], 'sectionId'],
    ['a section of another organization\'s space', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/sections`, { spaceId: x.space }], 'spaceId'],
    ['a section in another organization\'s section group', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/sections`, { spaceId: o.space, siteSectionGroupId: x.group }], 'siteSectionGroupId'],
    ['a section whose default site space is another organization\'s', (o, x) => ['PATCH', `/v1/orgs/${o.id}/sites/${o.site}/sections/${o.section}`, { defaultSiteSpace: x.siteSpace }], 'defaultSiteSpace'],
    ['a section group holding another organization\'s section', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/section-groups`, { title: 'Mixed', sections: [x.section] }], 'sections'],
    ['a section group nested in another organization\'s group', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/section-groups`, { title: 'Nested', parent: x.group }], 'parent'],
    ['a section group moved under another organization\'s group', (o, x) => ['PATCH', `/v1/orgs/${o.id}/sites/${o.site}/section-groups/${o.group}`, { parentSectionGroupId: x.group }], 'parentSectionGroupId'],
    ['another organization\'s section added to a section group', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/section-groups/${o.group}/sections`, { sectionId: x.section }], 'sectionId'],
    ['a space created in another organization\'s collection', (o, x) => ['POST', `/v1/orgs/${o.id}/spaces`, { title: 'Stray', parent: x.collection }], 'parent'],
    ['a collection created in another organization\'s collection', (o, x) => ['POST', `/v1/orgs/${o.id}/collections`, { title: 'Stray', parent: x.collection }], 'parent'],
    ['a space moved into another organization\'s collection', (o, x) => ['POST', `/v1/spaces/${o.space}/move`, { parent: x.collection }], 'parent'],
    ['a collection moved into another organization\'s collection', (o, x) => ['POST', `/v1/collections/${o.collection}/move`, { parent: x.collection }], 'parent'],
    ['a space placed next to another organization\'s space', (o, x) => ['POST', `/v1/spaces/${o.space}/move`, { position: { before: { type: 'space', space: x.space } } }], 'position'],
    ['a collection placed next to another organization\'s collection', (o, x) => ['POST', `/v1/collections/${o.collection}/move`, { position: { after: { type: 'collection', collection: x.collection } } }], 'position'],
    ['a site space moved next to another organization\'s site space', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/site-spaces/${o.siteSpace}/move`, { position: { before: { type: 'site-space', siteSpace: x.siteSpace } } }], 'position'],
    ['a section moved next to another organization\'s section', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/sections/${o.section}/move`, { position: { before: { type: 'site-section', siteSection: x.section } } }], 'position'],
    ['a section group moved next to another organization\'s group', (o, x) => ['POST', `/v1/orgs/${o.id}/sites/${o.site}/section-groups/${o.group}/move`, { position: { after: { type: 'site-section-group', id: x.group } } }], 'position'],
  ];

  it.each(refusals)('refuses %s', async (_name, build, field) => {
    const [method, path, body] = build(home, other);
    const response = await server().request(method, path, { body });
    const answer = (await response.json()) as { error?: { code: number; message: string } };
    expect([400, 404], `${method} ${path}: ${JSON.stringify(answer)}`).toContain(response.status);
    // The message names the field, or the refused id of the other organization it carried.
    const foreignIds = Object.values(other).filter((id) => JSON.stringify(body).includes(id));
    const message = answer.error?.message ?? '';
    expect(message.includes(field) || foreignIds.some((id) => message.includes(id)), message).toBe(true);
  });

  it('still accepts the same references within the organization', async () => {
    const patched = await server().request('PATCH', `/v1/orgs/${home.id}`, { body: { defaultContent: { type: 'site', site: home.site } } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ defaultContent: { type: 'site', site: home.site } });
    expect((await server().request('POST', `/v1/spaces/${home.space}/move`, { body: { parent: home.collection } })).status).toBe(200);
  });

  it('answers a defaultContent naming another organization\'s site as one naming no site: a 400 naming the field', async () => {
    for (const site of [other.site, 'site_does_not_exist']) {
      const response = await server().request('PATCH', `/v1/orgs/${home.id}`, { body: { defaultContent: { type: 'site', site } } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(`defaultContent.site: site ${site} is not a site of organization ${home.id}`);
    }
  });

  it('clears defaultContent when the site it names is deleted', async () => {
    const created = await server().request('POST', `/v1/orgs/${home.id}/sites`, { body: { title: 'Short-lived' } });
    const site = ((await created.json()) as { id: string }).id;
    expect((await server().request('PATCH', `/v1/orgs/${home.id}`, { body: { defaultContent: { type: 'site', site } } })).status).toBe(200);
    expect((await server().request('DELETE', `/v1/orgs/${home.id}/sites/${site}`)).status).toBe(205);
    const organization = (await (await server().request('GET', `/v1/orgs/${home.id}`)).json()) as { defaultContent?: unknown };
    expect(organization.defaultContent).toBeUndefined();
  });

  it('leaves nothing of the refused references behind', async () => {
    const organization = (await (await server().request('GET', `/v1/orgs/${home.id}`)).json()) as { defaultContent?: { site: string } };
    expect(organization.defaultContent?.site).not.toBe(other.site);
    const collection = (await (await server().request('GET', `/v1/collections/${other.collection}/spaces`)).json()) as { items: { id: string }[] };
    expect(collection.items.map((space) => space.id)).not.toContain(home.space);
    const structure = JSON.stringify(await (await server().request('GET', `/v1/orgs/${home.id}/sites/${home.site}/structure`)).json());
    for (const id of [other.space, other.section, other.group, other.siteSpace]) expect(structure).not.toContain(id);
  });
});
