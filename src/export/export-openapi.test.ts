// An export whose pages render API references (src/export/export-openapi-fixture.ts): every OpenAPI block, a
// computed `builtin:openapi` page, a page naming a specification that cannot be loaded.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import MiniSearch from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, type ExportSummary } from './export-site.ts';
import { fixtureOpenAPILoader, openapiSite } from './export-openapi-fixture.ts';
import { searchIndexOptions } from './search-index.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-export-openapi-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

describe('exportSite with OpenAPI reference pages', () => {
  const outDir = join(scratch, 'site');
  let summary: ExportSummary;
  let files: string[];
  const page = (path: string) => readFileSync(join(outDir, path), 'utf8');
  /** The page file whose title is `title`. */
  const pageTitled = (title: string) => {
    const found = files.filter((file) => file.endsWith('.html')).find((file) => page(file).includes(`<h1 class="page-title">${title}</h1>`));
    if (!found) throw new Error(`no page titled ${title} in ${files.join(', ')}`);
    return page(found);
  };
  const outlineOf = (html: string) => /<aside class="outline"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';

  beforeAll(async () => {
    summary = await exportSite(openapiSite(), { outDir, loadOpenAPIDocument: fixtureOpenAPILoader });
    files = listFiles(outDir);
  }, 60_000);

  it('renders `openapi src` from a local file, with its anchor, and lists the operation in the outline', () => {
    expect(summary.pages).toBeGreaterThanOrEqual(7);
    const html = pageTitled('List pets');
    expect(html).toMatch(/<section class="openapi-operation" data-method="get" data-path="\/pets">/);
    expect(html).toContain('<h2 id="operation-get-pets">');
    expect(html).toContain('class="openapi-parameters" data-in="query"');
    expect(html).toContain('class="openapi-samples"');
    expect(html).not.toContain('openapi-unavailable');
    expect(outlineOf(html)).toContain('<a href="#operation-get-pets"><span class="http-method outline-method" data-method="get">GET</span>List pets</a>');
  });

  it('renders `openapi-operation`, `openapi-schemas` and `openapi-webhook` from the specification of the organization', () => {
    const remove = pageTitled('Delete a pet');
    expect(remove).toContain('<h2 id="operation-delete-pets-petid">');
    expect(remove).toContain('class="openapi-parameters" data-in="path"');
    const models = pageTitled('Models');
    // Pet and Order from the block, then Person, which Pet's owner links to, at the end of the page.
    expect([...models.matchAll(/<section class="openapi-schema" data-schema="(\w+)">/g)].map((match) => match[1])).toEqual(['Pet', 'Order', 'Person']);
    expect(models).toContain('<h3 id="schema-pet">');
    expect(models).toContain('<a class="schema-link" href="#schema-person">Person</a>');
    expect(models).toContain('<h2 id="referenced-schemas">');
    expect(models).toContain('circular: Person');
    const webhook = pageTitled('New pet');
    expect(webhook).toContain('<h2 id="webhook-post-newpet">');
    expect(webhook).toContain('Payload');
    expect(webhook).not.toContain('class="openapi-samples"');
  });

  it('renders the computed page as the whole specification grouped by tag, its outline listing every operation with its method', () => {
    const html = pageTitled('Petstore API');
    expect([...html.matchAll(/<section class="openapi-tag" data-tag="(\w+)">/g)].map((match) => match[1])).toEqual(['pets', 'store']);
    const anchors = [...html.matchAll(/<section class="openapi-operation"[^>]*><h3 id="([^"]+)">/g)].map((match) => match[1]);
    expect(anchors).toEqual(['operation-get-pets', 'operation-post-pets', 'operation-get-pets-petid', 'operation-delete-pets-petid', 'operation-post-store-orders', 'webhook-post-newpet']);
    const outline = outlineOf(html);
    for (const id of anchors) expect(outline).toContain(`href="#${id}"`);
    expect(outline).toContain('<span class="http-method outline-method" data-method="delete">DELETE</span>Delete a pet');
    expect(html).toContain('<h2 id="models">');
  });

  it('shows a method badge in the sidebar for pages that are one operation, and none for other pages', () => {
    const nav = files.filter((file) => /^assets\/nav-.*\.js$/.test(file)).map(page).join('\n');
    const line = nav.split('\n')[0]!;
    const tree = JSON.parse(line.slice(line.indexOf(']=') + 2, line.lastIndexOf(';'))) as Array<{ t: string; m?: string }>;
    expect(Object.fromEntries(tree.map((item) => [item.t, item.m ?? null]))).toEqual({
      Home: null,
      'List pets': 'get',
      'Delete a pet': 'delete',
      Models: null,
      'New pet': null,
      Broken: 'get',
      'Petstore API': null,
    });
  });

  it('puts operations into the search index', () => {
    const script = page('assets/search-index.js');
    const data = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))) as { index: unknown };
    const index = MiniSearch.loadJS(data.index as never, { ...searchIndexOptions, fields: [...searchIndexOptions.fields], storeFields: [...searchIndexOptions.storeFields] });
    const titles = (query: string) => index.search(query).map((result) => result['title'] as string);
    expect(titles('Place an order')).toContain('Petstore API');
    expect(titles('petId')).toEqual(expect.arrayContaining(['Delete a pet', 'Petstore API']));
  });

  it('shows a readable fallback naming a specification that cannot be loaded', () => {
    const html = pageTitled('Broken');
    expect(html).toContain('The OpenAPI specification missing-spec could not be shown: not found.');
    expect(html).toContain('class="openapi-unavailable hint"');
  });
});
