// Issue 15, "What it must show" 2: two `quire serve` processes over one PostgreSQL database never process one
// specification twice. Twelve specifications given by URL, created half through each process, are each fetched
// once from the local spec server (which counts requests per path) and stored as exactly one version, whichever
// process took them; then a change of one spec's source makes exactly one new version.
import { GitBookAPI } from '@gitbook/api';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Served } from './support/serve-process.ts';
import { useTwoServers } from './support/two-servers.ts';

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;
const skipReason = databaseUrl ? undefined : 'QUIRE_TEST_DATABASE_URL is not set (CI sets it to the machine PostgreSQL server)';
const apiOf = (served: Served) => new GitBookAPI({ endpoint: served.baseUrl, authToken: served.token });

const specText = (title: string) => `openapi: 3.1.0\ninfo: {title: "${title}", version: '1'}\npaths:\n  /items:\n    get:\n      summary: List ${title}\n      responses: {'200': {description: OK}}\n`;

describe.skipIf(skipReason !== undefined)(`OpenAPI processing on two server processes over one PostgreSQL database${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const servers = useTwoServers(databaseUrl!, 'quire-openapi-scale-out-', { env: { QUIRE_IMPORT_ALLOW_HOSTS: '127.0.0.1' } });
  const fetches = new Map<string, number>();
  const versionOf = new Map<string, string>();
  let specServer: Server;
  let origin: string;

  beforeAll(async () => {
    specServer = createServer((request, response) => {
      const path = request.url ?? '/';
      fetches.set(path, (fetches.get(path) ?? 0) + 1);
      const name = path.replace(/^\/|\.yaml$/g, '');
      response.writeHead(200, { 'content-type': 'application/yaml' }).end(specText(`${name} ${versionOf.get(name) ?? 'v1'}`));
    });
    await new Promise<void>((listening) => specServer.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(specServer.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((closed) => specServer.close(closed));
  });

  async function allProcessed(api: GitBookAPI, organization: string, slugs: string[]) {
    for (let attempt = 0; attempt < 600; attempt++) {
      const { data } = await api.orgs.listOpenApiSpecs(organization, { limit: 100 });
      const done = data.items.filter((spec) => slugs.includes(spec.slug) && spec.processingState === 'complete');
      if (done.length === slugs.length) return done;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the specifications were not all processed');
  }

  it('fetches and stores each specification once, whichever process takes it', async () => {
    const [one, two] = [apiOf(servers().one), apiOf(servers().two)];
    const organization = (await one.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const slugs = Array.from({ length: 12 }, (_, index) => `spec-${index}`);
    await Promise.all(slugs.map((slug, index) => (index % 2 === 0 ? one : two).orgs.createOpenApiSpec(organization, { slug, source: { url: `${origin}/${slug}.yaml` } })));

    const processed = await allProcessed(two, organization, slugs);
    expect(processed.every((spec) => spec.lastProcessErrorCode === undefined)).toBe(true);
    for (const slug of slugs) {
      expect(fetches.get(`/${slug}.yaml`), slug).toBe(1);
      expect((await one.orgs.listOpenApiSpecVersions(organization, slug)).data.items, slug).toHaveLength(1);
    }

    // The source changes and is published again through the other process: exactly one new version.
    versionOf.set('spec-3', 'v2');
    await two.orgs.createOrUpdateOpenApiSpecBySlug(organization, 'spec-3', { source: { url: `${origin}/spec-3.yaml` } });
    for (let attempt = 0; attempt < 600; attempt++) {
      if ((await one.orgs.listOpenApiSpecVersions(organization, 'spec-3')).data.items.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await allProcessed(one, organization, ['spec-3']);
    expect((await one.orgs.listOpenApiSpecVersions(organization, 'spec-3')).data.items).toHaveLength(2);
    expect(fetches.get('/spec-3.yaml')).toBe(2);
    const { data: content } = await one.orgs.getLatestOpenApiSpecVersionContent(organization, 'spec-3');
    expect(JSON.stringify(content.filesystem)).toContain('spec-3 v2');
  }, 120_000);
});
