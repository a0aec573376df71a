// OpenAPI blocks on both body paths: the fast path (src/render/fast-body) hands them to the same renderer as the
// full path, so a page with an operation block is rendered from the block's document either way, never as text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createBodyContext } from '../body/body-context.ts';
import { bodyHtml } from '../body/body-html.ts';
import { bodySpace } from '../body/body-space.fixture.ts';
import { renderBody } from '../body/render-body.ts';
import { fastBodyTree } from '../fast-body/fast-body-tree.ts';
import type { OpenAPIDocument } from '../openapi/document.ts';

const petstore = parse(readFileSync(new URL('../../../test/fixtures/openapi/petstore.yaml', import.meta.url), 'utf8')) as OpenAPIDocument;
const page = '# Delete a pet\n\n{% openapi-operation spec="petstore" path="/pets/{petId}" method="delete" %}\n{% endopenapi-operation %}\n';
const context = () => createBodyContext(bodySpace({}), 'guides/README.md', 'self', { openapi: { documents: { 'spec:petstore': { document: petstore } }, siteSpaceId: 'main' } });

describe('OpenAPI blocks and the fast body path', () => {
  it('the fast path takes a page with `{% openapi-operation %}` and renders it from its document', () => {
    const fast = context();
    const body = fastBodyTree(page, fast);
    expect(body?.unsafe.map((part) => part.properties.className)).toEqual([['openapi-block']]);
    expect(bodyHtml(body!.tree)).toContain('<section class="openapi-operation" data-method="delete"');
    expect(fast.outline.map((entry) => entry.id)).toEqual(['operation-delete-pets-petid']);
  });

  it('renderBody, fast path allowed, renders the operation from its document with its outline entry', () => {
    const rendered = context();
    const html = bodyHtml(renderBody(page, rendered, '../'));
    expect(html).toMatch(/<div class="openapi-block" data-kind="operation"><section class="openapi-operation" data-method="delete" data-path="\/pets\/{petId}"/);
    expect(html).toContain('<h2 id="operation-delete-pets-petid">');
    expect(html).not.toContain('{%');
    expect(rendered.outline).toEqual([
      { depth: 2, id: 'operation-delete-pets-petid', text: 'Delete a pet', method: 'delete' },
    ]);
  });

  it('ends a page of blocks with the schemas they link to, once each, and not those a block on the page shows', () => {
    const blocks = [
      '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}',
      '{% openapi-operation spec="petstore" path="/pets" method="post" %}\n{% endopenapi-operation %}',
      '{% openapi-schemas spec="petstore" schemas="Person" grouped="false" %}\n{% endopenapi-schemas %}',
    ];
    const rendered = context();
    const html = bodyHtml(renderBody(`# Pets\n\n${blocks.join('\n\n')}\n`, rendered, '../'));
    const shown = [...html.matchAll(/<section class="openapi-schema" data-schema="(\w+)">/g)].map((match) => match[1]);
    // Person from its block; Pet and NewPet (linked by the operations) at the end, after "Referenced schemas".
    expect(shown).toEqual(['Person', 'Pet', 'NewPet']);
    expect(html.indexOf('<h2 id="referenced-schemas">Referenced schemas')).toBeGreaterThan(html.indexOf('data-schema="Person"'));
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    const links = [...html.matchAll(/<a class="schema-link" href="#([^"]+)">/g)].map((match) => match[1]);
    expect(new Set(links)).toEqual(new Set(['schema-pet', 'schema-newpet', 'schema-person']));
    for (const link of links) expect(ids).toContain(link);
    expect(rendered.outline.map((entry) => entry.id)).toEqual(expect.arrayContaining(['referenced-schemas', 'schema-pet', 'schema-newpet']));
  });

  it('adds nothing to a page whose blocks link to no schema', () => {
    const html = bodyHtml(renderBody(page, context(), '../'));
    expect(html).not.toContain('Referenced schemas');
    expect(html).not.toContain('schema-link');
  });
});
