// Integrations (the seed's rows, and the space and site installation operations), driven with the official client
// on both stores; every response is schema-checked by the harness. Raw requests only for bad input.
import { IntegrationCategory, IntegrationScope, IntegrationTarget, IntegrationVisibility, type PublishIntegration } from '@gitbook/api';
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** A name no other test of the file uses (the server, and its store, are shared by the file's tests). */
function uniqueName(base: string): string {
  return `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

const script = `export default { async fetch() { return new Response('hello'); } };`;

function publication(organization: string, overrides: Partial<PublishIntegration> = {}): PublishIntegration {
  return { title: 'Hello block', description: 'Says hello.', scopes: [IntegrationScope.SpaceContentRead], script, organization, ...overrides };
}

/** A member of the admin's organization with `role`, its token and client. */
async function person(server: ConformanceServer, name: string, role: 'admin' | 'edit' | 'read' | null, organization = server.admin.organization.id) {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const token = await server.tokenFor({ user: email, organization, role });
  return { token, api: server.client(token) };
}

/**
 * The integration's events once `count` of them are delivered: events are queued when an installation is set up
 * and recorded, with their status and trace, when the script (here, a one-line fetch handler) has answered.
 */
async function deliveredEvents(api: ReturnType<ConformanceServer['client']>, name: string, count: number) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { data } = await api.integrations.listIntegrationEvents(name);
    if (data.items.length >= count) return data.items;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} events of ${name} were delivered`);
}

async function errorOf(response: Response): Promise<{ code: number; message: string }> {
  return ((await response.json()) as { error: { code: number; message: string } }).error;
}

// Configuration schemas at each level: a required account token, a required space channel, an optional site flag.
const configurations = {
  account: { properties: { token: { type: 'string', title: 'Token' } }, required: ['token'] },
  space: { properties: { channel: { type: 'string', title: 'Channel' } }, required: ['channel'] },
  site: { properties: { tracking: { type: 'boolean', title: 'Tracking' } } },
} as PublishIntegration['configurations'];

describeConformance('integrations', (server) => {
  it('publishes (200) with every field, increments the version, gets, and unpublishes (205, then 204)', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const name = uniqueName('hello');
    const icon = Buffer.from('icon-bytes').toString('base64');
    const published = await api.integrations.publishIntegration(
      name,
      publication(org, {
        summary: 'A longer summary.',
        icon,
        visibility: IntegrationVisibility.Unlisted,
        target: IntegrationTarget.Space,
        scopes: [IntegrationScope.SpaceContentRead, IntegrationScope.SpaceMetadataWrite],
        categories: [IntegrationCategory.Content],
        blocks: [{ id: 'hello', title: 'Hello', description: 'A greeting' }],
        externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
        configurations,
      }),
    );
    expect(published.status).toBe(200);
    expect(published.data).toMatchObject({
      object: 'integration',
      name,
      version: 1,
      title: 'Hello block',
      description: 'Says hello.',
      summary: 'A longer summary.',
      visibility: IntegrationVisibility.Unlisted,
      target: 'space',
      scopes: ['space:content:read', 'space:metadata:write'],
      categories: ['content'],
      blocks: [{ id: 'hello', title: 'Hello', description: 'A greeting' }],
      externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
      configurations,
      owner: { id: org },
      permissions: { admin: true },
    });
    expect(published.data.urls.icon).toMatch(/\/assets\//);
    // The organization may be named by its subdomain too.
    const subdomain = (await server().store.getOrganization(org)).hostname?.split('.')[0];
    const again = await api.integrations.publishIntegration(name, publication(subdomain ?? org, { title: 'Hello again', visibility: IntegrationVisibility.Unlisted }));
    expect(again.data).toMatchObject({ name, version: 2, title: 'Hello again' });
    expect((await api.integrations.getIntegrationByName(name)).data).toEqual(again.data);

    // A reader of the organization sees it without admin permissions, and may not publish it.
    const reader = await person(server(), 'reader', 'read');
    expect((await reader.api.integrations.getIntegrationByName(name)).data.permissions).toEqual({ admin: false });
    expect(await statusOf(reader.api.integrations.publishIntegration(name, publication(org)))).toBe(403);

    expect((await api.integrations.unpublishIntegration(name)).status).toBe(205);
    expect((await api.integrations.unpublishIntegration(name)).status).toBe(204);
    expect(await statusOf(api.integrations.getIntegrationByName(name))).toBe(404);
    // Published again after being unpublished, it starts over.
    expect((await api.integrations.publishIntegration(name, publication(org))).data.version).toBe(1);
  });

  it('serves the icon and preview images at their published URLs, and nothing else there', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const name = uniqueName('pictured');
    const { data: published } = await api.integrations.publishIntegration(
      name,
      publication(org, { icon: png.toString('base64'), previewImages: [svg.toString('base64')], visibility: IntegrationVisibility.Private }),
    );
    // Bytes, not JSON: fetched directly (the harness's request checks JSON answers), at the published URL itself.
    const asset = (url: string, token = server().admin.token) => fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const icon = await asset(published.urls.icon!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(png);
    const preview = await asset(published.previewImages[0]!);
    expect(preview.headers.get('content-type')).toBe('image/svg+xml');
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(svg);

    // The script's blob is in the store too, but it is not an asset.
    const { blob } = await server().store.getIntegrationScript(name);
    const notAsset = await server().request('GET', `/v1/integrations/${name}/assets/${blob}`);
    expect(notAsset.status).toBe(404);
    expect((await errorOf(notAsset)).message).toContain(blob);
    // A private integration's assets are its organization's.
    const elsewhere = await server().store.createOrganization({ title: 'Elsewhere' });
    const outsider = await person(server(), 'outsider', 'admin', elsewhere.id);
    expect((await server().request('GET', new URL(published.urls.icon!).pathname, { token: outsider.token })).status).toBe(404);
    expect((await asset(published.urls.icon!, outsider.token)).status).toBe(404);
  });

  it('refuses a bad name, scope, configuration schema or organization with 400 (or 404) naming the field', async () => {
    const org = server().admin.organization.id;
    const publish = (name: string, body: unknown) => server().request('POST', `/v1/integrations/${name}`, { body });

    const badName = await publish('bad%20name', publication(org));
    expect(badName.status).toBe(400);
    expect((await errorOf(badName)).message).toMatch(/integrationName/);

    const badScope = await publish(uniqueName('scoped'), { ...publication(org), scopes: ['space:everything'] });
    expect(badScope.status).toBe(400);
    expect((await errorOf(badScope)).message).toMatch(/scopes/);

    const badLevel = await publish(uniqueName('configured'), { ...publication(org), configurations: { galaxy: { properties: {} } } });
    expect(badLevel.status).toBe(400);
    expect((await errorOf(badLevel)).message).toMatch(/configurations\.galaxy/);

    const badType = await publish(uniqueName('configured'), { ...publication(org), configurations: { account: { properties: { token: { type: 'date' } } } } });
    expect(badType.status).toBe(400);
    expect((await errorOf(badType)).message).toMatch(/configurations\.account\.properties\.token\.type/);

    const badRequired = await publish(uniqueName('configured'), { ...publication(org), configurations: { space: { properties: {}, required: ['missing'] } } });
    expect(badRequired.status).toBe(400);
    expect((await errorOf(badRequired)).message).toMatch(/configurations\.space\.required/);

    const badIcon = await publish(uniqueName('iconic'), { ...publication(org), icon: 'not base64!' });
    expect(badIcon.status).toBe(400);
    expect((await errorOf(badIcon)).message).toMatch(/icon/);

    const nowhere = await publish(uniqueName('lost'), publication('no-such-organization'));
    expect(nowhere.status).toBe(404);
    expect((await errorOf(nowhere)).message).toMatch(/no-such-organization/);
  });

  it('lists with every published filter, and private integrations only to their organization', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const tag = Math.random().toString(36).slice(2, 8);
    const blocks = uniqueName(`blocks-${tag}`);
    const sources = uniqueName(`sources-${tag}`);
    const secret = uniqueName(`secret-${tag}`);
    await api.integrations.publishIntegration(
      blocks,
      publication(org, { categories: [IntegrationCategory.Analytics], target: IntegrationTarget.Site, scopes: [IntegrationScope.SiteViewsRead], blocks: [{ id: 'b', title: 'Embed', urlUnfurl: [`${tag}.example.com`] } as never] }),
    );
    await api.integrations.publishIntegration(
      sources,
      publication(org, { categories: [IntegrationCategory.Content], target: IntegrationTarget.Space, contentSources: [{ id: 'src', title: 'Source', configuration: { componentId: 'configure' } }] }),
    );
    await api.integrations.publishIntegration(secret, publication(org, { visibility: IntegrationVisibility.Private, title: `Secret ${tag}` }));
    const names = async (query: Parameters<typeof api.integrations.listIntegrations>[0]) => (await api.integrations.listIntegrations({ search: tag, ...query })).data.items.map((item) => item.name).sort();

    expect(await names({})).toEqual([blocks, secret, sources].sort());
    expect(await names({ category: IntegrationCategory.Analytics })).toEqual([blocks]);
    expect(await names({ blockDomain: `${tag}.example.com` })).toEqual([blocks]);
    expect(await names({ blocks: true })).toEqual([blocks]);
    expect(await names({ contentSources: true })).toEqual([sources]);
    expect(await names({ contentSources: false })).toEqual([blocks, secret].sort());
    expect(await names({ owner: org })).toEqual([blocks, secret, sources].sort());
    expect(await names({ scope: IntegrationScope.SiteViewsRead })).toEqual([blocks]);
    expect(await names({ target: IntegrationTarget.Space })).toEqual([sources]);
    const page = await api.integrations.listIntegrations({ search: tag, limit: 2 });
    expect(page.data.items).toHaveLength(2);
    expect((await api.integrations.listIntegrations({ search: tag, limit: 2, page: page.data.next!.page })).data.items).toHaveLength(1);

    // Another organization's admin sees the public ones only, and not the private one by name either.
    const elsewhere = await server().store.createOrganization({ title: 'Elsewhere' });
    const outsider = await person(server(), 'outsider', 'admin', elsewhere.id);
    expect((await outsider.api.integrations.listIntegrations({ search: tag })).data.items.map((item) => item.name).sort()).toEqual([blocks, sources].sort());
    expect(await statusOf(outsider.api.integrations.getIntegrationByName(secret))).toBe(404);
    expect(await statusOf(outsider.api.integrations.installIntegration(secret, { organization: elsewhere.id }))).toBe(404);

    const badTarget = await server().request('GET', '/v1/integrations?target=planet');
    expect(badTarget.status).toBe(400);
    expect((await errorOf(badTarget)).message).toMatch(/target/);
  });

  it('installs on the organization (201, pending until configured), configures it (400 naming the field), and records installation_setup with its trace', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const name = uniqueName('configured');
    await api.integrations.publishIntegration(name, publication(org, { configurations }));

    const installed = await api.integrations.installIntegration(name, { organization: org });
    expect(installed.status).toBe(201);
    expect(installed.data).toMatchObject({ status: 'pending', configuration: {}, externalIds: [], spaces: 0, target: { organization: org } });
    const id = installed.data.id;
    expect((await api.integrations.getIntegrationInstallationById(name, id)).data).toEqual(installed.data);

    const bad = await server().request('PATCH', `/v1/integrations/${name}/installations/${id}`, { body: { configuration: { token: 42 } } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/configuration\.token/);
    const missing = await server().request('PATCH', `/v1/integrations/${name}/installations/${id}`, { body: { configuration: {} } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toMatch(/configuration\.token/);

    const configured = await api.integrations.updateIntegrationInstallation(name, id, { configuration: { token: 'secret' }, externalIds: ['acme-1'] });
    expect(configured.data).toMatchObject({ id, status: 'active', configuration: { token: 'secret' }, externalIds: ['acme-1'] });
    expect((await api.integrations.listIntegrationInstallations(name)).data.items.map((item) => item.id)).toEqual([id]);
    expect((await api.integrations.listIntegrationInstallations(name, { externalId: 'acme-1' })).data.count).toBe(1);
    expect((await api.integrations.listIntegrationInstallations(name, { externalId: 'acme-2' })).data.count).toBe(0);

    // Installed once per organization.
    expect(await statusOf(api.integrations.installIntegration(name, { organization: org }))).toBe(409);
    // Only an admin of the target organization installs or configures; a reader sees none of its installations.
    const editor = await person(server(), 'editor', 'edit');
    expect(await statusOf(editor.api.integrations.installIntegration(name, { organization: org }))).toBe(403);
    expect(await statusOf(editor.api.integrations.updateIntegrationInstallation(name, id, { configuration: { token: 'x' } }))).toBe(403);
    expect((await editor.api.integrations.listIntegrationInstallations(name)).data.count).toBe(0);

    const events = await deliveredEvents(api, name, 2);
    expect(events.map((event) => event.payload)).toEqual([
      { eventId: events[0]!.id, type: 'installation_setup', installationId: id, status: 'active', previous: { status: 'pending', configuration: {} } },
      { eventId: events[1]!.id, type: 'installation_setup', installationId: id, status: 'pending' },
    ]);
    expect(events.every((event) => event.status === 'success' && event.installationId === id)).toBe(true);
    const traced = await api.integrations.getIntegrationEvent(name, events[0]!.id);
    expect(traced.data.event).toEqual(events[0]);
    // The trace: queued, then the script's answer.
    expect(traced.data.trace?.logs).toEqual([
      expect.objectContaining({ level: 'debug', message: 'installation_setup queued for delivery' }),
      expect.objectContaining({ level: 'info', message: expect.stringMatching(/^attempt 1: script version 1 answered HTTP 200 in \d+ ms$/) }),
    ]);
    expect(await statusOf(api.integrations.getIntegrationEvent(name, 'no-such-event'))).toBe(404);
    // The events are the publisher's admins'.
    expect(await statusOf(editor.api.integrations.listIntegrationEvents(name))).toBe(403);
  });

  it('installs on spaces and sites (201, extended), gets and configures them against the space and site schemas, and records their setup events', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const name = uniqueName('everywhere');
    await api.integrations.publishIntegration(name, publication(org, { configurations }));
    const { data: installation } = await api.integrations.installIntegration(name, { organization: org });
    await api.integrations.updateIntegrationInstallation(name, installation.id, { configuration: { token: 'secret' } });
    const { data: space } = await api.orgs.createSpace(org, { title: 'Integrated' });
    const { data: site } = await api.orgs.createSite(org, { title: 'Integrated site' });

    const onSpace = await api.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    expect(onSpace.status).toBe(201);
    expect(onSpace.data).toMatchObject({ integration: name, installation: installation.id, space: space.id, status: 'pending', configuration: {} });
    const onSite = await api.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id }, { extended: true });
    expect(onSite.status).toBe(201);
    expect(onSite.data).toMatchObject({ site: { id: site.id, title: 'Integrated site' }, status: 'active' });

    const extendedSpaces = await api.integrations.listIntegrationSpaceInstallations(name, { extended: true });
    expect(extendedSpaces.data.items.map((item) => item.space)).toEqual([expect.objectContaining({ id: space.id, title: 'Integrated' })]);
    expect((await api.integrations.listIntegrationSiteInstallations(name)).data.items.map((item) => item.site)).toEqual([site.id]);
    expect((await api.integrations.getIntegrationInstallationById(name, installation.id)).data.spaces).toBe(1);

    expect((await api.integrations.getIntegrationSpaceInstallation(name, installation.id, space.id)).data).toEqual(onSpace.data);
    const spacePath = `/v1/integrations/${name}/installations/${installation.id}/spaces/${space.id}`;
    const badSpace = await server().request('PATCH', spacePath, { body: { configuration: { channel: false } } });
    expect(badSpace.status).toBe(400);
    expect((await errorOf(badSpace)).message).toMatch(/configuration\.channel/);
    const configuredSpace = await api.integrations.updateIntegrationSpaceInstallation(name, installation.id, space.id, { configuration: { channel: 'docs' }, externalIds: ['chan-1'] }, { extended: true });
    expect(configuredSpace.data).toMatchObject({ space: { id: space.id }, status: 'active', configuration: { channel: 'docs' }, externalIds: ['chan-1'] });
    expect((await api.integrations.listIntegrationSpaceInstallations(name, { externalId: 'chan-1' })).data.count).toBe(1);

    const sitePath = `/v1/integrations/${name}/installations/${installation.id}/sites/${site.id}`;
    const badSite = await server().request('PATCH', sitePath, { body: { configuration: { tracking: 'yes' } } });
    expect(badSite.status).toBe(400);
    expect((await errorOf(badSite)).message).toMatch(/configuration\.tracking/);
    const configuredSite = await api.integrations.updateIntegrationSiteInstallation(name, installation.id, site.id, { configuration: { tracking: true } });
    expect(configuredSite.data).toMatchObject({ site: site.id, status: 'active', configuration: { tracking: true } });
    expect((await api.integrations.getIntegrationSiteInstallation(name, installation.id, site.id, { extended: true })).data.site).toMatchObject({ id: site.id });

    // Not installed there: 404 naming it.
    const { data: other } = await api.orgs.createSpace(org, { title: 'Not integrated' });
    const absent = await server().request('GET', `/v1/integrations/${name}/installations/${installation.id}/spaces/${other.id}`);
    expect(absent.status).toBe(404);
    expect((await errorOf(absent)).message).toContain(other.id);
    expect(await statusOf(api.integrations.updateIntegrationSiteInstallation(name, installation.id, 'no-such-site', { configuration: {} }))).toBe(404);
    // Only the organization's admins configure them.
    const editor = await person(server(), 'editor', 'edit');
    expect(await statusOf(editor.api.integrations.updateIntegrationSpaceInstallation(name, installation.id, space.id, { configuration: { channel: 'x' } }))).toBe(403);

    const payloads = (await deliveredEvents(api, name, 6)).map((event) => event.payload);
    expect(payloads.filter((payload) => payload.type !== 'installation_setup')).toEqual([
      { eventId: expect.any(String), type: 'site_installation_setup', installationId: installation.id, siteId: site.id, status: 'active', previous: { status: 'active', configuration: {} } },
      { eventId: expect.any(String), type: 'space_installation_setup', installationId: installation.id, spaceId: space.id, status: 'active', previous: { status: 'pending', configuration: {} } },
      { eventId: expect.any(String), type: 'site_installation_setup', installationId: installation.id, siteId: site.id, status: 'active' },
      { eventId: expect.any(String), type: 'space_installation_setup', installationId: installation.id, spaceId: space.id, status: 'pending' },
    ]);
  });

  it('installs a space-only integration on spaces only, and a private one on its own organization only', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const name = uniqueName('space-only');
    await api.integrations.publishIntegration(name, publication(org, { target: IntegrationTarget.Space }));
    const { data: installation } = await api.integrations.installIntegration(name, { organization: org });
    const { data: site } = await api.orgs.createSite(org, { title: 'No integration here' });
    const refused = await server().request('POST', `/v1/integrations/${name}/installations/${installation.id}/sites`, { body: { siteId: site.id } });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toMatch(/siteId/);

    const secret = uniqueName('private');
    await api.integrations.publishIntegration(secret, publication(org, { visibility: IntegrationVisibility.Private }));
    const elsewhere = await server().store.createOrganization({ title: 'Elsewhere' });
    await server().tokenFor({ user: server().admin.user.email!, organization: elsewhere.id, role: 'admin' });
    expect(await statusOf(api.integrations.installIntegration(secret, { organization: elsewhere.id }))).toBe(403);
    expect((await api.integrations.installIntegration(secret, { organization: org })).status).toBe(201);
  });

  it('turns development mode on (204; https or loopback tunnels only) and off (205), for the publisher admins only', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const name = uniqueName('dev');
    await api.integrations.publishIntegration(name, publication(org));

    expect((await api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'https://hello.trycloudflare.com', all: true })).status).toBe(204);
    expect((await server().store.getIntegration(name)).development).toEqual({ tunnelUrl: 'https://hello.trycloudflare.com', all: true });
    expect((await api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'http://127.0.0.1:8787' })).status).toBe(204);
    expect((await server().store.getIntegration(name)).development).toEqual({ tunnelUrl: 'http://127.0.0.1:8787', all: false });
    for (const tunnelUrl of ['http://tunnel.example.com', 'ftp://127.0.0.1', 'not a url']) {
      const refused = await server().request('PUT', `/v1/integrations/${name}/dev`, { body: { tunnelUrl } });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toMatch(/tunnelUrl/);
    }
    const editor = await person(server(), 'editor', 'edit');
    expect(await statusOf(editor.api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'https://x.example.com' }))).toBe(403);
    expect(await statusOf(editor.api.integrations.disableIntegrationDevelopmentMode(name))).toBe(403);

    expect((await api.integrations.disableIntegrationDevelopmentMode(name)).status).toBe(205);
    expect((await server().store.getIntegration(name)).development).toBeUndefined();
    expect(await statusOf(api.integrations.setIntegrationDevelopmentMode(uniqueName('missing'), { tunnelUrl: 'https://x.example.com' }))).toBe(404);
  });
});
