// bench/openapi/render: what an API reference of 1,000 operations costs (issue 15). Generates a specification
// (`operations` operations over `operations / 2` paths in 10 tags, each with path/query/header parameters, a JSON
// request body or responses whose schemas nest three components deep with a `$ref` cycle), writes it as JSON, then
// (1) loads it through the `quire build` file loader, (2) renders the computed `builtin:openapi` page of it alone
// (planSite + renderSitePage, the chrome included), (3) exports a site holding that page (exportSite, search index
// and all). Prints each time, the page's size, and the peak resident memory of the process.
// Usage: npx tsx bench/openapi/render.ts [operations=1000]
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { exportSite, fileOpenAPILoader, loadOpenAPIDocuments, type OpenAPILoader } from '../../src/export/index.ts';
import { oneSpaceSite, spaceBundle } from '../../src/render/inline-site-fixture.ts';
import { planSite, renderSitePage, srcReference } from '../../src/render/index.ts';

const operations = Number(process.argv[2] ?? 1000);

/** A specification of `count` operations (two per path), ten tags, shared components with a cycle. */
function generateSpec(count: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
  for (let index = 0; index < count / 2; index++) {
    const tag = `Resource ${index % 10}`;
    paths[`/resources${index}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', example: `r${index}` } }],
      get: {
        tags: [tag],
        summary: `Get resource ${index}`,
        description: `Reads **resource ${index}**. See the [guide](https://example.com/guide).`,
        parameters: [
          { name: 'expand', in: 'query', schema: { type: 'string', enum: ['owner', 'children'] } },
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
        ],
        responses: { '200': { description: 'The resource.', content: json('Resource') }, '404': { description: 'Not found.', content: json('Error') } },
      },
      patch: {
        tags: [tag],
        summary: `Update resource ${index}`,
        requestBody: { required: true, content: json('ResourceUpdate') },
        responses: { '200': { description: 'Updated.', content: json('Resource') }, '400': { description: 'Invalid.', content: json('Error') } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Generated API', version: '1.0.0', description: `${count} operations.` },
    servers: [{ url: 'https://api.example.com/v1' }],
    tags: Array.from({ length: 10 }, (_, index) => ({ name: `Resource ${index}`, description: `Resources of kind ${index}.` })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Resource: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string', example: 'Thing' }, owner: { $ref: '#/components/schemas/Owner' }, children: { type: 'array', items: { $ref: '#/components/schemas/Resource' } }, status: { type: 'string', enum: ['active', 'archived'], default: 'active' } } },
        Owner: { type: 'object', properties: { id: { type: 'string' }, address: { $ref: '#/components/schemas/Address' }, resources: { type: 'array', items: { $ref: '#/components/schemas/Resource' } } } },
        Address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' }, country: { type: 'string', pattern: '^[A-Z]{2}$' } } },
        ResourceUpdate: { oneOf: [{ $ref: '#/components/schemas/Resource' }, { type: 'object', properties: { name: { type: 'string' } } }] },
        Error: { type: 'object', properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } } },
      },
    },
  };
}

const summary = `# Table of contents\n\n* [Home](README.md)\n* \`\`\`yaml\n  type: builtin:openapi\n  title: API reference\n  props:\n    models: true\n  dependencies:\n    spec:\n      ref:\n        kind: openapi\n        spec: generated\n  \`\`\`\n`;

const scratch = mkdtempSync(join(tmpdir(), 'quire-bench-openapi-'));
try {
  let started = performance.now();
  const spec = generateSpec(operations);
  writeFileSync(join(scratch, 'openapi.json'), JSON.stringify(spec));
  const generatedMs = performance.now() - started;
  const loader = specFileLoader(scratch);
  const site = oneSpaceSite(spaceBundle({ 'SUMMARY.md': summary, 'README.md': '# Home\n\nThe API.\n' }));

  started = performance.now();
  const plan = planSite(site);
  plan.openapi = await loadOpenAPIDocuments(plan, loader);
  const loadMs = performance.now() - started;
  const index = plan.pages.findIndex((page) => page.kind === 'computed');
  started = performance.now();
  const rendered = renderSitePage(plan, index);
  const renderMs = performance.now() - started;
  const html = rendered.html;

  started = performance.now();
  const result = await exportSite(site, { outDir: join(scratch, 'site'), loadOpenAPIDocument: loader });
  const exportMs = performance.now() - started;

  const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(`specification: ${operations} operations, ${(statSync(join(scratch, 'openapi.json')).size / 1024).toFixed(0)} KiB of JSON (generated in ${generatedMs.toFixed(0)} ms)`);
  console.log(`plan + load (file loader): ${loadMs.toFixed(0)} ms`);
  console.log(`render the computed page: ${renderMs.toFixed(0)} ms, ${(html.length / 2 ** 20).toFixed(1)} MiB of HTML, ${count(/<section class="openapi-operation"/g)} operations, ${count(/<details/g)} <details>`);
  console.log(`exportSite (${result.pages} pages, search index included): ${exportMs.toFixed(0)} ms`);
  console.log(`peak resident memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** The computed page names `spec: generated`: read from the folder through the `quire build` loader. */
function specFileLoader(folder: string): OpenAPILoader {
  const files = fileOpenAPILoader({ main: folder });
  return (reference) => files(reference.kind === 'spec' ? srcReference('openapi.json', 'README.md', 'main') : reference);
}
