// Site answers lose nothing on the way out. Fastify serializes each answer with fast-json-stringify, which writes
// only the properties the route's response schema lists: a field the service returns and the schema forgets
// vanishes without an error, and the published schemas (open objects) do not notice. This scenario records, for
// every site route, the object the service handed to Fastify (preSerialization) and the JSON that went out
// (onSend), and requires the two to be equal, on a site where every optional field is set at least once. It
// also requires every site route with a JSON answer to have been exercised, and every field the response schemas
// list to have been seen filled, so that a new route or a new optional field cannot slip past it untested.
import { GitBookAPI } from '@gitbook/api';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, listen, type QuireApp } from '../../src/server/index.ts';
import { SiteAdaptiveSchemaSchema } from '../../src/server/schemas/site-adaptive-shapes.ts';
import { SiteCustomizationSchema, SiteSpaceCustomizationSchema } from '../../src/server/schemas/site-customization-shapes.ts';
import { PublishedContentSiteSchema } from '../../src/server/schemas/site-profile-shapes.ts';
import { ShareLinkSchema, SiteSchema, SiteSectionGroupSchema, SiteSectionSchema, SiteSpaceSchema, SiteStructureItemSchema, SiteStructureSchema } from '../../src/server/schemas/site-shapes.ts';
import { SpaceSchema } from '../../src/server/schemas/space.ts';
import { bootstrap, type BootstrapResult } from '../../src/service/index.ts';
import { openThrowawayStore, postgresSkipReason, type StoreKind } from './harness.ts';
import { publishedSpec } from './published-spec.ts';
import { ResponseValidator } from './response-validator.ts';

/** One answer of a site route: what the service handed over, and what was sent. */
interface Exchange {
  /** `METHOD /v1/route/:pattern STATUS`. */
  route: string;
  handed: unknown;
  sent: unknown;
}

/** Every site route that answers JSON, with the status it answers it with. */
const siteRoutes = [
  'GET /v1/orgs/:organizationId/sites 200',
  'POST /v1/orgs/:organizationId/sites 201',
  'GET /v1/orgs/:organizationId/sites/:siteId 200',
  'PATCH /v1/orgs/:organizationId/sites/:siteId 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/publish 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/unpublish 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/published 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/structure 200',
  'PATCH /v1/orgs/:organizationId/sites/:siteId/structure/sort 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/adaptive-schema 200',
  'PUT /v1/orgs/:organizationId/sites/:siteId/adaptive-schema 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/customization 200',
  'PUT /v1/orgs/:organizationId/sites/:siteId/customization 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/sections 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/sections 201',
  'PATCH /v1/orgs/:organizationId/sites/:siteId/sections/:siteSectionId 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/section-groups 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/section-groups 201',
  'PATCH /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections 201',
  'POST /v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/move 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/site-spaces 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/site-spaces 201',
  'PATCH /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization 200',
  'PATCH /v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization 200',
  'GET /v1/orgs/:organizationId/sites/:siteId/share-links 200',
  'POST /v1/orgs/:organizationId/sites/:siteId/share-links 201',
  'PATCH /v1/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId 200',
];

/** A server like the harness's, with the recording hooks added before it listens. */
interface RecordingServer {
  app: QuireApp;
  admin: BootstrapResult;
  client: GitBookAPI;
  exchanges: Exchange[];
  request(method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

async function startRecordingServer(kind: StoreKind): Promise<RecordingServer> {
  const { store, dispose } = await openThrowawayStore(kind);
  const admin = await bootstrap(store);
  const app = await buildApp({ store });
  const exchanges: Exchange[] = [];
  const handed = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    // What JSON.stringify makes of it: the service's object as a plain client would read it.
    handed.set(request, JSON.parse(JSON.stringify(payload)));
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    if (handed.has(request) && route.includes('/sites') && reply.statusCode < 300 && typeof payload === 'string') {
      exchanges.push({ route: `${request.method} ${route} ${reply.statusCode}`, handed: handed.get(request), sent: JSON.parse(payload) });
    }
    return payload;
  });
  const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
  const validator = new ResponseValidator();
  const validatingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    validator.check({ method: init?.method ?? 'GET', url, status: response.status, contentType: response.headers.get('content-type'), body: await response.clone().text() });
    return response;
  };
  return {
    app,
    admin,
    client: new GitBookAPI({ endpoint: baseUrl, authToken: admin.token, serviceBinding: { fetch: validatingFetch } }),
    exchanges,
    request: (method, path, body) =>
      validatingFetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    async close() {
      await app.close();
      await store.close();
      await dispose();
    },
  };
}

/** Builds a site with every optional field of every site object set at least once, through every site route that answers JSON. */
async function buildEverySiteShape(server: RecordingServer): Promise<void> {
  const api = server.client;
  const org = server.admin.organization.id;
  const ok = async (response: Promise<Response>, status: number) => expect((await response).status).toBe(status);

  // Spaces with their optional fields (parent, editMode, gitSync), to be embedded in site spaces.
  const { data: collection } = await api.orgs.createCollection(org, { title: 'Products' });
  const { data: handbook } = await api.orgs.createSpace(org, { title: 'Handbook', parent: collection.id, editMode: 'locked' } as never);
  const { data: reference } = await api.orgs.createSpace(org, { title: 'Reference' });
  const { data: changelog } = await api.orgs.createSpace(org, { title: 'Changelog' });
  const { data: archive } = await api.orgs.createSpace(org, { title: 'Archive' });
  await server.app.quire.store.updateSpace(handbook.id, {
    gitSync: { installationStatus: 'active', installationProvider: 'github', installationId: 'installation-1', repoName: 'acme/docs', url: 'https://github.com/acme/docs' } as never,
  });

  // The site, with basename, proxy, agentsContext; published (urls.published everywhere).
  const { data: site } = await api.orgs.createSite(org, { title: 'Everything', visibility: 'public' as never, spaces: [handbook.id] });
  const base = `/v1/orgs/${org}/sites/${site.id}`;
  await api.orgs.updateSiteById(org, site.id, { basename: 'docs', proxy: 'acme.com/docs', adaptiveContent: { enabled: true }, defaultLevel: 'read' as never });
  await ok(server.request('PATCH', base, { agentsContext: 'excluded' }), 200);
  await api.orgs.publishSite(org, site.id);
  await api.orgs.getSiteById(org, site.id);

  // Root site spaces (a condition, hidden), the site-space form of the structure, sort and move of a site space.
  const { data: rootSiteSpace } = await api.orgs.addSpaceToSite(org, site.id, { spaceId: reference.id });
  await api.orgs.updateSiteSpaceById(org, site.id, rootSiteSpace.id, { condition: 'visitor.claims.beta', hidden: true, path: 'reference' });
  expect((await api.orgs.getSiteStructure(org, site.id)).data.type).toBe('siteSpaces');
  const { data: siteSpaces } = await api.orgs.listSiteSpaces(org, site.id);
  await api.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-space' as never, id: rootSiteSpace.id }, position: { before: { type: 'site-space' as never, id: siteSpaces.items[0]!.id } } });
  await api.orgs.moveSiteSpace(org, site.id, rootSiteSpace.id, { position: { after: { type: 'site-space', siteSpace: siteSpaces.items[0]!.id } as never } });

  // Customization of the site (every setting, so updatedAt too) and of a site space (hasOverrides).
  const { data: defaults } = await api.orgs.getSiteCustomizationById(org, site.id);
  await api.orgs.updateSiteCustomizationById(org, site.id, {
    ...defaults,
    title: 'Acme docs',
    localizedTitle: { fr: 'Docs Acme' },
    announcement: { enabled: true, message: 'Version 2 is out', style: 'info', link: { title: 'Read', to: { kind: 'url', url: 'https://acme.com/v2' } } },
    socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
    privacyPolicy: { url: 'https://acme.com/privacy' },
    socialPreview: { url: 'https://acme.com/preview.png' },
  } as never);
  await api.orgs.getSiteCustomizationById(org, site.id);
  await api.orgs.overrideSiteSpaceCustomizationById(org, site.id, rootSiteSpace.id, { title: 'Reference docs' } as never);
  await api.orgs.getSiteSpaceCustomizationById(org, site.id, rootSiteSpace.id);

  // Sections (description, condition, icon, group), a section's site space (section, condition, title), groups
  // (icon, a parent), the seed's membership route, sort and moves of sections and groups.
  const { data: section } = await api.orgs.addSectionToSite(org, site.id, { spaceId: changelog.id, title: 'Changelog', icon: 'clock' });
  await api.orgs.updateSiteSectionById(org, site.id, section.id, { description: 'What changed', condition: 'visitor.claims.beta', icon: 'gear' });
  const { data: variant } = await api.orgs.addSpaceToSite(org, site.id, { spaceId: archive.id, sectionId: section.id, title: 'Archive' } as never);
  await api.orgs.updateSiteSpaceById(org, site.id, variant.id, { condition: 'true' });
  const { data: sections } = await api.orgs.listSiteSections(org, site.id);
  const first = sections.items.find((item) => item.id !== section.id)!;
  const { data: group } = await api.orgs.addSectionGroupToSite(org, site.id, { title: 'Products', icon: 'box', sections: [section.id] });
  const { data: inner } = await api.orgs.addSectionGroupToSite(org, site.id, { title: 'Inner', parent: group.id } as never);
  await api.orgs.updateSiteSectionGroupById(org, site.id, inner.id, { icon: 'star' });
  await ok(server.request('POST', `${base}/section-groups/${inner.id}/sections`, { sectionId: first.id }), 201);
  await api.orgs.listSiteSectionGroups(org, site.id);
  await api.orgs.listSiteSections(org, site.id);
  await api.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-section' as never, id: section.id }, position: { before: { type: 'site-section-group' as never, id: inner.id } } });
  await api.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-section-group' as never, id: inner.id }, position: { before: { type: 'site-section' as never, id: section.id } } });
  await api.orgs.moveSiteSection(org, site.id, section.id, {});
  await api.orgs.moveSiteSectionGroup(org, site.id, inner.id, {});
  expect((await api.orgs.getSiteStructure(org, site.id)).data.type).toBe('sections');
  await api.orgs.listSiteSpaces(org, site.id);

  // Share links (urls.published when created), the adaptive schema, the published profile, other sites.
  const { data: link } = await api.orgs.createSiteShareLink(org, site.id, { name: 'Reviewers' });
  await api.orgs.updateSiteShareLinkById(org, site.id, link.id, { name: 'Old reviewers', active: false });
  await api.orgs.listSiteShareLinks(org, site.id);
  await api.orgs.getSiteAdaptiveSchema(org, site.id);
  const jsonSchema = { type: 'object', properties: { beta: { type: 'boolean', description: 'In the beta' }, plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' } }, additionalProperties: false };
  await api.orgs.updateSiteAdaptiveSchema(org, site.id, { jsonSchema } as never);
  await api.orgs.listSiteAdaptiveTemplateConditions(org, site.id);
  await api.orgs.getPublishedContentSite(org, site.id);
  await api.orgs.createSite(org, { title: 'Other' });
  await api.orgs.listSites(org);
  await api.orgs.unpublishSite(org, site.id);
}

/** The `properties` of a TypeBox object schema, or of the definition a cyclic schema enters by. */
function fieldsOf(schema: unknown): string[] {
  const plain = schema as { properties?: object; $ref?: string; $defs?: Record<string, { properties?: object }> };
  const properties = plain.properties ?? (plain.$ref === undefined ? undefined : plain.$defs?.[plain.$ref]?.properties);
  if (properties === undefined) throw new Error(`not an object schema: ${JSON.stringify(schema).slice(0, 80)}`);
  return Object.keys(properties).sort();
}

/** Every object in a JSON value, depth first. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (typeof value === 'object' && value !== null) {
    yield value as Record<string, unknown>;
    for (const child of Object.values(value)) yield* objectsIn(child);
  }
}

for (const kind of ['sqlite', 'postgres'] as const) {
  const skip = kind === 'postgres' ? postgresSkipReason : undefined;
  describe.skipIf(skip !== undefined)(`site answers are serialized whole (${kind}${skip === undefined ? '' : `; skipped: ${skip}`})`, () => {
    let server: RecordingServer | undefined;
    beforeAll(async () => {
      server = await startRecordingServer(kind);
      await buildEverySiteShape(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('sends every field the service returned, on every site route', () => {
      const exchanges = server!.exchanges;
      expect(exchanges.length).toBeGreaterThan(siteRoutes.length);
      for (const exchange of exchanges) expect(exchange.sent, exchange.route).toEqual(exchange.handed);
    });

    it('exercised every site route that answers JSON', () => {
      const seen = new Set(server!.exchanges.map((exchange) => exchange.route));
      expect([...seen].sort()).toEqual([...siteRoutes].sort());
      // A published site operation the server gains is in the list (and so exercised above) once it answers JSON.
      for (const [path, operations] of Object.entries(publishedSpec.paths)) {
        if (!path.startsWith('/orgs/{organizationId}/sites')) continue;
        for (const [method, operation] of Object.entries(operations as Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>)) {
          const url = `/v1${path.replace(/\{(\w+)\}/g, ':$1')}`;
          if (operation.responses === undefined || !server!.app.hasRoute({ method: method.toUpperCase() as 'GET', url })) continue;
          for (const [status, response] of Object.entries(operation.responses)) {
            if (/^2\d\d$/.test(status) && response.content?.['application/json'] !== undefined) expect(siteRoutes).toContain(`${method.toUpperCase()} ${url} ${status}`);
          }
        }
      }
      // The sort answers each kind of structure item (a union: each branch must serialize whole).
      const sorted = server!.exchanges.filter((exchange) => exchange.route.includes('/structure/sort')).map((exchange) => (exchange.sent as { object: string }).object);
      expect(new Set(sorted)).toEqual(new Set(['site-space', 'site-section', 'site-section-group']));
    });

    it('saw every field the response schemas list filled in at least one answer', () => {
      const sent = server!.exchanges.map((exchange) => exchange.sent);
      const seen = (object: string) => {
        const keys = new Set<string>();
        for (const value of objectsIn(sent)) if (value.object === object) for (const key of Object.keys(value)) keys.add(key);
        return [...keys].sort();
      };
      expect(seen('site')).toEqual(fieldsOf(SiteSchema));
      expect(seen('site-space')).toEqual(fieldsOf(SiteSpaceSchema));
      expect(seen('site-section')).toEqual(fieldsOf(SiteSectionSchema));
      expect(seen('site-section-group')).toEqual(fieldsOf(SiteSectionGroupSchema));
      expect(seen('share-link')).toEqual(fieldsOf(ShareLinkSchema));
      expect(seen('site-adaptive-schema')).toEqual(fieldsOf(SiteAdaptiveSchemaSchema));
      expect(seen('published-content-site')).toEqual(fieldsOf(PublishedContentSiteSchema));
      // A site never embeds a deleted space: deleting a space takes it out of its sites.
      expect(seen('space')).toEqual(fieldsOf(SpaceSchema).filter((field) => field !== 'deletedAt'));
      const customizations = server!.exchanges.filter((exchange) => exchange.route.includes('customization')).map((exchange) => exchange.sent as object);
      expect([...new Set(customizations.flatMap((value) => Object.keys(value)))].sort()).toEqual(fieldsOf(SiteSpaceCustomizationSchema));
      expect(new Set([...objectsIn(sent)].filter((value) => typeof value.urls === 'object' && value.urls !== null).flatMap((value) => Object.keys(value.urls as object)))).toContain('published');
    });
  });
}

describe('site customization schema', () => {
  it('lists the settings of the published SiteCustomizationSettings', () => {
    const schemas = publishedSpec.components.schemas as Record<string, { properties?: object; allOf?: { properties?: object }[] }>;
    const published = [...Object.keys(schemas.SiteCustomizationSettingsBase!.properties!), ...schemas.SiteCustomizationSettings!.allOf!.flatMap((part) => Object.keys(part.properties ?? {}))];
    expect(fieldsOf(SiteCustomizationSchema)).toEqual(published.sort());
    expect(fieldsOf(SiteSpaceCustomizationSchema)).toEqual([...published, 'hasOverrides'].sort());
  });
});

describe('site unions', () => {
  /** The unions of objects in a schema (a union of string literals is cheap to validate and is left alone). */
  const objectUnions = (schema: unknown): unknown[][] =>
    [...objectsIn(schema)].flatMap((node) => (Array.isArray(node.anyOf) && node.anyOf.some((branch: { const?: unknown }) => branch.const === undefined) ? [node.anyOf] : []));

  it('are serialized as merged objects, without validating each node (site-merged-unions.ts)', () => {
    expect(objectUnions(SiteSectionGroupSchema)).toEqual([]);
    expect(objectUnions(SiteStructureItemSchema)).toEqual([]);
    // The two forms of the structure stay a union, at the top: validated once per answer.
    expect(objectUnions(SiteStructureSchema)).toHaveLength(1);
    expect(objectUnions(PublishedContentSiteSchema)).toHaveLength(1);
  });
});
