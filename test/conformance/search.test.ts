// Full-text search (issue 14): searchSpaceContent and searchOrganizationContent through the official client, every
// response schema-checked, on SQLite and PostgreSQL. Relevance, other scripts, paging and who sees what.
import { beforeAll, expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { mergeChanges } from './content-fixture.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** A user of an organization with `role` (null: a guest), its token, id and client. */
async function person(server: ConformanceServer, organization: string, role: 'read' | null) {
  const email = `searcher-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const token = await server.tokenFor({ user: email, organization, role });
  const user = await server.store.findUserByEmail(email);
  return { id: user!.id, api: server.client(token) };
}

describeConformance('search', (server) => {
  let handbook: string;
  let international: string;
  let pages: Record<string, string>;

  beforeAll(async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    handbook = (await api.orgs.createSpace(org, { title: 'Handbook' })).data.id;
    const { update } = await mergeChanges(api, handbook, 'Handbook', [
      { operation: 'insert_page', title: 'Overview', document: { markdown: 'Quire hosts documentation.\n\n## Before you start\n\nInstalling takes a minute; read the notes first.\n' } },
      { operation: 'insert_page', title: 'Tools', document: { markdown: 'The tools we use.\n\n## Install\n\nRun the command below.\n' } },
      { operation: 'insert_page', title: 'Install Quire', document: { markdown: 'Follow these steps.\n\n## On Linux\n\nUse the package.\n' } },
      { operation: 'insert_page', title: 'Glossary', document: { markdown: 'Words and meanings.\n' } },
    ]);
    pages = {};
    for (const change of update.changes) {
      const page = typeof change.page === 'string' ? change.page : change.page.id;
      pages[page] = page;
    }
    international = (await api.orgs.createSpace(org, { title: 'International' })).data.id;
    await mergeChanges(api, international, 'Languages', [
      { operation: 'insert_page', title: '日本語', document: { markdown: '私たちは検索エンジンを毎日使っています。\n' } },
      { operation: 'insert_page', title: 'العربية', document: { markdown: 'نحن نستخدم محرك البحث كل يوم في العمل.\n' } },
    ]);
  });

  it('ranks the page whose title matches first, then a heading match, then a body match, with stemming', async () => {
    const api = server().client();
    const { data } = await api.spaces.searchSpaceContent(handbook, { query: 'install' });
    expect(data.items.map((item) => item.title)).toEqual(['Install Quire', 'Tools', 'Overview']);
    expect(data.count).toBe(3);
    expect(data.items.map((item) => item.rank)).toEqual([1, 2, 3]);
    const [title, heading, body] = data.items;
    expect(title!.resultType).toBe('page');
    expect(heading!.sections![0]).toMatchObject({ title: 'Install', path: 'tools#install', body: 'Run the command below.', resultType: 'section' });
    expect(heading!.sections![0]!.urls.app).toBe(`${heading!.urls.app}#install`);
    expect(body!.sections!.map((section) => section.title)).toEqual(['Before you start']);
    expect(body!.sections![0]!.body).toContain('Installing takes a minute');
    expect(body!.urls.app).toBe(`${server().baseUrl}/v1/spaces/${handbook}/content/page/${body!.id}`);
    expect(Object.keys(pages)).toContain(body!.id);
    expect(title!.score).toBeGreaterThan(heading!.score);
    expect(heading!.score).toBeGreaterThan(body!.score);
  });

  it('finds Japanese and Arabic words in the middle of a sentence', async () => {
    const api = server().client();
    expect((await api.spaces.searchSpaceContent(international, { query: 'エンジン' })).data.items.map((item) => item.title)).toEqual(['日本語']);
    expect((await api.spaces.searchSpaceContent(international, { query: '検索' })).data.items.map((item) => item.title)).toEqual(['日本語']);
    expect((await api.spaces.searchSpaceContent(international, { query: 'محرك' })).data.items.map((item) => item.title)).toEqual(['العربية']);
    expect((await api.spaces.searchSpaceContent(international, { query: 'install' })).data.count).toBe(0);
  });

  it('pages through the results with next.page, keeping the ranks', async () => {
    const api = server().client();
    const first = await api.spaces.searchSpaceContent(handbook, { query: 'install', limit: 2 });
    expect(first.data.items.map((item) => item.rank)).toEqual([1, 2]);
    expect(first.data.next?.page).toBeDefined();
    const second = await api.spaces.searchSpaceContent(handbook, { query: 'install', limit: 2, page: first.data.next!.page });
    expect(second.data.items.map((item) => [item.title, item.rank])).toEqual([['Overview', 3]]);
    expect(second.data.next).toBeUndefined();
    // A cursor of another search is refused, naming the field.
    const refused = await server().request('GET', `/v1/spaces/${handbook}/search?query=tools&page=${first.data.next!.page}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/page/);
  });

  it('refuses a missing, empty, too long or control-character query with 400 naming query', async () => {
    for (const query of ['', `&query=${'a'.repeat(513)}`, '&query=', '&query=a%00b']) {
      const response = await server().request('GET', `/v1/spaces/${handbook}/search?limit=5${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, query).toMatch(/query/);
    }
  });

  it('searches the organization, grouped by space, only in spaces the caller may read', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const { data } = await api.orgs.searchOrganizationContent(org, { query: 'install' });
    expect(data.items.map((item) => [item.type, item.id, item.title])).toEqual([['space', handbook, 'Handbook']]);
    expect(data.items[0]!.pages.map((page) => page.title)).toEqual(['Install Quire', 'Tools', 'Overview']);
    expect(data.count).toBe(3);

    // A deleted space never appears.
    const doomed = (await api.orgs.createSpace(org, { title: 'Doomed' })).data.id;
    await mergeChanges(api, doomed, 'Doomed', [{ operation: 'insert_page', title: 'Install the doomed', document: { markdown: 'Gone soon.\n' } }]);
    expect((await api.orgs.searchOrganizationContent(org, { query: 'doomed' })).data.items.map((item) => item.id)).toEqual([doomed]);
    await api.spaces.deleteSpaceById(doomed);
    expect((await api.orgs.searchOrganizationContent(org, { query: 'doomed' })).data.count).toBe(0);
    expect(await statusOf(api.spaces.searchSpaceContent(doomed, { query: 'doomed' }))).toBe(404);

    // A reader of another organization sees nothing of this one.
    const elsewhere = await server().store.createOrganization({ title: 'Elsewhere' });
    const stranger = await person(server(), elsewhere.id, 'read');
    expect(await statusOf(stranger.api.orgs.searchOrganizationContent(org, { query: 'install' }))).toBe(404);
    expect(await statusOf(stranger.api.spaces.searchSpaceContent(handbook, { query: 'install' }))).toBe(404);
    expect((await stranger.api.orgs.searchOrganizationContent(elsewhere.id, { query: 'install' })).data.count).toBe(0);

    // A guest with one space granted sees only it.
    const guest = await person(server(), org, null);
    expect((await guest.api.orgs.searchOrganizationContent(org, { query: 'install' })).data.count).toBe(0);
    await api.spaces.inviteToSpace(international, { role: 'read' as never, users: [guest.id] });
    const seen = await guest.api.orgs.searchOrganizationContent(org, { query: 'エンジン' });
    expect(seen.data.items.map((item) => item.id)).toEqual([international]);
    expect((await guest.api.orgs.searchOrganizationContent(org, { query: 'install' })).data.count).toBe(0);
    expect(await statusOf(guest.api.spaces.searchSpaceContent(handbook, { query: 'install' }))).toBe(404);
    expect((await guest.api.spaces.searchSpaceContent(international, { query: 'محرك' })).data.count).toBe(1);
  });

  it('follows merges: an edited page is found by its new words, a deleted one no more', async () => {
    const api = server().client();
    const glossary = (await api.spaces.searchSpaceContent(handbook, { query: 'glossary' })).data.items[0]!.id;
    await mergeChanges(api, handbook, 'Edit', [{ operation: 'update_page', page: glossary, document: { markdown: 'Terms, including the word quokka.\n' } }]);
    expect((await api.spaces.searchSpaceContent(handbook, { query: 'quokka' })).data.items.map((item) => item.id)).toEqual([glossary]);
    expect((await api.spaces.searchSpaceContent(handbook, { query: 'meanings' })).data.count).toBe(0);
    await mergeChanges(api, handbook, 'Delete', [{ operation: 'delete_page', page: glossary }]);
    expect((await api.spaces.searchSpaceContent(handbook, { query: 'quokka' })).data.count).toBe(0);
  });
});
