import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileText, invalidValue, validValue, type JsonSchema, type SchemaObject } from './schema-arbitrary.ts';

// The same Ajv settings as the app (build-app.ts): no coercion, no stripping.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, strict: false });
addFormats(ajv);

const entityId = { type: 'string', pattern: '^[a-zA-Z0-9_-]+$', minLength: 1, maxLength: 128 };
const components: Record<string, SchemaObject> = {
  Position: { type: 'object', required: ['type', 'id'], properties: { type: { type: 'string', const: 'page' }, id: entityId }, additionalProperties: false },
  Titled: { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S.*\\S' } } },
  Tree: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 8 }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
};
const resolve = (ref: string): JsonSchema | undefined => components[ref.split('/').pop()!];

const cases: Record<string, SchemaObject> = {
  'an id': entityId,
  'a pattern longer than the usual strings': { type: 'string', pattern: '^[0-9a-f]{64}$' },
  'a bounded integer': { type: 'integer', minimum: 1, maximum: 1000 },
  'a number': { type: 'number', minimum: 0 },
  'an enum': { type: 'string', enum: ['live', 'locked'] },
  'a nullable string (type array)': { type: ['string', 'null'], minLength: 3, maxLength: 10 },
  'a union of constants': { anyOf: [{ type: 'string', const: 'git' }, { type: 'string', const: 'service' }] },
  'a closed object': {
    type: 'object',
    required: ['organization', 'limit'],
    properties: { organization: entityId, limit: { type: 'integer', minimum: 1, maximum: 5 }, tags: { type: 'array', items: { type: 'string', maxLength: 3 }, minItems: 1, maxItems: 3 } },
    additionalProperties: false,
  },
  'an object needing some properties': { type: 'object', minProperties: 1, properties: { a: { type: 'boolean' }, b: { type: 'null' } }, additionalProperties: false },
  'a free object': { type: 'object', additionalProperties: true },
  'a map keyed by locale': { type: 'object', additionalProperties: { type: 'string', maxLength: 5 }, propertyNames: { type: 'string', enum: ['en', 'fr'] } },
  'references, allOf and nullable': {
    type: 'object',
    required: ['position'],
    properties: { position: { $ref: '#/components/schemas/Position' }, both: { allOf: [{ $ref: '#/components/schemas/Titled' }, { type: 'object', properties: { n: { type: 'integer', nullable: true } } }] } },
  },
  'a recursive reference': { $ref: '#/components/schemas/Tree' },
  'a published-style oneOf': { oneOf: [{ $ref: '#/components/schemas/Position' }, { type: 'string', enum: ['first', 'last'] }] },
};

/** The schema with its `$ref`s inlined into `definitions`, for Ajv. */
function forAjv(schema: SchemaObject): SchemaObject {
  const text = JSON.stringify(schema).replaceAll('#/components/schemas/', '#/definitions/');
  const definitions = JSON.parse(JSON.stringify(components).replaceAll('#/components/schemas/', '#/definitions/')) as object;
  return { ...(JSON.parse(text) as SchemaObject), definitions };
}

function normalizeNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalizeNullable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema).filter(([key]) => key !== 'nullable').map(([key, value]) => [key, normalizeNullable(value)] as const);
  const result = Object.fromEntries(entries) as SchemaObject;
  return (schema as SchemaObject).nullable === true ? { anyOf: [result, { type: 'null' }] } : result;
}

describe('schema arbitraries', () => {
  for (const [name, schema] of Object.entries(cases)) {
    const validate = ajv.compile(normalizeNullable(forAjv(schema)) as object);

    it(`${name}: every valid value is accepted`, () => {
      fc.assert(
        fc.property(validValue(schema, { resolve }), (value) => {
          if (!validate(value)) expect.fail(`${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
        }),
        { seed: 12, numRuns: 150 },
      );
    });

    it(`${name}: every invalid value is refused`, () => {
      const refused = invalidValue(schema, { resolve });
      expect(refused, 'a schema with rules has invalid values').toBeDefined();
      fc.assert(fc.property(refused!, (value) => !validate(value)), { seed: 12, numRuns: 150 });
    });
  }

  it('has no invalid values for a schema that accepts everything', () => {
    expect(invalidValue({})).toBeUndefined();
    expect(invalidValue(true)).toBeUndefined();
  });

  it('stops a recursive reference at the depth asked for', () => {
    const depth = (tree: { children?: unknown[] }): number => 1 + Math.max(0, ...((tree.children ?? []) as Array<{ children?: unknown[] }>).map(depth));
    for (const tree of fc.sample(validValue(cases['a recursive reference']!, { resolve, maxDepth: 2 }), { seed: 3, numRuns: 100 })) {
      expect(depth(tree as { children?: unknown[] })).toBeLessThanOrEqual(3);
    }
  });

  it('draws the given text for strings without rules', () => {
    const values = fc.sample(validValue({ type: 'object', required: ['title'], properties: { title: { type: 'string' } } }, { text: fc.constant('\uD800') }), { seed: 1, numRuns: 5 });
    expect(values).toEqual(Array(5).fill({ title: '\uD800' }));
  });

  it('hostile text includes unpaired surrogates, control characters, path tricks and long runs', () => {
    const sample = new Set(fc.sample(hostileText(), { seed: 7, numRuns: 2000 }));
    expect(sample).toContain('\uD800');
    expect(sample).toContain('a\u0000b');
    expect(sample).toContain('%2e%2e');
    expect([...sample].some((text) => text.length >= 5000)).toBe(true);
  });
});
