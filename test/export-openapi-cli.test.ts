// API reference pages the way users make them: an OpenAPI specification published to the service (as
// `gitbook openapi publish` does, through the official client), pages naming it (an `openapi-operation` block and
// a computed `builtin:openapi` page), the site published, then `quire export --site` run as a child process
// against the server on its socket. The exported pages hold the operations rendered from the stored version.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import MiniSearch from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIndexOptions } from '../src/export/search-index.ts';
import { startConformanceServer, type ConformanceServer } from './conformance/harness.ts';
import { publishOneSpaceSite } from './support/published-site.ts';

const run = promisify(execFile);
const quireBin = join(import.meta.dirname, '..', 'bin', 'quire.js');
const petstore = readFileSync(join(import.meta.dirname, 'fixtures', 'openapi', 'petstore.yaml'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'quire-export-openapi-'));
let server: ConformanceServer;
let siteId: string;

/** Waits for the service to process the specification (a background job). */
async function processed(slug: string): Promise<Record<string, unknown>> {
  const api = server.client();
  for (let attempt = 0; attempt < 200; attempt++) {
    const { data } = await api.orgs.getOpenApiSpecBySlug(server.admin.organization.id, slug);
    if (data.processingState === 'complete') return data as unknown as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`specification ${slug} was not processed`);
}

beforeAll(async () => {
  server = await startConformanceServer('sqlite');
  const api = server.client();
  const created = await api.orgs.createOpenApiSpec(server.admin.organization.id, { slug: 'petstore', source: { text: petstore } });
  expect(created.status).toBe(201);
  expect(await processed('petstore')).not.toHaveProperty('lastProcessErrorCode');
  const computed = { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } };
  siteId = await publishOneSpaceSite(server, [
    { operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown: '# Welcome\n\nThe pet store API.\n' } },
    {
      operation: 'insert_page',
      ref: 'delete',
      title: 'Delete a pet',
      slug: 'delete-a-pet',
      document: { markdown: '# Delete a pet\n\n{% openapi-operation spec="petstore" path="/pets/{petId}" method="delete" %}\n{% endopenapi-operation %}\n' },
    },
    { operation: 'quire_insert_page', ref: 'api', type: 'computed', title: 'API reference', computed } as never,
    {
      operation: 'insert_page',
      ref: 'missing',
      title: 'Missing',
      slug: 'missing',
      document: { markdown: '# Missing\n\n{% openapi-operation spec="no-such-spec" path="/pets" method="get" %}\n{% endopenapi-operation %}\n' },
    },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

function pageHtml(out: string, fragment: string): string {
  const file = readdirSync(out, { recursive: true, encoding: 'utf8' }).find((path) => path.endsWith('index.html') && path.includes(fragment));
  expect(file, `a page under ${fragment} in ${out}`).toBeDefined();
  return readFileSync(join(out, file!), 'utf8');
}

describe('quire export of API reference pages', () => {
  it("renders the organization's specification in blocks and computed pages, and names a missing one", async () => {
    const out = join(work, 'site');
    const { stdout, stderr } = await run(process.execPath, [quireBin, 'export', '--site', siteId, '--out', out, '--api', server.baseUrl, '--token', server.admin.token], {
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 120_000,
    });
    expect(stderr).not.toMatch(/quire: /);
    expect(stdout).toContain('Exported 4 pages');

    const operation = pageHtml(out, 'delete-a-pet');
    expect(operation).toContain('id="operation-delete-pets-petid"');
    expect(operation).toMatch(/Delete a pet/);
    expect(operation).toContain('petId');
    expect(operation).not.toContain('could not be shown');

    const reference = pageHtml(out, 'api-reference');
    for (const summary of ['List pets', 'Add a pet', 'Find a pet', 'Place an order']) expect(reference).toContain(summary);
    expect(reference).toContain('id="operation-get-pets"');
    expect(reference).toContain('circular: Person');
    expect(reference).not.toContain('not part of the static export');

    expect(pageHtml(out, 'missing')).toContain('The OpenAPI specification no-such-spec could not be shown');
    // Offline search finds an operation's summary, on the computed page.
    const script = readFileSync(join(out, 'assets', 'search-index.js'), 'utf8');
    const data = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))) as { index: unknown };
    const index = MiniSearch.loadJS(data.index as never, { ...searchIndexOptions, fields: [...searchIndexOptions.fields], storeFields: [...searchIndexOptions.storeFields] });
    expect(index.search('Place an order').map((result) => result['title'])).toContain('API reference');
  }, 180_000);
});
