// Links and backlinks (issue 14): routes of the seed the published spec lacks, so they are reached with raw
// requests (validated where a published schema exists, which here it does not; the route schemas are Quire's).
import { expect, it } from 'vitest';
import { base64, mergeChanges, newSpace, pageIdOf, writeChanges } from './content-fixture.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

interface LinkItem {
  status: string;
  relation: string;
  targetReference: Record<string, unknown> & { kind: string };
  locationReferences: Array<{ kind: string; page: string; organization: string; space: string; versionContext: { type: string; revision: string } }>;
}
interface LinkList {
  items: LinkItem[];
  count: number;
  next?: { page: string };
  stats: { total: number; broken: { total: number; changeRequest: number } };
}

async function get<T>(server: ConformanceServer, path: string, expected = 200): Promise<T> {
  const response = await server.request('GET', path);
  expect(response.status, `${path}: ${response.status}`).toBe(expected);
  return (await response.json()) as T;
}

/** A space whose Home links to Guide, the logo, a URL, the service itself and a page that does not exist. */
async function linkedSpace(server: ConformanceServer) {
  const space = await newSpace(server, 'Linked');
  const home = [
    '[Guide](./guide.md) and [its setup](./guide.md#setup).',
    '',
    '![logo](./logo.png)',
    '',
    '[Example](https://example.com/docs) [Here](' + server.baseUrl + '/v1/spaces/' + space.id + ') [Gone](missing-page.md)',
    '',
    '`[not a link](code.md)`',
    '',
  ].join('\n');
  const guide = '[Home](./home.md "mention")\n\n{% file src="./logo.png" %}\nThe logo\n{% endfile %}\n\n[Top](#top)\n';
  const { update, revision } = await mergeChanges(server.client(), space.id, 'Write', [
    { operation: 'insert_files', files: [{ ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: base64('PNG bytes') }] },
    // The first page is README.md: an intro first, so that deleting Home leaves nobody else at its path.
    { operation: 'insert_page', ref: 'intro', title: 'Intro', document: { markdown: 'Welcome.\n' } },
    { operation: 'insert_page', ref: 'home', title: 'Home', document: { markdown: home } },
    { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: guide } },
  ]);
  return { space: space.id, revision, home: pageIdOf(update, 1), guide: pageIdOf(update, 2), logo: update.insertedFiles![0]!.id };
}

describeConformance('links and backlinks', (server) => {
  it('lists the links of a space: one item per target and relation, with where each is written, statuses and stats', async () => {
    const s = await linkedSpace(server());
    const list = await get<LinkList>(server(), `/v1/spaces/${s.space}/links`);
    const place = { organization: server().admin.organization.id, space: s.space, versionContext: { type: 'revision', revision: s.revision } };
    const at = (...pages: string[]) => pages.map((page) => ({ kind: 'page', ...place, page }));
    expect(list.items).toEqual(
      expect.arrayContaining([
        { status: 'ok', relation: 'reference', targetReference: { kind: 'page', ...place, page: s.guide }, locationReferences: at(s.home) },
        { status: 'ok', relation: 'reference', targetReference: { kind: 'anchor', ...place, page: s.guide, anchor: 'setup' }, locationReferences: at(s.home) },
        { status: 'ok', relation: 'reference', targetReference: { kind: 'file', ...place, file: s.logo }, locationReferences: at(s.home, s.guide) },
        { status: 'ok', relation: 'reference', targetReference: { kind: 'url', url: 'https://example.com/docs' }, locationReferences: at(s.home) },
        { status: 'in-app', relation: 'reference', targetReference: { kind: 'url', url: `${server().baseUrl}/v1/spaces/${s.space}` }, locationReferences: at(s.home) },
        { status: 'broken', relation: 'reference', targetReference: { kind: 'url', url: 'missing-page.md' }, locationReferences: at(s.home) },
        { status: 'ok', relation: 'mention', targetReference: { kind: 'page', ...place, page: s.home }, locationReferences: at(s.guide) },
        { status: 'ok', relation: 'reference', targetReference: { kind: 'anchor', ...place, page: s.guide, anchor: 'top' }, locationReferences: at(s.guide) },
      ]),
    );
    // The logo, an image in Home and a file block in Guide, is one item with two locations.
    expect(list.items).toHaveLength(8);
    expect(list.count).toBe(8);
    expect(list.stats).toEqual({ total: 8, broken: { total: 1, changeRequest: 0 } });

    const broken = await get<LinkList>(server(), `/v1/spaces/${s.space}/links?status=broken`);
    expect(broken.items.map((item) => item.targetReference)).toEqual([{ kind: 'url', url: 'missing-page.md' }]);
    expect(broken.stats).toEqual(list.stats);
    const inApp = await get<LinkList>(server(), `/v1/spaces/${s.space}/links?status=in-app`);
    expect(inApp.items.map((item) => item.status)).toEqual(['in-app']);

    // Pages of three: the walk gives every item once, in the same order.
    const walked: LinkItem[] = [];
    let path = `/v1/spaces/${s.space}/links?limit=3`;
    for (;;) {
      const page = await get<LinkList>(server(), path);
      expect(page.items.length).toBeLessThanOrEqual(3);
      walked.push(...page.items);
      if (page.next === undefined) break;
      path = `/v1/spaces/${s.space}/links?limit=3&page=${encodeURIComponent(page.next.page)}`;
    }
    expect(walked).toEqual(list.items);
  });

  it('lists the links of one page and the backlinks of a file; unknown pages, files and statuses are refused', async () => {
    const s = await linkedSpace(server());
    const guide = await get<LinkList>(server(), `/v1/spaces/${s.space}/content/page/${s.guide}/links`);
    expect(guide.items.map((item) => [item.relation, item.targetReference.kind])).toEqual(
      expect.arrayContaining([
        ['mention', 'page'],
        ['reference', 'file'],
        ['reference', 'anchor'],
      ]),
    );
    expect(guide.items.every((item) => item.locationReferences.every((location) => location.page === s.guide))).toBe(true);
    expect(guide.stats).toEqual({ total: 3, broken: { total: 0, changeRequest: 0 } });

    const backlinks = await get<{ items: Array<{ kind: string; page: string }>; count: number }>(server(), `/v1/spaces/${s.space}/content/files/${s.logo}/backlinks`);
    expect(backlinks.items.map((item) => item.kind)).toEqual(['page', 'page']);
    expect(backlinks.items.map((item) => item.page)).toEqual([s.home, s.guide].sort());
    const firstOnly = await get<{ items: unknown[]; next?: { page: string } }>(server(), `/v1/spaces/${s.space}/content/files/${s.logo}/backlinks?limit=1`);
    expect(firstOnly.items).toHaveLength(1);
    expect(firstOnly.next).toBeDefined();

    expect((await get<{ error: { message: string } }>(server(), `/v1/spaces/${s.space}/content/page/nope/links`, 404)).error.message).toContain('nope');
    expect((await get<{ error: { message: string } }>(server(), `/v1/spaces/${s.space}/content/files/nope/backlinks`, 404)).error.message).toContain('nope');
    expect((await get<{ error: { message: string } }>(server(), `/v1/spaces/${s.space}/links?status=fine`, 400)).error.message).toContain('status');
  });

  it('needs read access to the space: a guest of the organization does not see it', async () => {
    const s = await linkedSpace(server());
    const guest = await server().tokenFor({ user: `guest-${Math.random().toString(36).slice(2, 8)}@example.com`, organization: server().admin.organization.id, role: null });
    const reader = await server().tokenFor({ user: `reader-${Math.random().toString(36).slice(2, 8)}@example.com`, organization: server().admin.organization.id, role: 'read' });
    expect((await server().request('GET', `/v1/spaces/${s.space}/links`, { token: guest })).status).toBe(404);
    expect((await server().request('GET', `/v1/spaces/${s.space}/content/files/${s.logo}/backlinks`, { token: guest })).status).toBe(404);
    expect((await server().request('GET', `/v1/spaces/${s.space}/links`, { token: reader })).status).toBe(200);
    expect((await server().request('GET', `/v1/spaces/${s.space}/links`, { token: null })).status).toBe(401);
  });

  it("change-request variants read the change request's content: links it breaks, and a deleted page's links turning broken", async () => {
    const s = await linkedSpace(server());
    const api = server().client();
    const { data: changeRequest } = await api.spaces.createChangeRequest(s.space, { subject: 'Break things' });
    await writeChanges(api, s.space, changeRequest.id, [
      { operation: 'update_page', page: s.guide, document: { markdown: `[Home](/pages/${s.home} "mention") [Old](old-page.md)\n` } },
    ]);
    const crPath = `/v1/spaces/${s.space}/change-requests/${changeRequest.id}/content`;
    const inChangeRequest = await get<LinkList>(server(), `${crPath}/page/${s.guide}/links`);
    expect(inChangeRequest.items.map((item) => [item.status, item.targetReference])).toEqual(
      expect.arrayContaining([['broken', { kind: 'url', url: 'old-page.md' }]]),
    );
    expect(inChangeRequest.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 1 } });
    expect(inChangeRequest.items[0]!.locationReferences[0]!.versionContext.revision).not.toBe(s.revision);
    // The space's own content is unchanged.
    expect((await get<LinkList>(server(), `/v1/spaces/${s.space}/content/page/${s.guide}/links`)).stats.broken.total).toBe(0);
    // The file is no longer used by Guide in the change request.
    const backlinks = await get<{ items: Array<{ page: string }> }>(server(), `${crPath}/files/${s.logo}/backlinks`);
    expect(backlinks.items.map((item) => item.page)).toEqual([s.home]);

    // Deleting Home breaks Guide's mention of it, in the change request only.
    await writeChanges(api, s.space, changeRequest.id, [{ operation: 'delete_page', page: s.home }]);
    const afterDelete = await get<LinkList>(server(), `${crPath}/page/${s.guide}/links?status=broken`);
    expect(afterDelete.items.map((item) => item.relation).sort()).toEqual(['mention', 'reference']);
    expect(afterDelete.stats.broken).toEqual({ total: 2, changeRequest: 2 });
    expect((await get<LinkList>(server(), `/v1/spaces/${s.space}/links`)).stats.broken.total).toBe(1);

    // Merged, the space's links are the change request's.
    await api.spaces.mergeChangeRequest(s.space, changeRequest.id);
    const merged = await get<LinkList>(server(), `/v1/spaces/${s.space}/links?status=broken`);
    expect(merged.items.map((item) => item.targetReference)).toEqual(expect.arrayContaining([{ kind: 'url', url: 'old-page.md' }]));
    expect(merged.stats.broken.changeRequest).toBe(0);
  });
});
