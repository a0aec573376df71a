import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/*
 * A compile-time guard for the response schemas of sites. Fastify serializes responses with
 * fast-json-stringify, which writes only the properties a schema lists: a field the service returns and the
 * schema forgets disappears from the answer without an error. `shapeOf<T>()(schema)` ties a schema to the
 * service shape `T` it serializes (`PublishedSite`, `PublishedSiteSpace`, ...) and does not compile unless the
 * schema's own type is exactly `T`, so that a field added to the service shape must be added to the schema too.
 * The conformance suite checks the same thing at run time (test/conformance/site-serialization.test.ts).
 */

/** True when A and B are the same type (mutual assignability is not enough: optional vs required counts). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends (<G>() => G extends B ? 1 : 2) ? true : false;

/** What a compiler error shows when a schema and its shape differ: the top-level fields on each side only. */
interface ShapeMismatch<Schema, Shape> {
  'the response schema does not describe the service shape': {
    missingFromSchema: Exclude<keyof Shape, keyof Schema>;
    notInShape: Exclude<keyof Schema, keyof Shape>;
  };
}

/**
 * Types `schema` as the service shape `T`, and refuses to compile unless `Static<typeof schema>` is exactly `T`.
 *
 * @example
 * export const ShareLinkSchema = shapeOf<PublishedShareLink>()(Type.Object({ object: Type.Literal('share-link'), ... }));
 */
export function shapeOf<T>() {
  return <S extends TSchema>(schema: S & (Same<Static<S>, T> extends true ? unknown : ShapeMismatch<Static<S>, T>)): TUnsafe<T> => Type.Unsafe<T>(schema);
}
