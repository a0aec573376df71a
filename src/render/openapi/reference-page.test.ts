import { readFileSync } from 'node:fs';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bodyHtml } from '../body/body-html.ts';
import { hastText } from '../body/node-text.ts';
import { curlSample, fetchSample, pythonSample, sampleRequest } from './code-samples.ts';
import type { OpenAPIDocument } from './document.ts';
import { listOperations } from './operations.ts';
import { plainRenderContext } from './render-context.ts';
import { referencePage } from './reference-page.ts';
import { maxSchemaDepth, schemaTree } from './schema-tree.ts';

const petstore = parse(readFileSync(new URL('../../../test/fixtures/openapi/petstore.yaml', import.meta.url), 'utf8')) as OpenAPIDocument;

/** Rendered to HTML and read back: what a browser would see. */
function page(document: OpenAPIDocument): Root {
  return fromHtml(bodyHtml({ type: 'root', children: [referencePage(plainRenderContext(document))] }), { fragment: true });
}

const texts = (tree: Root | Element, selector: string) => selectAll(selector, tree).map((node) => hastText({ type: 'root', children: [node] }).trim());

describe('referencePage', () => {
  const tree = page(petstore);

  it('groups operations under their tags, each with a stable anchor and method badge', () => {
    expect(texts(tree, 'section.openapi-tag > h2')).toEqual(['pets', 'store']);
    expect(selectAll('section.openapi-tag[data-tag="pets"] section.openapi-operation', tree).map((node) => (node as { properties: { id?: string } }).properties && select('h3', node)!.properties.id)).toEqual([
      'operation-get-pets',
      'operation-post-pets',
      'operation-get-pets-petid',
      'operation-delete-pets-petid',
    ]);
    expect(select('#operation-get-pets .http-method[data-method="get"]', tree)).toBeDefined();
    expect(select('section[data-deprecated="true"] .openapi-deprecated', tree)).toBeDefined();
  });

  it('renders descriptions as Markdown', () => {
    expect(select('section.openapi-operation[data-path="/pets"][data-method="get"] .openapi-description em', tree)).toBeDefined();
    expect(select('.openapi-info strong', tree)).toBeDefined();
  });

  it('groups parameters by location with required marks', () => {
    const list = select('section.openapi-operation[data-path="/pets"][data-method="get"]', tree)!;
    expect(selectAll('.openapi-parameters', list).map((node) => node.properties.dataIn)).toEqual(['query', 'header']);
    expect(select('.openapi-parameters[data-in="query"] .schema-property[data-required="true"] .schema-name', list)).toBeDefined();
    const one = select('section.openapi-operation[data-path="/pets/{petId}"][data-method="delete"]', tree)!;
    expect(selectAll('.openapi-parameters', one).map((node) => node.properties.dataIn)).toEqual(['path', 'cookie']);
  });

  it('shows the request body per media type: a large component as a link to its model, a small one in place', () => {
    const add = select('section.openapi-operation[data-path="/pets"][data-method="post"]', tree)!;
    expect(selectAll('.openapi-request-body .openapi-media', add).map((node) => node.properties.dataMediaType)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    // Pet (allOf with a nested Person) is linked, not drawn: its rows are under its model.
    const json = select('.openapi-media[data-media-type="application/json"]', add)!;
    expect(texts(json, '.schema-facts a.schema-link')).toEqual(['Pet']);
    expect(select('a.schema-link', json)!.properties.href).toBe('#schema-pet');
    expect(selectAll('.schema-property', json)).toHaveLength(0);
    // NewPet (two scalar properties) is shown in place too, with its enums and defaults, beside its link.
    const form = select('.openapi-media[data-media-type="application/x-www-form-urlencoded"]', add)!;
    expect(texts(form, '.schema-facts a.schema-link')).toEqual(['NewPet']);
    expect(texts(form, '.schema-property .schema-name')).toEqual(['name', 'status']);
    expect(texts(add, '.schema-facts li')).toEqual(expect.arrayContaining(['Enum: available, pending, sold', 'Default: available']));
    expect(texts(add, '.openapi-security li')[0]).toContain('petstore_auth OAuth 2.0 (scopes: write:pets)');
  });

  it('merges the object members of an allOf into one property list, required marks included', () => {
    const pet = select('section.openapi-schema[data-schema="Pet"] .schema-tree', tree)!;
    expect(select('.schema-composition', pet)).toBeUndefined();
    const rows = selectAll(':scope > .schema-properties > li.schema-property', pet);
    expect(rows.map((row) => texts(row, '.schema-name')[0])).toEqual(['name', 'status', 'id', 'owner']);
    expect(rows.map((row) => row.properties.dataRequired)).toEqual(['true', undefined, undefined, undefined]);
    // owner is a Person: linked to its model, not expanded under Pet.
    expect(select('a.schema-link', rows[3]!)!.properties.href).toBe('#schema-person');
    expect(select('details', rows[3]!)).toBeUndefined();
    const gift = select('section.openapi-schema[data-schema="GiftOrder"] .schema-tree', tree)!;
    expect(texts(gift, ':scope > .schema-properties > li .schema-name')).toEqual(['petId', 'quantity', 'message']);
  });

  it('shows oneOf variants by name, responses per status, webhooks and security schemes', () => {
    const order = select('section.openapi-operation[data-path="/store/orders"]', tree)!;
    const oneOf = select('.schema-composition[data-kind="oneOf"]', order)!;
    // Order is small: it opens in place; GiftOrder (an allOf) is a link to its model.
    expect(texts(oneOf, ':scope > ol > li > details > summary')).toEqual(['Order']);
    expect(texts(oneOf, ':scope > ol > li > .schema-row a.schema-link')).toEqual(['GiftOrder']);
    const add = select('section.openapi-operation[data-path="/pets"][data-method="post"]', tree)!;
    expect(selectAll('.openapi-response', add).map((node) => node.properties.dataStatus)).toEqual(['201', '400']);
    expect(select('.openapi-response[data-status="201"] > details[open]', add)).toBeDefined();
    expect(select('.openapi-response[data-status="400"] > details[open]', add)).toBeUndefined();
    expect(select('section.openapi-webhooks #webhook-post-newpet', tree)).toBeDefined();
    expect(texts(tree, '.openapi-security-schemes dt')).toEqual(['api_key API key in header X-Api-Key', 'petstore_auth OAuth 2.0']);
    expect(texts(tree, 'section.openapi-models > section.openapi-schema > h3')).toEqual(['NewPet', 'Pet', 'Person', 'Order', 'GiftOrder']);
  });

  it('draws each component once, in Models, and every link of the page has its target', () => {
    const ids = new Set(selectAll('[id]', tree).map((node) => node.properties.id));
    const links = selectAll('a.schema-link', tree).map((node) => String(node.properties.href));
    expect(links.length).toBeGreaterThan(5);
    for (const href of links) expect(ids).toContain(href.slice(1));
    expect(selectAll('section.openapi-schema', tree).map((node) => node.properties.dataSchema)).toEqual(['NewPet', 'Pet', 'Person', 'Order', 'GiftOrder']);
  });

  it('without Models, ends with the schemas its operations link to, and those they link to in turn', () => {
    const without = fromHtml(bodyHtml({ type: 'root', children: [referencePage(plainRenderContext(petstore), { models: false })] }), { fragment: true });
    expect(texts(without, 'section.openapi-models > h2')).toEqual(['Referenced schemas']);
    // Order is linked from the oneOf (shown in place there, being small); Person only from Pet's model.
    expect(texts(without, 'section.openapi-models > section.openapi-schema > h3')).toEqual(['Pet', 'NewPet', 'Order', 'GiftOrder', 'Person']);
    const ids = new Set(selectAll('[id]', without).map((node) => node.properties.id));
    for (const link of selectAll('a.schema-link', without)) expect(ids).toContain(String(link.properties.href).slice(1));
  });

  it('stops at a $ref cycle with "circular: Name", in a model and in an inline schema', () => {
    const person = select('section.openapi-schema[data-schema="Person"]', tree)!;
    expect(texts(person, '.schema-circular')).toEqual(['circular: Person']);
    // A cycle through a pointer that is not a named component is followed in place until it closes.
    const document = { ...petstore, 'x-node': { type: 'object', properties: { label: { type: 'string' }, next: { $ref: '#/x-node' } } } } as unknown as OpenAPIDocument;
    const html = bodyHtml({ type: 'root', children: [schemaTree(plainRenderContext(document), { type: 'object', properties: { head: { $ref: '#/x-node' } } })] });
    expect(html).toContain('circular: x-node');
    expect(html).not.toContain('schema-link');
  });

  it('caps the nesting of a schema without cycles', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < maxSchemaDepth + 5; level++) schema = { type: 'object', properties: { next: schema } };
    const tree = schemaTree(plainRenderContext(petstore), schema);
    const html = bodyHtml({ type: 'root', children: [tree] });
    expect(html).toContain(`nested deeper than ${maxSchemaDepth} levels`);
    expect(html.match(/class="schema-property"/g)).toHaveLength(maxSchemaDepth);
  });

  it('generates code samples from the operation: server, path parameters, query, body', () => {
    const at = listOperations(petstore).find((entry) => entry.method === 'post' && entry.path === '/pets')!;
    const request = sampleRequest(petstore, at.path, at.method, at.pathItem, at.operation);
    expect(request.url).toBe('https://eu.petstore.example.com/v1/pets');
    // allOf merged; Person → pets (Pet) is a cycle, left out of the example.
    expect(JSON.parse(request.body!.text)).toEqual({ name: 'Rex', status: 'available', id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', owner: { name: 'string', pets: [] } });
    expect(curlSample(request)).toContain(`curl -X POST 'https://eu.petstore.example.com/v1/pets'`);
    expect(fetchSample(request)).toContain('method: "POST"');
    expect(pythonSample(request)).toContain('requests.post("https://eu.petstore.example.com/v1/pets", headers={"Content-Type": "application/json"}, json={"name": "Rex"');
    const one = listOperations(petstore).find((entry) => entry.method === 'get' && entry.path === '/pets/{petId}')!;
    expect(sampleRequest(petstore, one.path, one.method, one.pathItem, one.operation).url).toBe('https://eu.petstore.example.com/v1/pets/rex');
    const list = listOperations(petstore).find((entry) => entry.method === 'get' && entry.path === '/pets')!;
    expect(sampleRequest(petstore, list.path, list.method, list.pathItem, list.operation).url).toBe('https://eu.petstore.example.com/v1/pets?limit=20');
  });

  it('renders a generated 1,000-operation specification, every operation once', () => {
    const paths: Record<string, unknown> = {};
    for (let index = 0; index < 500; index++) {
      const tag = `tag${index % 10}`;
      paths[`/items${index}/{id}`] = {
        get: { tags: [tag], summary: `Get item ${index}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } } },
        post: { tags: [tag], summary: `Update item ${index}`, requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } }, responses: { '204': { description: 'done' } } },
      };
    }
    const big = { openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths, components: { schemas: { Item: { type: 'object', properties: { id: { type: 'string' }, parent: { $ref: '#/components/schemas/Item' } } } } } } as OpenAPIDocument;
    const tree = page(big);
    expect(selectAll('section.openapi-operation', tree)).toHaveLength(1000);
    expect(selectAll('section.openapi-tag', tree)).toHaveLength(10);
    expect(new Set(selectAll('section.openapi-operation > h3', tree).map((node) => node.properties.id)).size).toBe(1000);
    // Item's tree is drawn once, in Models; the 1,000 operations link to it.
    expect(selectAll('section.openapi-schema', tree)).toHaveLength(1);
    expect(selectAll('section.openapi-operation a.schema-link[href="#schema-item"]', tree)).toHaveLength(1000);
    expect(texts(tree, 'section.openapi-operation .schema-name')).not.toContain('parent');
  });
});
