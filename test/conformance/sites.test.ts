// Sites, driven with the official client: sites, sections, section groups, site spaces, the structure and its
// sort (and the deprecated moves), share links and the published profile, customization, the adaptive schema.
// Every response is schema-checked; the invariants are checked after each step.
import type { GitBookAPI } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

async function setup(server: ConformanceServer) {
  const api = server.client();
  const org = server.admin.organization.id;
  const spaces = [];
  for (const title of ['Handbook', 'API', 'Changelog']) spaces.push((await api.orgs.createSpace(org, { title })).data);
  return { api, org, spaces };
}

async function checkInvariants(api: GitBookAPI, org: string, siteId: string): Promise<void> {
  const { data: structure } = await api.orgs.getSiteStructure(org, siteId);
  const sections: { default?: boolean; path: string; siteSpaces: { default?: boolean; path: string }[] }[] = [];
  const walk = (items: unknown[]) => {
    for (const item of items as { object: string; children?: unknown[] }[]) {
      if (item.object === 'site-section') sections.push(item as never);
      else if (item.children !== undefined) walk(item.children);
    }
  };
  if (structure.type === 'sections') {
    walk(structure.structure);
    if (sections.length > 0) expect(sections.filter((section) => section.default)).toHaveLength(1);
    expect(new Set(sections.map((section) => section.path)).size).toBe(sections.length);
    for (const section of sections) {
      if (section.siteSpaces.length > 0) expect(section.siteSpaces.filter((siteSpace) => siteSpace.default)).toHaveLength(1);
      expect(new Set(section.siteSpaces.map((siteSpace) => siteSpace.path)).size).toBe(section.siteSpaces.length);
    }
  } else {
    const roots = structure.structure;
    if (roots.length > 0) expect(roots.filter((siteSpace) => siteSpace.default)).toHaveLength(1);
    expect(new Set(roots.map((siteSpace) => siteSpace.path)).size).toBe(roots.length);
  }
}

describeConformance('sites', (server) => {
  it('creates (201), gets, lists with filters, patches, publishes and deletes (205, 204) a site', async () => {
    const { api, org, spaces } = await setup(server());
    const created = await api.orgs.createSite(org, { title: 'Docs', visibility: 'public' as never, spaces: [spaces[0]!.id] });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.data.urls.location);
    expect(created.data).toMatchObject({ object: 'site', title: 'Docs', published: false, siteSpaces: 1 });
    const site = created.data;
    expect((await api.orgs.getSiteById(org, site.id)).data.id).toBe(site.id);
    await api.orgs.createSite(org, { title: 'Other' });
    expect((await api.orgs.listSites(org, { space: spaces[0]!.id })).data.items.map((item) => item.id)).toEqual([site.id]);
    expect((await api.orgs.listSites(org, { title: 'Other' })).data.items.map((item) => item.title)).toEqual(['Other']);
    const patched = await api.orgs.updateSiteById(org, site.id, { title: 'Handbook site', basename: 'docs', proxy: 'acme.com/docs', adaptiveContent: { enabled: true } });
    expect(patched.data).toMatchObject({ title: 'Handbook site', basename: 'docs', adaptiveContent: { enabled: true } });
    const agents = await server().request('PATCH', `/v1/orgs/${org}/sites/${site.id}`, { body: { agentsContext: 'excluded' } });
    expect(await agents.json()).toMatchObject({ agentsContext: 'excluded' });
    const published = await api.orgs.publishSite(org, site.id);
    expect(published.data).toMatchObject({ published: true });
    expect((await api.orgs.listSites(org, { published: true })).data.items.map((item) => item.id)).toEqual([site.id]);
    expect((await api.orgs.unpublishSite(org, site.id)).data.published).toBe(false);
    expect((await api.orgs.deleteSiteById(org, site.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteById(org, site.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getSiteById(org, site.id))).toBe(404);
  });

  it('adds site spaces at the root, then sections; keeps one default per level and unique paths', async () => {
    const { api, org, spaces } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Guides' });
    const first = await api.orgs.addSpaceToSite(org, site.id, { spaceId: spaces[0]!.id });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ object: 'site-space', path: 'handbook', default: true });
    const again = await api.orgs.addSpaceToSite(org, site.id, { spaceId: spaces[0]!.id });
    expect(again.data).toMatchObject({ path: 'handbook-1', default: false });
    expect((await api.orgs.listSiteSpaces(org, site.id, { default: true })).data.items.map((item) => item.id)).toEqual([first.data.id]);
    await checkInvariants(api, org, site.id);

    const section = await api.orgs.addSectionToSite(org, site.id, { spaceId: spaces[1]!.id, title: 'API reference' });
    expect(section.status).toBe(201);
    expect(section.data).toMatchObject({ object: 'site-section', title: 'API reference', path: 'api-reference' });
    const { data: sections } = await api.orgs.listSiteSections(org, site.id);
    expect(sections.items).toHaveLength(2); // the root site spaces became the first section
    expect(sections.items.filter((item) => item.default)).toHaveLength(1);
    await checkInvariants(api, org, site.id);

    const variant = await api.orgs.addSpaceToSite(org, site.id, { spaceId: spaces[2]!.id, sectionId: section.data.id });
    expect(variant.data.section).toBe(section.data.id);
    const updated = await api.orgs.updateSiteSectionById(org, site.id, section.data.id, { path: 'api', defaultSiteSpace: variant.data.id, condition: 'visitor.claims.beta', icon: 'gear', description: 'The API' });
    expect(updated.data).toMatchObject({ path: 'api', condition: 'visitor.claims.beta', icon: 'gear', description: 'The API' });
    expect(updated.data.siteSpaces.find((item) => item.id === variant.data.id)?.default).toBe(true);
    expect(await statusOf(api.orgs.updateSiteSectionById(org, site.id, section.data.id, { path: sections.items[0]!.path }))).toBe(400);
    const siteSpace = await api.orgs.updateSiteSpaceById(org, site.id, variant.data.id, { path: 'v2', condition: 'true' });
    expect(siteSpace.data).toMatchObject({ path: 'v2', condition: 'true' });
    expect((await api.orgs.updateSiteSpaceById(org, site.id, variant.data.id, { condition: null })).data.condition).toBeUndefined();
    await api.orgs.updateSiteById(org, site.id, { defaultSiteSection: section.data.id });
    expect((await api.orgs.getSiteStructure(org, site.id)).data.structure.find((item) => item.id === section.data.id)).toMatchObject({ default: true });
    await checkInvariants(api, org, site.id);

    expect((await api.orgs.deleteSiteSpaceById(org, site.id, variant.data.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteSpaceById(org, site.id, variant.data.id)).status).toBe(204);
    await checkInvariants(api, org, site.id);
    expect((await api.orgs.deleteSiteSectionById(org, site.id, section.data.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteSectionById(org, site.id, section.data.id)).status).toBe(204);
    expect((await api.orgs.getSiteById(org, site.id)).data.siteSpaces).toBe(2); // the section's site spaces went with it
    await checkInvariants(api, org, site.id);
  });

  it('groups sections, sorts the structure and keeps the deprecated moves working', async () => {
    const { api, org, spaces } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Platform' });
    const a = (await api.orgs.addSectionToSite(org, site.id, { spaceId: spaces[0]!.id })).data;
    const b = (await api.orgs.addSectionToSite(org, site.id, { spaceId: spaces[1]!.id })).data;
    const c = (await api.orgs.addSectionToSite(org, site.id, { spaceId: spaces[2]!.id })).data;
    const order = async () => (await api.orgs.getSiteStructure(org, site.id)).data.structure.map((item) => item.id);
    expect(await order()).toEqual([a.id, b.id, c.id]);
    const sorted = await api.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-section' as never, id: c.id }, position: { before: { type: 'site-section' as never, id: a.id } } });
    expect(sorted.status).toBe(200);
    expect(await order()).toEqual([c.id, a.id, b.id]);
    await api.orgs.moveSiteSection(org, site.id, a.id, { position: { after: { type: 'site-section', siteSection: b.id } as never } });
    expect(await order()).toEqual([c.id, b.id, a.id]);

    const group = await api.orgs.addSectionGroupToSite(org, site.id, { title: 'Products', sections: [a.id] });
    expect(group.status).toBe(201);
    expect(group.data.sections.map((section) => section.id)).toEqual([a.id]);
    expect((await api.orgs.updateSiteSectionGroupById(org, site.id, group.data.id, { title: 'All products' })).data.title).toBe('All products');
    await api.orgs.moveSiteSectionGroup(org, site.id, group.data.id, { position: { before: { type: 'site-section', id: c.id } as never } });
    expect(await order()).toEqual([group.data.id, c.id, b.id]);
    const added = await server().request('POST', `/v1/orgs/${org}/sites/${site.id}/section-groups/${group.data.id}/sections`, { body: { sectionId: b.id } });
    expect(added.status).toBe(201);
    expect((await api.orgs.listSiteSectionGroups(org, site.id)).data.items[0]!.sections.map((section) => section.id)).toEqual([a.id, b.id]);
    expect((await server().request('DELETE', `/v1/orgs/${org}/sites/${site.id}/section-groups/${group.data.id}/sections/${b.id}`)).status).toBe(205);
    expect((await server().request('DELETE', `/v1/orgs/${org}/sites/${site.id}/section-groups/${group.data.id}/sections/${b.id}`)).status).toBe(204);

    const extra = (await api.orgs.addSpaceToSite(org, site.id, { spaceId: spaces[1]!.id, sectionId: c.id })).data;
    const base = (await api.orgs.getSiteStructure(org, site.id)).data.structure.find((item) => item.id === c.id) as { siteSpaces: { id: string }[] };
    const moved = await api.orgs.moveSiteSpace(org, site.id, extra.id, { position: { before: { type: 'site-space', siteSpace: base.siteSpaces[0]!.id } as never } });
    expect(moved.data.id).toBe(extra.id);
    const after = (await api.orgs.getSiteStructure(org, site.id)).data.structure.find((item) => item.id === c.id) as { siteSpaces: { id: string }[] };
    expect(after.siteSpaces[0]!.id).toBe(extra.id);

    expect((await api.orgs.deleteSiteSectionGroupById(org, site.id, group.data.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteSectionGroupById(org, site.id, group.data.id)).status).toBe(204);
    expect((await order()).sort()).toEqual([a.id, b.id, c.id].sort()); // the group's sections moved up
    await checkInvariants(api, org, site.id);
  });

  it('makes a share-link site readable only with an active key', async () => {
    const { api, org, spaces } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Private beta', visibility: 'share-link' as never, spaces: [spaces[0]!.id] });
    expect(await statusOf(api.orgs.getPublishedContentSite(org, site.id))).toBe(404); // not published
    await api.orgs.publishSite(org, site.id);
    const link = await api.orgs.createSiteShareLink(org, site.id, { name: 'Reviewers' });
    expect(link.status).toBe(201);
    const key = new URL(link.data.urls.published!).searchParams.get('shareKey')!;
    expect(key.length).toBeGreaterThan(20);
    expect(await statusOf(api.orgs.getPublishedContentSite(org, site.id))).toBe(404);
    expect(await statusOf(api.orgs.getPublishedContentSite(org, site.id, { shareKey: 'wrong' }))).toBe(404);
    const profile = await api.orgs.getPublishedContentSite(org, site.id, { shareKey: key });
    expect(profile.data).toMatchObject({ object: 'published-content-site', site: { id: site.id }, structure: { type: 'siteSpaces' } });
    expect(Object.keys(profile.data.customizations.siteSpaces)).toHaveLength(1);
    expect((await api.orgs.listSiteShareLinks(org, site.id, { search: 'view' })).data.items.map((item) => item.id)).toEqual([link.data.id]);
    expect((await api.orgs.updateSiteShareLinkById(org, site.id, link.data.id, { active: false, name: 'Old' })).data).toMatchObject({ active: false, name: 'Old' });
    expect(await statusOf(api.orgs.getPublishedContentSite(org, site.id, { shareKey: key }))).toBe(404);
    expect((await api.orgs.deleteSiteShareLinkById(org, site.id, link.data.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteShareLinkById(org, site.id, link.data.id)).status).toBe(204);
    await api.orgs.updateSiteById(org, site.id, { visibility: 'public' as never });
    expect((await api.orgs.getPublishedContentSite(org, site.id)).status).toBe(200);
  });

  it('lets visitors outside the organization read a public profile, with read permissions only; a visitor-auth one only members', async () => {
    const { api, org, spaces } = await setup(server());
    await server().store.updateSpace(spaces[0]!.id, { defaultLevel: 'edit' });
    const { data: site } = await api.orgs.createSite(org, { title: 'Open docs', visibility: 'public' as never, spaces: [spaces[0]!.id] });
    const other = await server().store.createOrganization({ title: 'Elsewhere' });
    const stranger = server().client(await server().tokenFor({ user: 'stranger@example.com', organization: other.id }));
    const member = server().client(await server().tokenFor({ user: 'member@example.com', organization: org, role: 'read' }));
    expect(await statusOf(stranger.orgs.getPublishedContentSite(org, site.id))).toBe(404); // not published yet
    await api.orgs.publishSite(org, site.id);
    const read = async (client: GitBookAPI) => {
      const { data } = await client.orgs.getPublishedContentSite(org, site.id);
      const structure = data.structure as { type: 'siteSpaces'; structure: { space: { permissions: { view: boolean; edit: boolean } } }[] };
      return { site: data.site.permissions, space: structure.structure[0]!.space.permissions };
    };
    const visitor = await read(stranger);
    expect(visitor.site).toMatchObject({ view: false, edit: false, admin: false });
    expect(visitor.space).toMatchObject({ view: true, edit: false });
    const reader = await read(member);
    expect(reader.site).toMatchObject({ view: true, admin: false });
    expect(reader.space).toMatchObject({ view: true, edit: true }); // the space's default level, for members
    await api.orgs.updateSiteById(org, site.id, { visibility: 'visitor-auth' as never });
    expect(await statusOf(stranger.orgs.getPublishedContentSite(org, site.id))).toBe(404);
    expect((await member.orgs.getPublishedContentSite(org, site.id)).status).toBe(200);
  });

  it('reads and writes customizations, checking colours, enums and URLs', async () => {
    const { api, org, spaces } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Styled', spaces: [spaces[0]!.id] });
    const { data: settings } = await api.orgs.getSiteCustomizationById(org, site.id);
    const put = await api.orgs.updateSiteCustomizationById(org, site.id, {
      ...settings,
      title: 'Acme docs',
      styling: { ...settings.styling, primaryColor: { light: '#ff0000', dark: '#00ff00' } },
      privacyPolicy: { url: 'https://acme.com/privacy' },
    } as never);
    expect(put.data).toMatchObject({ title: 'Acme docs', styling: { primaryColor: { light: '#ff0000' } } });
    for (const [body, field] of [
      [{ styling: { primaryColor: { light: 'red', dark: '#000' } } }, 'styling.primaryColor.light'],
      [{ styling: { theme: 'neon' } }, 'styling.theme'],
      [{ privacyPolicy: { url: 'javascript:alert(1)' } }, 'privacyPolicy.url'],
      [{ header: { ...settings.header, links: [{ title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' }, links: [] }] } }, 'header.links[0].to.url'],
      [{ footer: { groups: [{ title: 'More', links: [{ title: 'Evil', to: { kind: 'script' } }] }] } }, 'footer.groups[0].links[0].to.kind'],
      [{ announcement: { enabled: true, message: 'News', style: 'info', link: { title: 'Read', to: { kind: 'url', url: 'data:text/html,x' } } } }, 'announcement.link.to.url'],
      [{ styling: { ...settings.styling, font: { id: 'f', custom: true, fontFamily: 'Brand', fontFaces: [{ weight: 400, sources: [{ url: 'javascript:x' }] }] } } }, 'styling.font.fontFaces[0].sources[0].url'],
      [{ nonsense: true }, 'nonsense'],
    ] as const) {
      const response = await server().request('PUT', `/v1/orgs/${org}/sites/${site.id}/customization`, { body: { ...settings, ...body } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(field);
    }
    const { data: siteSpaces } = await api.orgs.listSiteSpaces(org, site.id);
    const siteSpaceId = siteSpaces.items[0]!.id;
    const badOverride = await server().request('PATCH', `/v1/orgs/${org}/sites/${site.id}/site-spaces/${siteSpaceId}/customization`, {
      body: { header: { links: [{ title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' }, links: [] }] } },
    });
    expect(badOverride.status).toBe(400);
    expect(((await badOverride.json()) as { error: { message: string } }).error.message).toContain('header.links[0].to.url');
    const links = await api.orgs.overrideSiteSpaceCustomizationById(org, site.id, siteSpaceId, {
      header: { links: [{ title: 'Shop', style: 'button-primary', to: { kind: 'url', url: 'https://shop.example.com' }, links: [{ title: 'Mail', to: { kind: 'url', url: 'mailto:a@example.com' } }] }] },
    } as never);
    expect(links.data.header.links[0]).toMatchObject({ title: 'Shop', to: { kind: 'url', url: 'https://shop.example.com' } });
    const override = await api.orgs.overrideSiteSpaceCustomizationById(org, site.id, siteSpaceId, { title: 'Variant title' } as never);
    expect(override.data).toMatchObject({ title: 'Variant title' });
    expect((await api.orgs.getSiteSpaceCustomizationById(org, site.id, siteSpaceId)).data.title).toBe('Variant title');
    await api.orgs.publishSite(org, site.id);
    const profile = await api.orgs.getPublishedContentSite(org, site.id);
    expect(profile.data.customizations.site.title).toBe('Acme docs');
    expect(profile.data.customizations.siteSpaces[siteSpaceId]?.title).toBe('Variant title');
    expect((await api.orgs.deleteSiteSpaceCustomizationById(org, site.id, siteSpaceId)).status).toBe(205);
    expect((await api.orgs.deleteSiteSpaceCustomizationById(org, site.id, siteSpaceId)).status).toBe(204);
  });

  it('reads and writes the adaptive schema and suggests template conditions', async () => {
    const { api, org } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Adaptive' });
    expect((await api.orgs.getSiteAdaptiveSchema(org, site.id)).data.jsonSchema.properties).toEqual({});
    const jsonSchema = {
      type: 'object',
      properties: { beta: { type: 'boolean', description: 'In the beta' }, plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' } },
      additionalProperties: false,
    };
    expect((await api.orgs.updateSiteAdaptiveSchema(org, site.id, { jsonSchema } as never)).data.jsonSchema).toEqual(jsonSchema);
    const { data } = await api.orgs.listSiteAdaptiveTemplateConditions(org, site.id);
    expect(data.items.map((item) => item.condition)).toEqual(['visitor.claims.beta === true', 'visitor.claims.plan === "free"', 'visitor.claims.plan === "pro"']);
    const bad = await server().request('PUT', `/v1/orgs/${org}/sites/${site.id}/adaptive-schema`, { body: { jsonSchema: { type: 'object', properties: { x: { type: 'date' } }, additionalProperties: false } } });
    expect(bad.status).toBe(400);
  });

  it('removes a deleted space from its sites', async () => {
    const { api, org, spaces } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Shrinking', spaces: [spaces[0]!.id, spaces[1]!.id] });
    expect((await api.spaces.deleteSpaceById(spaces[0]!.id)).status).toBe(205);
    const { data: siteSpaces } = await api.orgs.listSiteSpaces(org, site.id);
    expect(siteSpaces.items.map((item) => item.space.id)).toEqual([spaces[1]!.id]);
    expect(siteSpaces.items[0]!.default).toBe(true);
    await checkInvariants(api, org, site.id);
  });

  it('answers 400 naming the field for bad input', async () => {
    const { api, org } = await setup(server());
    const { data: site } = await api.orgs.createSite(org, { title: 'Strict' });
    const base = `/v1/orgs/${org}/sites/${site.id}`;
    for (const [method, path, body, field] of [
      ['POST', `/v1/orgs/${org}/sites`, { visibility: 'secret' }, 'visibility'],
      ['POST', `/v1/orgs/${org}/sites`, { title: 'x' }, 'title'],
      ['PATCH', base, { proxy: 'not a proxy' }, 'proxy'],
      ['PATCH', base, { defaultSiteSection: 'nope' }, 'defaultSiteSection'],
      ['POST', `${base}/sections`, { title: 'No space' }, 'spaceId'],
      ['POST', `${base}/site-spaces`, { spaceId: 'missing' }, 'spaceId'],
      ['POST', `${base}/share-links`, { name: 'x'.repeat(51) }, 'name'],
      ['POST', `${base}/section-groups`, { title: '' }, 'title'],
    ] as const) {
      const response = await server().request(method, path, { body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(field);
    }
  });

  it('lets members read sites but only admins change them', async () => {
    const { org } = await setup(server());
    const { data: site } = await server().client().orgs.createSite(org, { title: 'Read only' });
    const reader = server().client(await server().tokenFor({ user: 'reader@example.com', organization: org, role: 'read' }));
    expect((await reader.orgs.getSiteById(org, site.id)).data.permissions.admin).toBe(false);
    expect(await statusOf(reader.orgs.updateSiteById(org, site.id, { title: 'Mine now' }))).toBe(403);
    expect(await statusOf(reader.orgs.createSite(org, { title: 'Mine' }))).toBe(403);
  });
});
