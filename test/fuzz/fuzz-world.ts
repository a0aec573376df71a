// The world the route fuzzer runs in: the real app on a throwaway SQLite store, with an organization, an admin
// and a `read` member, and real records of every kind (spaces with pages and a file, an open and a merged change
// request, revisions, a collection, a published site with a section, a site space, a section group and a share
// link), written through the API itself. Generated requests use these ids, so they reach real handlers rather
// than only their 404s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type QuireApp } from '../../src/server/build-app.ts';
import { bootstrap, mintApiToken } from '../../src/service/index.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { routeCollector, type FuzzRoute } from './route-catalogue.ts';

/** Who a request is sent as. */
export type Caller = 'admin' | 'reader' | 'anonymous' | 'unknown-token';

export interface FuzzWorld {
  app: QuireApp;
  store: Store;
  /** Every route of the app, as registered. */
  routes: FuzzRoute[];
  /** The `Authorization` header for each caller (none for `anonymous`). */
  authorization: Record<Caller, string | undefined>;
  /** Real ids by the name of the path parameter or body field that takes them (`spaceId`, `pageId`, `*`, ...). */
  ids: Record<string, string[]>;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Opens the world. Fails loudly when a set-up request does not succeed (the fuzzer would test 404s only).
 *
 * @example
 * const world = await openFuzzWorld();
 * world.ids.spaceId // → ['AbC...', 'dEf...']
 */
export async function openFuzzWorld(): Promise<FuzzWorld> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-fuzz-'));
  const store = await openStore({ kind: 'sqlite', directory });
  const admin = await bootstrap(store);
  const collector = routeCollector();
  const app = await buildApp({ store, baseUrl: 'http://quire.test', onRoute: collector.onRoute });
  await app.ready();
  const reader = await mintApiToken(store, { user: 'reader@example.com', organization: admin.organization.id, role: 'read' });

  const call = async (method: string, url: string, body?: unknown): Promise<Reply> => {
    const response = await app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    if (response.statusCode >= 300) throw new Error(`fuzz world set-up: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return { status: response.statusCode, body: response.body === '' ? {} : (JSON.parse(response.body) as Record<string, unknown>) };
  };
  const idOf = (reply: Reply) => String(reply.body.id);

  const org = admin.organization.id;
  const collection = idOf(await call('POST', `/v1/orgs/${org}/collections`, { title: 'Products' }));
  const docs = idOf(await call('POST', `/v1/orgs/${org}/spaces`, { title: 'Docs' }));
  const guides = idOf(await call('POST', `/v1/orgs/${org}/spaces`, { title: 'Guides', parent: collection }));

  const merged = idOf(await call('POST', `/v1/spaces/${docs}/change-requests`, { subject: 'First pages' }));
  await call('POST', `/v1/spaces/${docs}/change-requests/${merged}/content`, {
    changes: [
      { operation: 'insert_page', ref: 'home', document: { markdown: '# Home\n\nSee [the guide](./guide.md).\n' } },
      { operation: 'insert_page', ref: 'guide', title: 'Guide', slug: 'guide', document: { markdown: 'A guide with ![a logo](./logo.png).\n' } },
      { operation: 'insert_files', files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: Buffer.from('PNG bytes').toString('base64') }] },
    ],
  });
  await call('POST', `/v1/spaces/${docs}/change-requests/${merged}/merge`);
  const open = idOf(await call('POST', `/v1/spaces/${docs}/change-requests`, { subject: 'Work in progress' }));
  await call('POST', `/v1/spaces/${docs}/change-requests/${open}/content`, { changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: 'Not yet.\n' } }] });
  const comment = idOf(await call('POST', `/v1/spaces/${docs}/comments`, { body: { markdown: 'A remark' } }));
  const commentReply = idOf(await call('POST', `/v1/spaces/${docs}/comments/${comment}/replies`, { body: { markdown: 'A reply' } }));
  const reviewComment = idOf(await call('POST', `/v1/spaces/${docs}/change-requests/${open}/comments`, { body: { markdown: 'On the draft' } }));

  // The people side: a team with the reader in it, grants to both, a link invite, an e-mail invite and a token.
  const readerId = reader.record.userId;
  const team = idOf(await call('PUT', `/v1/orgs/${org}/teams`, { title: 'Writers', members: [readerId] }));
  await call('POST', `/v1/spaces/${docs}/permissions`, { users: [readerId], teams: [team], role: 'comment' });
  await call('POST', `/v1/collections/${collection}/permissions`, { teams: [team], role: 'read' });
  const linkInvite = idOf(await call('POST', `/v1/orgs/${org}/link-invites`, { role: 'read' }));
  await call('POST', `/v1/orgs/${org}/invites`, { emails: ['invited@example.com'], role: 'read' });
  const emailInvites = (await call('GET', `/v1/orgs/${org}/email-invites`)).body.items as Array<{ id: string }>;
  await call('PATCH', `/v1/orgs/${org}`, { emailDomains: ['example.com'] });
  const tokens = (await call('GET', '/v1/quire/tokens')).body.items as Array<{ id: string }>;

  const revisions = (await call('GET', `/v1/spaces/${docs}/revisions`)).body.items as Array<{ id: string }>;
  const content = (await call('GET', `/v1/spaces/${docs}/content`)).body as { pages: Array<{ id: string; path?: string }>; files: Array<{ id: string }> };

  const site = idOf(await call('POST', `/v1/orgs/${org}/sites`, { title: 'Handbook' }));
  const section = idOf(await call('POST', `/v1/orgs/${org}/sites/${site}/sections`, { spaceId: docs }));
  const second = idOf(await call('POST', `/v1/orgs/${org}/sites/${site}/sections`, { spaceId: guides }));
  const siteSpace = idOf(await call('POST', `/v1/orgs/${org}/sites/${site}/site-spaces`, { spaceId: guides, sectionId: section }));
  const group = idOf(await call('POST', `/v1/orgs/${org}/sites/${site}/section-groups`, { title: 'Products', sections: [second] }));
  const shareLink = idOf(await call('POST', `/v1/orgs/${org}/sites/${site}/share-links`, { name: 'Testers' }));
  await call('POST', `/v1/orgs/${org}/sites/${site}/publish`);
  await call('POST', `/v1/orgs/${org}/openapi`, { slug: 'pets', source: { text: "openapi: 3.1.0\ninfo: {title: Pets, version: '1'}\npaths: {}\n" } });
  await app.quire.openApiProcessor!.idle();
  const specVersion = (await store.findOpenApiSpec(org, 'pets'))!.lastVersionId!;
  const translation = idOf(await call('POST', `/v1/orgs/${org}/translations`, { source: { space: docs, language: 'en' }, language: 'fr' }));
  const samlProvider = idOf(await call('POST', `/v1/orgs/${org}/saml`, { label: 'Fuzz IdP' }));
  // An integration whose script answers every event, installed on the organization, a space and the site.
  await call('POST', '/v1/integrations/fuzz-block', { title: 'Fuzz', description: 'Fuzzed', scopes: [], script: `export default { async fetch() { return new Response('ok'); } };`, organization: org });
  const installation = idOf(await call('POST', '/v1/integrations/fuzz-block/installations', { organization: org }));
  await call('POST', `/v1/integrations/fuzz-block/installations/${installation}/spaces`, { space: docs });
  await call('POST', `/v1/integrations/fuzz-block/installations/${installation}/sites`, { siteId: site });
  let events: Array<{ id: string }> = [];
  for (let attempt = 0; attempt < 400 && events.length === 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    events = (await call('GET', '/v1/integrations/fuzz-block/events')).body.items as Array<{ id: string }>;
  }

  const ids: Record<string, string[]> = {
    organizationId: [org],
    spaceId: [docs, guides],
    collectionId: [collection],
    changeRequestId: [open, merged],
    revisionId: revisions.map((revision) => revision.id),
    pageId: content.pages.map((page) => page.id),
    fileId: content.files.map((file) => file.id),
    siteId: [site],
    siteSectionId: [section, second],
    siteSectionGroupId: [group],
    siteSpaceId: [siteSpace],
    shareLinkId: [shareLink],
    commentId: [comment, reviewComment],
    commentReplyId: [commentReply],
    userId: [readerId, admin.user.id],
    teamId: [team],
    inviteId: [linkInvite, ...emailInvites.map((invite) => invite.id)],
    tokenId: tokens.map((token) => token.id),
    emailDomain: ['example.com'],
    '*': content.pages.flatMap((page) => (page.path === undefined ? [] : [page.path])),
    specSlug: ['pets'],
    versionId: [specVersion],
    translationId: [translation],
    samlProviderId: [samlProvider],
    integrationName: ['fuzz-block'],
    installationId: [installation],
    targetId: [docs, site],
    eventId: events.map((event) => event.id),
  };
  // Body fields that name the same records.
  Object.assign(ids, { parent: [collection, ...ids.pageId!], organization: [org], sectionId: ids.siteSectionId, siteSection: ids.siteSectionId, siteSpace: ids.siteSpaceId, space: ids.spaceId, page: ids.pageId, defaultSiteSection: ids.siteSectionId, defaultSiteSpace: ids.siteSpaceId, siteSectionGroupId: [group] });

  return {
    app,
    store,
    routes: collector.routes,
    authorization: { admin: `Bearer ${admin.token}`, reader: `Bearer ${reader.token}`, anonymous: undefined, 'unknown-token': 'Bearer not-a-token-of-this-service' },
    ids,
    async close() {
      await app.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
