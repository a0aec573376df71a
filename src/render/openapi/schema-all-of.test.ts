import { describe, expect, it } from 'vitest';
import type { OpenAPIDocument } from './document.ts';
import { mergeAllOf } from './schema-all-of.ts';

const document = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  components: {
    schemas: {
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, kind: { type: 'string' } } },
      Named: { allOf: [{ $ref: '#/components/schemas/Base' }, { required: ['name'], properties: { name: { type: 'string' } } }] },
      Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }] },
      Text: { type: 'string' },
    },
  },
} as unknown as OpenAPIDocument;

const names = (merged: ReturnType<typeof mergeAllOf>) => merged?.properties.map((property) => property.name);

describe('mergeAllOf', () => {
  it('merges members through $refs and nested allOfs, in order, with every member’s required names', () => {
    const merged = mergeAllOf(document, { allOf: [{ $ref: '#/components/schemas/Named' }, { type: 'object', properties: { age: { type: 'integer' } } }] }, []);
    expect(names(merged)).toEqual(['id', 'kind', 'name', 'age']);
    expect([...merged!.required]).toEqual(['id', 'name']);
    // Properties of a member read below its `$ref`: a cycle under them is seen from there.
    expect(merged!.properties[0]!.path).toEqual(['#/components/schemas/Named', '#/components/schemas/Base']);
  });

  it('lets a later member replace a property in place, and keeps the schema’s own properties after the members', () => {
    const merged = mergeAllOf(document, { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { kind: { type: 'string', enum: ['a'] } } }], properties: { extra: { type: 'boolean' } } }, []);
    expect(names(merged)).toEqual(['id', 'kind', 'extra']);
    expect(merged!.properties[1]!.schema).toEqual({ type: 'string', enum: ['a'] });
  });

  it('merges nothing when a member is not an object, closes a cycle, or there is no allOf', () => {
    expect(mergeAllOf(document, { allOf: [{ $ref: '#/components/schemas/Base' }, { $ref: '#/components/schemas/Text' }] }, [])).toBeUndefined();
    expect(mergeAllOf(document, { allOf: [{ $ref: '#/components/schemas/Base' }, { oneOf: [{ type: 'string' }] }] }, [])).toBeUndefined();
    expect(mergeAllOf(document, { allOf: [{ $ref: '#/components/schemas/Loop' }] }, [])).toBeUndefined();
    expect(mergeAllOf(document, { type: 'object', properties: { id: { type: 'string' } } }, [])).toBeUndefined();
  });
});
