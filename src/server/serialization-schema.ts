import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/*
 * Response schemas as the serializer reads them. fast-json-stringify writes a union (`anyOf`) by validating the
 * value against each branch with ajv, and compiles those validators the first time a route answers: the first
 * `GET .../sites/{siteId}/published` after a start took 0.27-0.29 s (2.7 ms after), nearly all of it compiling
 * the validators of its sixteen unions of string literals (a customization's `theme`, `tint`, `corners`...) and
 * of the two forms of the site structure; `quire export --site` waits for that answer before anything else. Each
 * answer of a sync batch validated every change's `page` (a page reference, or an id) against the reference.
 *
 * For the serializer, unions it can write without validating are rewritten (404 unions in the response schemas
 * of 125 route answers; 10 are left):
 * - a union of string literals is a JSON string whatever the branch: one string schema listing the literals;
 * - a union of objects that each require their own constant `object`, `type` or `kind` (the published shapes' tags):
 *   `if` the tag is the first branch's `then` that branch `else` the others, one small check instead of a
 *   validation of the whole value against each branch. The `if` is a `$ref` to a schema of its own holding only
 *   that check (`serializationForm`'s `tagChecks`, given to the serializer with the shared schemas): fast-json-stringify validates
 *   an inline `if` through a JSON pointer into the route's schema, and ajv then compiles the whole schema it sits
 *   in, 50-70 ms at the first `/published` after a start for the site structure's two forms;
 * - branches of different JSON types (a reference or its id, a value or null): one schema of several types,
 *   which the serializer tells apart with `typeof`.
 * The route schemas themselves keep their unions (the TypeScript types, the request validators and the published
 * shapes are untouched). What changes is only what a value outside the types would do: it is written by the
 * branch its tag or type points to instead of failing the answer.
 */

type Json = Record<string, unknown>;

/** Keywords that only describe a schema: a literal branch may carry them and still be a plain literal. */
const annotations = new Set(['description', 'title', '$comment', 'examples', 'deprecated']);

/** The fields that tell the branches of a union of objects apart, in the published shapes. */
const discriminators = ['object', 'type', 'kind'];

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The literal a union branch stands for, when it is a string literal (`{ type: 'string', const: 'dark' }`). */
function stringLiteral(branch: unknown): string | undefined {
  if (!isJson(branch) || typeof branch.const !== 'string') return undefined;
  if (branch.type !== undefined && branch.type !== 'string') return undefined;
  return Object.keys(branch).every((key) => key === 'const' || key === 'type' || annotations.has(key)) ? branch.const : undefined;
}

/**
 * `schema` with the unions the serializer can write without validating rewritten as above; the schema itself (not
 * a copy) when it has none.
 *
 * @example
 * serializationSchema({ anyOf: [{ type: 'string', const: 'light' }, { type: 'string', const: 'dark' }] })
 * // → { type: 'string', enum: ['light', 'dark'] }
 */
export function serializationSchema<S>(schema: S): S {
  return serializationForm(schema).schema;
}

/**
 * `serializationSchema`, with the tag checks its `if`s refer to, by `$id`: the schemas the serializer must be
 * given besides the shared ones.
 *
 * @example
 * serializationForm(SiteStructureSchema).tagChecks
 * // → { 'quire-serialization-tag-object-73697465…': { $id: …, type: 'object', properties: { object: { const: 'site-section' } }, required: ['object'] } }
 */
export function serializationForm<S>(schema: S): { schema: S; tagChecks: Record<string, Json> } {
  const tagChecks: Record<string, Json> = {};
  const rewritten = rewrite(schema, tagChecks);
  return { schema: (rewritten === undefined ? schema : rewritten) as S, tagChecks };
}

/** The rewritten node, or undefined when nothing under it changes (so unchanged parts are shared, not copied). */
function rewrite(node: unknown, tagChecks: Record<string, Json>): unknown {
  if (Array.isArray(node)) {
    const items = node.map((item) => rewrite(item, tagChecks));
    return items.every((item) => item === undefined) ? undefined : items.map((item, index) => (item === undefined ? node[index] : item));
  }
  if (!isJson(node)) return undefined;
  let changed: Json | undefined;
  for (const [key, value] of Object.entries(node)) {
    const next = rewrite(value, tagChecks);
    if (next !== undefined) (changed ??= { ...node })[key] = next;
  }
  const current = changed ?? node;
  const branches = current.anyOf;
  if (!Array.isArray(branches) || branches.length === 0) return changed;
  const { anyOf: _union, ...siblings } = current;
  const literals = branches.map(stringLiteral);
  if (literals.every((literal) => literal !== undefined)) return { ...siblings, type: 'string', enum: literals };
  const field = discriminatorOf(branches);
  if (field !== undefined) return { ...siblings, ...chooseByField(field, branches as Json[], tagChecks) };
  const byType = oneSchemaOfTypes(branches);
  return byType === undefined ? changed : { ...siblings, ...byType };
}

/**
 * Keywords the serializer reads for one type only (an object's properties, an array's items) or not at all (the
 * bounds), so that in a schema of several types they still apply to their own. `const`, `enum` and `format`
 * would be read for every type, and keep the union.
 */
const typeScopedKeywords = new Set(['properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minProperties', 'maxProperties']);

/**
 * Branches of different JSON types (an object or its id as a string, a value or null), as one schema listing the
 * types, with each branch's keywords: the serializer tells them apart by the value's type (`typeof`, null,
 * `Array.isArray`). Only where each branch has a type of its own and only keywords of that type (no union, no
 * reference, no `const`), no keyword is in two branches, and `number` and `integer` are not both there (a whole
 * number is either).
 */
function oneSchemaOfTypes(branches: readonly unknown[]): Json | undefined {
  const types: string[] = [];
  const merged: Json = {};
  for (const branch of branches) {
    if (!isJson(branch) || typeof branch.type !== 'string' || types.includes(branch.type)) return undefined;
    types.push(branch.type);
    for (const [key, value] of Object.entries(branch)) {
      if (key === 'type' || annotations.has(key)) continue;
      if (!typeScopedKeywords.has(key) || key in merged) return undefined;
      merged[key] = value;
    }
  }
  if (types.includes('number') && types.includes('integer')) return undefined;
  return { ...merged, type: types };
}

/**
 * The field every branch requires with a string constant of its own (one of `discriminators`), when there is one:
 * the branch a value belongs to is then known from that field alone.
 */
function discriminatorOf(branches: readonly unknown[]): string | undefined {
  return discriminators.find((field) => {
    const values = branches.map((branch) => (isJson(branch) && isJson(branch.properties) && isJson(branch.properties[field]) && Array.isArray(branch.required) && branch.required.includes(field) ? branch.properties[field].const : undefined));
    return values.every((value) => typeof value === 'string') && new Set(values).size === values.length;
  });
}

/** The schema that checks a value's `field` is `constant`, with an `$id` of its own (the same for every route). */
function tagCheck(field: string, constant: string): Json {
  const $id = `quire-serialization-tag-${field}-${Buffer.from(constant).toString('hex')}`;
  return { $id, type: 'object', properties: { [field]: { const: constant } }, required: [field] };
}

/**
 * The branches as `if` (the field is the first branch's constant, checked by a schema of its own, added to
 * `tagChecks`) / `then` / `else` (the others, the same way).
 */
function chooseByField(field: string, branches: readonly Json[], tagChecks: Record<string, Json>): Json {
  const [first, ...others] = branches;
  if (others.length === 0) return first!;
  const check = tagCheck(field, ((first!.properties as Json)[field] as Json).const as string);
  tagChecks[check.$id as string] = check;
  return { if: { $ref: check.$id }, then: first!, else: chooseByField(field, others, tagChecks) };
}

/**
 * Fastify's serializer factory (fast-json-stringify, as by default) reading each response schema through
 * `serializationSchema`: the `schemaController.compilersFactory.buildSerializer` option of the app.
 *
 * @example
 * Fastify({ schemaController: { compilersFactory: { buildSerializer: unionFreeSerializers() } } })
 */
export function unionFreeSerializers(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      const { schema, tagChecks } = serializationForm(route.schema);
      const compileWithChecks = Object.keys(tagChecks).length === 0 ? compile : build({ ...(externalSchemas as Record<string, unknown> | undefined), ...tagChecks }, options);
      return compileWithChecks({ ...route, schema });
    };
  };
}
