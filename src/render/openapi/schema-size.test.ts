import { describe, expect, it } from 'vitest';
import { isSmallSchema, maxInlineProperties } from './schema-size.ts';

const scalars = (count: number) => ({ type: 'object' as const, properties: Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' as const }])) });

describe('isSmallSchema', () => {
  it('is small: a scalar, an enum, an object of a few scalar properties', () => {
    expect(isSmallSchema({ type: 'string', enum: ['a', 'b'] })).toBe(true);
    expect(isSmallSchema({ type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } })).toBe(true);
    expect(isSmallSchema(scalars(maxInlineProperties))).toBe(true);
  });

  it('is not small: too many properties, or anything that nests', () => {
    expect(isSmallSchema(scalars(maxInlineProperties + 1))).toBe(false);
    expect(isSmallSchema({ type: 'object', properties: { owner: { $ref: '#/components/schemas/Person' } as never } })).toBe(false);
    expect(isSmallSchema({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } })).toBe(false);
    expect(isSmallSchema({ type: 'object', properties: { inner: { type: 'object', properties: {} } } })).toBe(false);
    expect(isSmallSchema({ allOf: [{ type: 'object' }] })).toBe(false);
    expect(isSmallSchema({ type: 'array', items: { type: 'string' } })).toBe(false);
    expect(isSmallSchema({ type: 'object', additionalProperties: { type: 'string' } })).toBe(false);
  });
});
