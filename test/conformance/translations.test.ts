// Translations (the seed's five "translation settings" rows, served as the published `Translation` operations),
// driven with the official client and with raw seed-shaped requests; every response is schema-checked against
// the published spec (docs/api-extensions.md says how the two shapes are served by one resource).
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

/** A user of the admin's organization with `role` (null: a guest), its token and its client. */
async function person(server: ConformanceServer, name: string, role: 'admin' | 'edit' | 'read' | null) {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const token = await server.tokenFor({ user: email, organization: server.admin.organization.id, role });
  return { token, api: server.client(token) };
}

async function errorOf(response: Response): Promise<{ code: number; message: string }> {
  return ((await response.json()) as { error: { code: number; message: string } }).error;
}

const instructions = {
  object: 'document' as const,
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Keep product names in English.', marks: [] }] }] }],
};
const noRuns = { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 };

describeConformance('translations', (server) => {
  it('creates (201), gets, updates, lists and deletes (205, then 204) a translation with the official client', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const { data: space } = await api.orgs.createSpace(org, { title: 'Handbook' });

    const created = await api.orgs.createTranslation(org, { source: { space: space.id, language: 'en' as never }, language: 'fr' as never, instructions: instructions as never });
    expect(created.status).toBe(201);
    const translation = created.data;
    // Nothing is machine-translated: the translation waits, with no result and no runs.
    expect(translation).toMatchObject({
      object: 'translation',
      status: 'pending',
      source: { space: space.id, language: 'en' },
      language: 'fr',
      instructions,
      stats: noRuns,
      permissions: { view: true, edit: true },
      urls: { location: `${server().baseUrl}/v1/orgs/${org}/translations/${translation.id}` },
      languages: ['en', 'fr'],
    });
    expect(translation.result).toBeUndefined();
    expect((await api.orgs.getTranslation(org, translation.id)).data).toEqual(translation);

    const bare = await api.orgs.createTranslation(org, { source: { space: space.id, language: 'en' as never }, language: 'pt-br' as never });
    // The published object requires `instructions`: a translation given none answers an empty document.
    expect(bare.data.instructions).toEqual({ object: 'document', data: {}, nodes: [] });

    const newInstructions = { object: 'document' as const, data: {}, nodes: [] };
    const updated = await api.orgs.updateTranslation(org, translation.id, { instructions: newInstructions as never });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id: translation.id, instructions: newInstructions, language: 'fr', createdAt: translation.createdAt });

    const all = await api.orgs.listTranslations(org);
    expect(all.data.items.map((item) => item.id)).toEqual([translation.id, bare.data.id]);
    expect(all.data.count).toBe(2);
    const first = await api.orgs.listTranslations(org, { limit: 1 });
    expect(first.data.items.map((item) => item.id)).toEqual([translation.id]);
    const second = await api.orgs.listTranslations(org, { limit: 1, page: first.data.next!.page });
    expect(second.data.items.map((item) => item.id)).toEqual([bare.data.id]);

    expect((await api.orgs.deleteTranslation(org, translation.id)).status).toBe(205);
    expect((await api.orgs.deleteTranslation(org, translation.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getTranslation(org, translation.id))).toBe(404);
    // The source space stays.
    expect((await api.spaces.getSpaceById(space.id)).data.id).toBe(space.id);
  });

  it("serves seed-shaped requests: `title` (1 to 100) on create and PUT, stored and echoed beside the published fields", async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const { data: space } = await api.orgs.createSpace(org, { title: 'Guides' });
    const base = `/v1/orgs/${org}/translations`;

    const created = await server().request('POST', base, { body: { title: 'Guides en español', source: { space: space.id, language: 'en' }, language: 'es' } });
    expect(created.status).toBe(201);
    const translation = (await created.json()) as { id: string; title: string; languages: string[]; object: string };
    expect(translation).toMatchObject({ object: 'translation', title: 'Guides en español', languages: ['en', 'es'] });

    // The seed's PUT body is `{ title }`; its `{translationSettingsId}` is the published `{translationId}`.
    const renamed = await server().request('PUT', `${base}/${translation.id}`, { body: { title: 'x'.repeat(100) } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: translation.id, title: 'x'.repeat(100), language: 'es', source: { space: space.id, language: 'en' } });
    const listed = await server().request('GET', `${base}?limit=10`);
    expect(((await listed.json()) as { items: Array<{ id: string; title?: string }> }).items.find((item) => item.id === translation.id)?.title).toBe('x'.repeat(100));
    // The official client sees the same object, seed fields included (the published schema allows them).
    expect((await api.orgs.getTranslation(org, translation.id)).data).toMatchObject({ title: 'x'.repeat(100) });

    // A seed body with only a title names no space to translate: refused, naming `source`.
    const seedOnly = await server().request('POST', base, { body: { title: 'Settings' } });
    expect(seedOnly.status).toBe(400);
    expect((await errorOf(seedOnly)).message).toContain('source');

    expect((await server().request('DELETE', `${base}/${translation.id}`)).status).toBe(205);
    expect((await server().request('DELETE', `${base}/${translation.id}`)).status).toBe(204);
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    const server_ = server();
    const org = server_.admin.organization.id;
    const api = server_.client();
    const { data: space } = await api.orgs.createSpace(org, { title: 'Source' });
    const stranger = await server_.store.createOrganization({ title: 'Stranger' });
    const foreign = await server_.store.createSpace({ organizationId: stranger.id, title: 'Foreign' });
    const { data: translation } = await api.orgs.createTranslation(org, { source: { space: space.id, language: 'en' as never }, language: 'de' as never });
    const before = (await server_.store.listTranslations(org)).count;
    const source = { space: space.id, language: 'en' };
    const base = `/v1/orgs/${org}/translations`;

    const cases: Array<[string, string, unknown, string]> = [
      ['POST', base, { title: '', source, language: 'fr' }, 'title'],
      ['POST', base, { title: 'x'.repeat(101), source, language: 'fr' }, 'title'],
      ['POST', base, { source, language: 'klingon' }, 'language'],
      ['POST', base, { source, language: 'en' }, 'language'],
      ['POST', base, { source }, 'language'],
      ['POST', base, { language: 'fr' }, 'source'],
      ['POST', base, { source: { space: space.id }, language: 'fr' }, 'source/language'],
      ['POST', base, { source: { space: space.id, language: 'english' }, language: 'fr' }, 'source/language'],
      ['POST', base, { source: { space: 'no-such-space', language: 'en' }, language: 'fr' }, 'source.space'],
      ['POST', base, { source: { space: foreign.id, language: 'en' }, language: 'fr' }, 'source.space'],
      ['POST', base, { source, language: 'fr', instructions: { object: 'block', data: {}, nodes: [] } }, 'instructions'],
      ['POST', base, { source, language: 'fr', instructions: 'Translate well' }, 'instructions'],
      // Only paragraphs of plain text: what is answered back must be a valid published document.
      ['POST', base, { source, language: 'fr', instructions: { object: 'document', data: {}, nodes: [{}] } }, 'instructions'],
      ['POST', base, { source, language: 'fr', instructions: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'heading-1', nodes: [] }] } }, 'instructions'],
      ['POST', base, { source, language: 'fr', instructions: { object: 'document', data: { schemaVersion: 'two' }, nodes: [] } }, 'instructions'],
      ['POST', base, { source, language: 'fr', languages: ['fr'] }, 'languages'],
      ['PUT', `${base}/${translation.id}`, {}, 'body'],
      ['PUT', `${base}/${translation.id}`, { title: '' }, 'title'],
      ['PUT', `${base}/${translation.id}`, { language: 'en' }, 'language'],
      ['PUT', `${base}/${translation.id}`, { instructions: { object: 'document', data: {}, nodes: 'none' } }, 'instructions'],
      ['PUT', `${base}/${translation.id}`, { source: { space: foreign.id, language: 'en' } }, 'source.space'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await server_.request(method, path, { body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await errorOf(response)).message, `${method} ${path} ${JSON.stringify(body)}`).toContain(field);
    }
    expect((await server_.store.listTranslations(org)).count).toBe(before);
    expect((await api.orgs.getTranslation(org, translation.id)).data).toEqual(translation);
    expect(await statusOf(api.orgs.updateTranslation(org, 'no-such-translation', { instructions: { object: 'document', data: {}, nodes: [] } as never }))).toBe(404);
  });

  it('lets members with a role read translations and only admins change them; guests 403, outsiders 404', async () => {
    const admin = server().client();
    const org = server().admin.organization.id;
    const { data: space } = await admin.orgs.createSpace(org, { title: 'Shared' });
    const { data: translation } = await admin.orgs.createTranslation(org, { source: { space: space.id, language: 'en' as never }, language: 'ja' as never });
    const [editor, guest] = [await person(server(), 'editor', 'edit'), await person(server(), 'guest', null)];

    const seen = await editor.api.orgs.getTranslation(org, translation.id);
    expect(seen.data.permissions).toEqual({ view: true, edit: false });
    expect((await editor.api.orgs.listTranslations(org)).data.items.map((item) => item.id)).toContain(translation.id);
    expect(await statusOf(editor.api.orgs.createTranslation(org, { source: { space: space.id, language: 'en' as never }, language: 'ko' as never }))).toBe(403);
    expect(await statusOf(editor.api.orgs.updateTranslation(org, translation.id, { instructions: { object: 'document', data: {}, nodes: [] } as never }))).toBe(403);
    const denied = await server().request('DELETE', `/v1/orgs/${org}/translations/${translation.id}`, { token: editor.token });
    expect(denied.status).toBe(403);
    expect((await errorOf(denied)).message).toMatch(/admin role/);

    expect(await statusOf(guest.api.orgs.listTranslations(org))).toBe(403);
    expect(await statusOf(guest.api.orgs.getTranslation(org, translation.id))).toBe(403);

    const stranger = await server().store.createOrganization({ title: 'Stranger' });
    expect(await statusOf(admin.orgs.listTranslations(stranger.id))).toBe(404);
    expect(await statusOf(admin.orgs.getTranslation(stranger.id, translation.id))).toBe(404);
    // Another organization's admin does not reach this organization's translation through its own.
    const other = await server().tokenFor({ user: `other-${Math.random().toString(36).slice(2, 8)}@example.com`, organization: stranger.id, role: 'admin' });
    expect(await statusOf(server().client(other).orgs.getTranslation(stranger.id, translation.id))).toBe(404);
    expect((await server().client(other).orgs.deleteTranslation(stranger.id, translation.id)).status).toBe(204);
    expect((await admin.orgs.getTranslation(org, translation.id)).data.id).toBe(translation.id);
  });

  it('checked every translation answer against the published schemas', () => {
    expect([...server().validator.operationIds]).toEqual(expect.arrayContaining(['listTranslations', 'createTranslation', 'getTranslation', 'updateTranslation', 'deleteTranslation']));
  });
});
