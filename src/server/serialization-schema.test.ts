import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { PublishedContentSiteSchema } from './schemas/site-profile-shapes.ts';
import { SiteStructureSchema } from './schemas/site-shapes.ts';
import { serializationForm, serializationSchema, unionFreeSerializers } from './serialization-schema.ts';

/** Every union (`anyOf`, `oneOf`) left in a schema, by JSON pointer. */
function unionsIn(node: unknown, path = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => unionsIn(item, `${path}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  const here = 'anyOf' in node || 'oneOf' in node ? [path] : [];
  return [...here, ...Object.entries(node).flatMap(([key, value]) => unionsIn(value, `${path}/${key}`))];
}

const serializerOf = (schema: unknown) => unionFreeSerializers()({}, {})({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const defaultSerializerOf = (schema: unknown) => SerializerSelector()({}, {})({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('serializationSchema', () => {
  it('writes a union of string literals as one string schema with its literals, keeping what is around it', () => {
    const theme = Type.Union([Type.Literal('light'), Type.Literal('dark')], { description: 'The theme' });
    const schema = Type.Object({ theme, tint: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('subtle')])) });
    const rewritten = serializationSchema(schema) as unknown as { properties: Record<string, unknown> };
    expect(rewritten.properties.theme).toEqual({ description: 'The theme', type: 'string', enum: ['light', 'dark'] });
    expect(rewritten.properties.tint).toEqual({ type: 'string', enum: ['none', 'subtle'] });
    expect(unionsIn(rewritten)).toEqual([]);
  });

  it('leaves the schema it was given as it was, and returns it itself when it has nothing to rewrite', () => {
    const schema = Type.Object({ theme: Type.Union([Type.Literal('light'), Type.Literal('dark')]) });
    const before = JSON.stringify(schema);
    serializationSchema(schema);
    expect(JSON.stringify(schema)).toBe(before);
    const plain = Type.Object({ title: Type.String(), count: Type.Integer() });
    expect(serializationSchema(plain)).toBe(plain);
  });

  it('keeps the unions it cannot write without validating: a literal among other types, objects without a required tag of their own', () => {
    const someLiterals = Type.Union([Type.Literal('auto'), Type.Integer()]);
    const dated = Type.Union([Type.String({ format: 'date-time' }), Type.Integer()]);
    const untagged = Type.Union([Type.Object({ kind: Type.Optional(Type.Literal('a')), a: Type.String() }), Type.Object({ kind: Type.Optional(Type.Literal('b')), b: Type.String() })]);
    const sameTag = Type.Union([Type.Object({ type: Type.Literal('a'), a: Type.String() }), Type.Object({ type: Type.Literal('a'), b: Type.String() })]);
    for (const schema of [someLiterals, dated, untagged, sameTag]) expect(serializationSchema(schema)).toBe(schema);
  });

  it('chooses the branch of a union of objects by their required tag, without validating the value against each branch', () => {
    const link = Type.Object({ type: Type.Literal('link'), href: Type.String({ format: 'uri' }) });
    const note = Type.Object({ type: Type.Literal('note'), text: Type.String(), level: Type.Union([Type.Literal('info'), Type.Literal('warning')]) });
    const group = Type.Object({ type: Type.Literal('group'), title: Type.String(), size: Type.Integer() });
    const target = Type.Union([Type.Object({ kind: Type.Literal('page'), page: Type.String() }), Type.Object({ kind: Type.Literal('url'), url: Type.String() })]);
    const schema = Type.Object({ items: Type.Array(Type.Union([link, note, group])), targets: Type.Array(target) });
    const rewritten = serializationSchema(schema);
    expect(unionsIn(rewritten)).toEqual([]);
    const value = {
      items: [
        { type: 'group', title: 'G', size: 2 },
        { type: 'link', href: 'https://example.com/a' },
        { type: 'note', text: 'Careful "here"', level: 'warning' },
      ],
      targets: [
        { kind: 'url', url: 'https://example.com/b' },
        { kind: 'page', page: 'p1' },
      ],
    };
    const written = serializerOf(schema)(value);
    expect(JSON.parse(written)).toEqual(value);
    // The same bytes fastify's own serializer writes from the schema with its unions.
    expect(written).toBe(defaultSerializerOf(schema)(value));
  });

  it('checks a tag through a schema of its own, so that the validator compiles that check and not the whole answer', () => {
    const target = Type.Union([Type.Object({ kind: Type.Literal('page'), page: Type.String() }), Type.Object({ kind: Type.Literal('url'), url: Type.String() })]);
    const form = serializationForm(Type.Object({ target }));
    const rewritten = form.schema as unknown as { properties: { target: { if: { $ref: string } } } };
    const check = form.tagChecks[rewritten.properties.target.if.$ref];
    expect(check).toEqual({ $id: rewritten.properties.target.if.$ref, type: 'object', properties: { kind: { const: 'page' } }, required: ['kind'] });
    expect(Object.keys(form.tagChecks)).toEqual([rewritten.properties.target.if.$ref]);
    // The same tag in another route's schema is the same check.
    expect(serializationForm(Type.Array(target)).tagChecks).toEqual(form.tagChecks);
    // The site structure's two forms are told apart this way too.
    expect(Object.values(serializationForm(SiteStructureSchema).tagChecks).length).toBeGreaterThan(0);
    // A schema without such a union needs none.
    expect(serializationForm(Type.Object({ title: Type.String() })).tagChecks).toEqual({});
  });

  it('writes branches of different types (a page or its id, a value or null) as one schema of several types', () => {
    const pageRef = Type.Object({ object: Type.Literal('page'), id: Type.String(), urls: Type.Object({ location: Type.String() }) });
    const schema = Type.Object({
      changes: Type.Array(Type.Object({ page: Type.Union([pageRef, Type.String()]), cover: Type.Union([Type.Object({ url: Type.String() }), Type.Null()]) })),
    });
    const rewritten = serializationSchema(schema);
    expect(unionsIn(rewritten)).toEqual([]);
    const value = {
      changes: [
        { page: { object: 'page', id: 'p1', urls: { location: 'https://example.com/p1' } }, cover: null },
        { page: 'p2', cover: { url: 'https://example.com/c.png' } },
      ],
    };
    const written = serializerOf(schema)(value);
    expect(JSON.parse(written)).toEqual(value);
    expect(written).toBe(defaultSerializerOf(schema)(value));
    // Two branches of one type, or a number and an integer, stay a union: the type alone does not choose.
    for (const kept of [Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]), Type.Union([Type.Integer(), Type.Number({ minimum: 0 })])]) {
      expect(serializationSchema(kept)).toBe(kept);
    }
  });

  // What the answers of the site routes then hold, in both forms of the structure, is checked against what the
  // service handed over by test/conformance/site-serialization.test.ts.
  it('writes the published site answer and the site structure with no union left to validate', () => {
    expect(unionsIn(serializationSchema(PublishedContentSiteSchema))).toEqual([]);
    expect(unionsIn(serializationSchema(SiteStructureSchema))).toEqual([]);
  });
});
