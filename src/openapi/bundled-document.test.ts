import { describe, expect, it } from 'vitest';
import { bundledDocument } from './bundled-document.ts';
import { loadSpecFilesystem } from './load-spec-filesystem.ts';
import { isOpenApiProcessingError } from './processing-error.ts';
import { toPublishedFilesystem } from './spec-filesystem.ts';
import { validatedDocument } from './validate-spec.ts';

/** A filesystem read from in-memory files, as a URL spec's would be. */
async function filesystemOf(files: Record<string, string>, entry = 'openapi.yaml') {
  return loadSpecFilesystem(entry, files[entry]!, async (path) => {
    const text = files[path];
    if (text === undefined) throw new Error(`no file ${path}`);
    return text;
  });
}

const multiFile = {
  'openapi.yaml': `openapi: 3.1.0
info: {title: Pets, version: '1'}
paths:
  /pets:
    get:
      parameters:
        - $ref: './parameters.yaml#/limit'
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: './schemas/pet.yaml'}}
  /owners:
    $ref: './paths/owners.yaml'
components:
  schemas:
    Node:
      type: object
      properties:
        next: {$ref: '#/components/schemas/Node'}
`,
  'parameters.yaml': `limit: {name: limit, in: query, schema: {type: integer}}\n`,
  'schemas/pet.yaml': `type: object
properties:
  owner: {$ref: './owner.yaml'}
  parent: {$ref: './pet.yaml'}
  tag: {$ref: '#/definitions/Tag'}
definitions:
  Tag: {type: string}
`,
  'schemas/owner.yaml': `type: object\nproperties:\n  name: {type: string}\n`,
  'paths/owners.yaml': `get:\n  responses:\n    '200':\n      description: ok\n      content:\n        application/json:\n          schema: {$ref: '../schemas/owner.yaml'}\n`,
};

/** The value at a path of keys (undefined when a step is missing). */
function dig(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value);
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

describe('bundledDocument', () => {
  it('brings other files in as components, leaving only internal references, cycles kept as references', async () => {
    const filesystem = await filesystemOf(multiFile);
    expect(filesystem.map((file) => file.filename)).toEqual(['openapi.yaml', 'parameters.yaml', 'schemas/pet.yaml', 'paths/owners.yaml', 'schemas/owner.yaml']);
    const document = bundledDocument(filesystem);
    expect(refsIn(document).every((ref) => ref.startsWith('#/'))).toBe(true);
    expect(dig(document, 'paths', '/pets', 'get', 'parameters', 0)).toEqual({ $ref: '#/components/parameters/limit' });
    expect(dig(document, 'components', 'parameters', 'limit')).toEqual({ name: 'limit', in: 'query', schema: { type: 'integer' } });
    expect(dig(document, 'paths', '/pets', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'items')).toEqual({ $ref: '#/components/schemas/pet' });
    const pet = dig(document, 'components', 'schemas', 'pet');
    expect(dig(pet, 'properties', 'parent')).toEqual({ $ref: '#/components/schemas/pet' }); // a cycle through another file stays a reference
    expect(dig(pet, 'properties', 'tag')).toEqual({ $ref: '#/components/schemas/Tag' }); // the other file's own #/definitions
    expect(dig(document, 'components', 'schemas', 'Tag')).toEqual({ type: 'string' });
    // The same file reached from two folders is one component.
    expect(dig(pet, 'properties', 'owner')).toEqual({ $ref: '#/components/schemas/owner' });
    expect(dig(document, 'paths', '/owners', 'get', 'responses', '200', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/owner' });
    expect(dig(document, 'components', 'schemas', 'Node', 'properties', 'next')).toEqual({ $ref: '#/components/schemas/Node' });
    expect(filesystem[0]!.specification).not.toHaveProperty('components.parameters'); // pure
    expect(bundledDocument(toPublishedFilesystem(filesystem))).toEqual(document); // the content routes' form
    await expect(validatedDocument(filesystem)).resolves.toBeDefined();
  });

  it('upgrades Swagger 2.0 to OpenAPI 3.0 with its definitions as component schemas', async () => {
    const filesystem = await filesystemOf({
      'swagger.json': JSON.stringify({
        swagger: '2.0',
        info: { title: 'Old', version: '1' },
        paths: { '/a': { get: { responses: { '200': { description: 'ok', schema: { $ref: 'a.json' } } } } } },
        definitions: { B: { type: 'object', properties: { self: { $ref: '#/definitions/B' } } } },
      }),
      'a.json': JSON.stringify({ type: 'string' }),
    }, 'swagger.json');
    const document = bundledDocument(filesystem);
    expect(document.openapi).toMatch(/^3\.0/);
    expect(dig(document, 'components', 'schemas', 'B', 'properties', 'self')).toEqual({ $ref: '#/components/schemas/B' });
    expect(dig(document, 'components', 'schemas', 'a')).toEqual({ type: 'string' });
    expect(refsIn(document).every((ref) => ref.startsWith('#/components/'))).toBe(true);
  });
});

describe('validatedDocument', () => {
  it('takes OpenAPI 3.0 and 3.1, in YAML and JSON', async () => {
    const operation = { responses: { '200': { description: 'ok' } } };
    for (const openapi of ['3.0.3', '3.1.0']) {
      const json = JSON.stringify({ openapi, info: { title: 'T', version: '1' }, paths: { '/a': { get: operation } } });
      await expect(validatedDocument(await loadSpecFilesystem('openapi.json', json))).resolves.toMatchObject({ openapi });
      const yaml = `openapi: ${openapi}\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok}\n`;
      await expect(validatedDocument(await loadSpecFilesystem('openapi.yaml', yaml))).resolves.toMatchObject({ openapi });
    }
  });

  it('refuses an invalid document with PARSE_ERROR naming where the problem is', async () => {
    const json = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { descriptio: 'x' } } } } } });
    const error = await validatedDocument(await loadSpecFilesystem('openapi.json', json)).catch((caught: unknown) => caught);
    expect(isOpenApiProcessingError(error) && error.code).toBe('PARSE_ERROR');
    expect(isOpenApiProcessingError(error) && error.problems.map((problem) => problem.message).join('\n')).toContain("/paths/~1a/get/responses/200: must have required property 'description'");
  });

  it('refuses text that is not YAML, or not an OpenAPI document, with PARSE_ERROR', async () => {
    const syntax = await loadSpecFilesystem('openapi.yaml', '{ not: [json').catch((caught: unknown) => caught);
    expect(isOpenApiProcessingError(syntax) && syntax.code).toBe('PARSE_ERROR');
    expect(isOpenApiProcessingError(syntax) && syntax.problems[0]!.message).toMatch(/^openapi\.yaml: .*line 1/);
    const notOpenApi = await validatedDocument(await loadSpecFilesystem('openapi.yaml', 'title: hello\n')).catch((caught: unknown) => caught);
    expect(isOpenApiProcessingError(notOpenApi) && notOpenApi.problems[0]!.code).toBe('NOT_OPENAPI');
  });
});
