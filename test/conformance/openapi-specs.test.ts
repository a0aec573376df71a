// OpenAPI specs (the seed's ten rows and the published PATCH), driven with the official client; every response is
// schema-checked against the published spec. Raw requests only for bad input. Processing runs in the server's
// background; the tests wait for it with the app's processor. URL sources reaching a local server are covered by
// test/openapi-processing.test.ts (this server keeps the public-only SSRF rule).
import { expect, it } from 'vitest';
import { statusOf } from './client-errors.ts';
import { describeConformance, type ConformanceServer } from './harness.ts';

const petsYaml = `openapi: 3.1.0
info: {title: Pets, version: '1'}
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
components:
  schemas:
    Pet: {type: object, properties: {name: {type: string}, parent: {$ref: '#/components/schemas/Pet'}}}
`;

async function settled(server: ConformanceServer): Promise<void> {
  await server.app.quire.openApiProcessor!.idle();
}

async function person(server: ConformanceServer, name: string, role: 'admin' | 'create' | 'edit' | 'read' | null) {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  return server.client(await server.tokenFor({ user: email, organization: server.admin.organization.id, role }));
}

describeConformance('openapi specs', (server) => {
  it('creates a spec from text (201, pending), processes it in the background, and serves its versions and content', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const created = await api.orgs.createOpenApiSpec(org, { slug: 'pets', source: { text: petsYaml } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'openapi-spec', slug: 'pets', visibility: 'private', lastProcessedErrorCount: 0, permissions: { view: true, edit: true } });
    expect(['pending', 'progress', 'complete']).toContain(created.data.processingState);
    expect(created.data.sourceURL).toBeUndefined();
    await settled(server());

    const spec = (await api.orgs.getOpenApiSpecBySlug(org, 'pets')).data;
    expect(spec).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String), lastProcessedAt: expect.any(String) });
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const versions = (await api.orgs.listOpenApiSpecVersions(org, 'pets')).data;
    expect(versions.items.map((version) => version.id)).toEqual([spec.lastVersion]);
    const latest = (await api.orgs.getLatestOpenApiSpecVersion(org, 'pets')).data;
    expect(latest).toMatchObject({ object: 'openapi-spec-version', id: spec.lastVersion });
    expect((await api.orgs.getOpenApiSpecVersionById(org, 'pets', latest.id)).data).toEqual(latest);
    const content = (await api.orgs.getLatestOpenApiSpecVersionContent(org, 'pets')).data;
    expect(content.urls).toEqual({ source: `${latest.urls.location}/content`, public: null });
    expect(content.filesystem).toMatchObject({ 'openapi.yaml': { filename: 'openapi.yaml', isEntrypoint: true, dir: '.', specification: { openapi: '3.1.0', info: { title: 'Pets' } } } });
    expect((await api.orgs.getOpenApiSpecVersionContentById(org, 'pets', latest.id)).data).toEqual(content);

    // The same text again: processed, but no new version.
    const put = await api.orgs.createOrUpdateOpenApiSpecBySlug(org, 'pets', { source: { text: petsYaml } });
    expect(put.status).toBe(200);
    await settled(server());
    expect((await api.orgs.listOpenApiSpecVersions(org, 'pets')).data.count).toBe(1);
    // New text: a new version, newest first.
    await api.orgs.createOrUpdateOpenApiSpecBySlug(org, 'pets', { source: { text: petsYaml.replace('Pets', 'Pets v2') } });
    await settled(server());
    const two = (await api.orgs.listOpenApiSpecVersions(org, 'pets')).data;
    expect(two.count).toBe(2);
    expect(two.items[1]!.id).toBe(spec.lastVersion);
    expect((await api.orgs.listOpenApiSpecVersions(org, 'pets', { limit: 1 })).data.next?.page).toBeDefined();
  });

  it('creates with PUT (201), changes visibility with PATCH, lists with pages, deletes (205, then 204)', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    const created = await api.orgs.createOrUpdateOpenApiSpecBySlug(org, 'alpha', { source: { text: petsYaml } });
    expect(created.status).toBe(201);
    await api.orgs.createOpenApiSpec(org, { slug: 'beta', source: { text: petsYaml } });
    const patched = await api.orgs.updateOpenApiSpecBySlug(org, 'alpha', { visibility: 'public' as never });
    expect(patched.data).toMatchObject({ slug: 'alpha', visibility: 'public' });
    const first = (await api.orgs.listOpenApiSpecs(org, { limit: 1 })).data;
    expect(first.items.map((spec) => spec.slug)).toEqual(['alpha']);
    const rest = (await api.orgs.listOpenApiSpecs(org, { page: first.next!.page })).data;
    expect(rest.items.map((spec) => spec.slug)).toContain('beta');
    await settled(server());
    expect((await api.orgs.deleteOpenApiSpecBySlug(org, 'alpha')).status).toBe(205);
    expect((await api.orgs.deleteOpenApiSpecBySlug(org, 'alpha')).status).toBe(204);
    expect(await statusOf(api.orgs.getOpenApiSpecBySlug(org, 'alpha'))).toBe(404);
    expect(await statusOf(api.orgs.listOpenApiSpecVersions(org, 'alpha'))).toBe(404);
  });

  it('records a failed processing as complete with the published error code and its problems', async () => {
    const api = server().client();
    const org = server().admin.organization.id;
    await api.orgs.createOpenApiSpec(org, { slug: 'broken', source: { text: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {/a: {get: {responses: {'200': {descriptio: x}}}}}\n" } });
    await api.orgs.createOpenApiSpec(org, { slug: 'local', source: { url: 'http://127.0.0.1:9/openapi.yaml' } });
    await settled(server());
    const broken = (await api.orgs.getOpenApiSpecBySlug(org, 'broken')).data;
    expect(broken).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(broken.lastProcessedErrorCount).toBeGreaterThan(0);
    expect(broken.lastProcessedErrors?.map((error) => error.message).join('\n')).toContain("/paths/~1a/get/responses/200: must have required property 'description'");
    expect(await statusOf(api.orgs.getLatestOpenApiSpecVersion(org, 'broken'))).toBe(404);
    // This server only fetches public addresses: the loopback URL is refused by the import's SSRF rule.
    const local = (await api.orgs.getOpenApiSpecBySlug(org, 'local')).data;
    expect(local).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR', sourceURL: 'http://127.0.0.1:9/openapi.yaml' });
    expect(local.lastProcessedErrors?.[0]?.message).toContain('loopback');
  });

  it('refuses bad input with 400 naming the field, a taken slug with 409, and unknown specs and versions with 404', async () => {
    const org = server().admin.organization.id;
    const api = server().client();
    for (const [body, field] of [
      [{ slug: 'Bad_Slug', source: { text: petsYaml } }, 'slug'],
      [{ slug: 'x'.repeat(101), source: { text: petsYaml } }, 'slug'],
      [{ slug: 'ok', source: { text: '' } }, 'source'],
      [{ slug: 'ok', source: { url: 'ftp://example.com/a.yaml' } }, 'source.url'],
      [{ slug: 'ok' }, 'source'],
    ] as const) {
      const response = await server().request('POST', `/v1/orgs/${org}/openapi`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(field);
    }
    const put = await server().request('PUT', `/v1/orgs/${org}/openapi/Not-Valid`, { body: { source: { text: petsYaml } } });
    expect(put.status).toBe(400);
    expect(await server().request('PATCH', `/v1/orgs/${org}/openapi/nope`, { body: { visibility: 'secret' } }).then((response) => response.status)).toBe(400);
    await api.orgs.createOpenApiSpec(org, { slug: 'taken', source: { text: petsYaml } });
    expect(await statusOf(api.orgs.createOpenApiSpec(org, { slug: 'taken', source: { text: petsYaml } }))).toBe(409);
    expect(await statusOf(api.orgs.getOpenApiSpecBySlug(org, 'nope'))).toBe(404);
    expect(await statusOf(api.orgs.updateOpenApiSpecBySlug(org, 'nope', { visibility: 'public' as never }))).toBe(404);
    expect(await statusOf(api.orgs.getOpenApiSpecVersionById(org, 'taken', 'no-such-version'))).toBe(404);
    expect(await statusOf(api.orgs.getOpenApiSpecVersionContentById(org, 'taken', 'no-such-version'))).toBe(404);
    await settled(server());
  });

  it('lets every member read specs, admins and creators write them (edit: true), others not (403), outsiders nothing (404)', async () => {
    const org = server().admin.organization.id;
    await server().client().orgs.createOpenApiSpec(org, { slug: 'shared', source: { text: petsYaml } });
    await settled(server());
    for (const role of ['create', 'edit', 'read', null] as const) {
      const api = await person(server(), `p${role}`, role);
      const spec = (await api.orgs.getOpenApiSpecBySlug(org, 'shared')).data;
      expect(spec.permissions, String(role)).toEqual({ view: true, edit: role === 'create' });
      expect((await api.orgs.listOpenApiSpecs(org)).data.count).toBeGreaterThan(0);
      expect((await api.orgs.getLatestOpenApiSpecVersionContent(org, 'shared')).status).toBe(200);
      if (role === 'create') {
        expect((await api.orgs.createOpenApiSpec(org, { slug: 'by-creator', source: { text: petsYaml } })).status).toBe(201);
        expect((await api.orgs.deleteOpenApiSpecBySlug(org, 'by-creator')).status).toBe(205);
      } else {
        expect(await statusOf(api.orgs.createOpenApiSpec(org, { slug: `by-${String(role)}`, source: { text: petsYaml } }))).toBe(403);
        expect(await statusOf(api.orgs.createOrUpdateOpenApiSpecBySlug(org, 'shared', { source: { text: petsYaml } }))).toBe(403);
        expect(await statusOf(api.orgs.updateOpenApiSpecBySlug(org, 'shared', { visibility: 'public' as never }))).toBe(403);
        expect(await statusOf(api.orgs.deleteOpenApiSpecBySlug(org, 'shared'))).toBe(403);
      }
    }
    const elsewhere = await server().store.createOrganization({ title: 'Elsewhere' });
    const outsiderToken = await server().tokenFor({ user: `out-${Math.random()}@example.com`, organization: elsewhere.id, role: 'admin' });
    expect(await statusOf(server().client(outsiderToken).orgs.getOpenApiSpecBySlug(org, 'shared'))).toBe(404);
    await settled(server());
  });
});
