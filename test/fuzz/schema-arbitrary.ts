// fast-check arbitraries from a JSON Schema (the subset our TypeBox schemas and the published OpenAPI document
// use: type, properties, required, additionalProperties, propertyNames, items, enum, const, anyOf, oneOf, allOf, $ref, string
// lengths and patterns, number ranges, a few formats). `validValue` draws values the schema accepts,
// `invalidValue` values it refuses (each one breaks exactly one rule, so a failure shrinks to that rule).
import fc from 'fast-check';

/** A JSON Schema, as the routes declare it (plain JSON once TypeBox's symbols are ignored). */
export type JsonSchema = boolean | SchemaObject;
export interface SchemaObject {
  [keyword: string]: unknown;
}

export interface SchemaArbitraryOptions {
  /** Resolves a `$ref` (`#/components/schemas/Site`); without it, a `$ref` accepts any JSON. */
  resolve?: (ref: string) => JsonSchema | undefined;
  /** Objects and arrays deeper than this get only their required properties and their fewest items (default 4). */
  maxDepth?: number;
  /** Strings with no pattern, format or enum are drawn from this (default: printable text within the lengths). */
  text?: fc.Arbitrary<string>;
  /** Values for a property by its name (real ids for `spaceId`, ...); undefined keeps the schema's own values. */
  property?: (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
}

interface Context extends SchemaArbitraryOptions {
  depth: number;
  maxDepth: number;
  /** Arbitraries of `$ref`s by reference and depth, built on first use (a recursive schema is built lazily). */
  references: Map<string, fc.Arbitrary<unknown>>;
}

/** Past this depth a schema gives up and answers null (a cycle of required `$ref`s would never end). */
const hardDepthLimit = 24;
/** Strings generated for unbounded lengths stay short; huge strings are the invalid and hostile generators' job. */
const usualMaxLength = 40;

/**
 * Values `schema` accepts.
 *
 * @example
 * fc.sample(validValue({ type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[a-z]+$' } } }), 1)
 * // → [{ id: 'qd' }]
 */
export function validValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return valid(schema, { ...options, depth: 0, maxDepth: options.maxDepth ?? 4, references: new Map() });
}

/**
 * Values `schema` refuses, or undefined when it refuses nothing (`{}`, `true`, a free object). Each value breaks
 * one rule: a wrong type, a value outside the enum, a string too long or too short or off its pattern, a number
 * out of range, a required property left out, an unknown property, too many items, or one of these inside a
 * property or an item of an otherwise valid value.
 *
 * @example
 * fc.sample(invalidValue({ type: 'integer', minimum: 1 })!, 1) // → [0] or ['a string'] or ...
 */
export function invalidValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> | undefined {
  return invalid(schema, { ...options, depth: 0, maxDepth: options.maxDepth ?? 4, references: new Map() });
}

function deeper(context: Context): Context {
  return { ...context, depth: context.depth + 1 };
}

/** A schema with its `$ref` and `allOf` folded in, so the generators read one object. */
function flatten(schema: JsonSchema, context: Context): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  let current: SchemaObject = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 16; hops++) {
    const target = context.resolve?.(current.$ref);
    if (target === undefined || typeof target === 'boolean') return target ?? true;
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  // OpenAPI 3.0's `nullable`, which the published document still uses in places.
  if (current.nullable === true) {
    const { nullable: _nullable, ...rest } = current;
    return { anyOf: [rest, { type: 'null' }] };
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...rest } = current;
    return (allOf as JsonSchema[]).reduce<JsonSchema>((merged, part) => mergeSchemas(merged, flatten(part, context)), flatten(rest, context));
  }
  return current;
}

function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (a === true) return b;
  if (b === true) return a;
  if (a === false || b === false) return false;
  const merged: SchemaObject = { ...a, ...b };
  if (isRecord(a.properties) || isRecord(b.properties)) merged.properties = { ...(a.properties as object), ...(b.properties as object) };
  if (Array.isArray(a.required) || Array.isArray(b.required)) merged.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  return merged;
}

function valid(raw: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  if (context.depth > hardDepthLimit) return fc.constant(null);
  // A published schema refers to itself (a document's nodes hold nodes): build each reference when a value
  // needs it, or every branch would be built down to the hard limit.
  if (typeof raw === 'object' && typeof raw.$ref === 'string') {
    const key = `${context.depth}:${JSON.stringify(raw)}`;
    return fc.constant(null).chain(() => {
      let built = context.references.get(key);
      if (built === undefined) {
        built = validFlat(raw, context);
        context.references.set(key, built);
      }
      return built;
    });
  }
  return validFlat(raw, context);
}

function validFlat(raw: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const schema = flatten(raw, context);
  if (schema === false) return fc.constant(undefined);
  if (schema === true) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema;
    return fc.oneof(...variants.map((variant) => valid(mergeSchemas(siblings, flatten(variant, context)), context)));
  }
  const types = typesOf(schema);
  return fc.oneof(...types.map((type) => validOfType(type, schema, context)));
}

function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (isRecord(schema.properties) || Array.isArray(schema.required)) return ['object'];
  if (schema.items !== undefined) return ['array'];
  if (typeof schema.pattern === 'string' || typeof schema.maxLength === 'number' || typeof schema.format === 'string') return ['string'];
  return ['string', 'number', 'boolean', 'null', 'object', 'array'];
}

function validOfType(type: string, schema: SchemaObject, context: Context): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: Math.ceil(lowerBound(schema) ?? -1_000_000), max: Math.floor(upperBound(schema) ?? 1_000_000) });
    case 'number':
      return fc.double({ min: lowerBound(schema) ?? -1e9, max: upperBound(schema) ?? 1e9, noNaN: true, noDefaultInfinity: true, minExcluded: typeof schema.exclusiveMinimum === 'number', maxExcluded: typeof schema.exclusiveMaximum === 'number' });
    case 'string':
      return validString(schema, context);
    case 'array':
      return validArray(schema, context);
    case 'object':
      return validObject(schema, context);
    default:
      return fc.constant(null);
  }
}

function lowerBound(schema: SchemaObject): number | undefined {
  return numberOf(schema.minimum) ?? numberOf(schema.exclusiveMinimum);
}

function upperBound(schema: SchemaObject): number | undefined {
  return numberOf(schema.maximum) ?? numberOf(schema.exclusiveMaximum);
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function validString(schema: SchemaObject, context: Context): fc.Arbitrary<string> {
  const minLength = numberOf(schema.minLength) ?? 0;
  const declaredMax = numberOf(schema.maxLength);
  const fits = (text: string) => fitsLengths(text, minLength, declaredMax);
  const maxLength = declaredMax ?? Math.max(minLength, usualMaxLength);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    return fc.stringMatching(pattern).filter(fits);
  }
  switch (schema.format) {
    case 'uri':
    case 'url':
      return fc.webUrl().filter(fits);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uuid':
      return fc.uuid();
    default:
      return (context.text ?? fc.string({ minLength, maxLength: Math.min(maxLength, minLength + usualMaxLength) })).filter(fits);
  }
}

function validArray(schema: SchemaObject, context: Context): fc.Arbitrary<unknown[]> {
  const minLength = numberOf(schema.minItems) ?? 0;
  const shallow = context.depth < context.maxDepth;
  const maxLength = Math.min(numberOf(schema.maxItems) ?? Number.POSITIVE_INFINITY, shallow ? minLength + 3 : minLength);
  const items = valid((schema.items as JsonSchema | undefined) ?? true, deeper(context));
  if (schema.uniqueItems === true) return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) });
  return fc.array(items, { minLength, maxLength });
}

function validObject(schema: SchemaObject, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(properties);
  const shallow = context.depth < context.maxDepth;
  const minProperties = numberOf(schema.minProperties) ?? 0;
  // Deep down only the required properties; where a minimum count asks for more, every declared one.
  const requiredKeys = shallow && minProperties <= required.size ? [...required] : minProperties > required.size ? names : [...required];
  const chosen = shallow ? names : names.filter((name) => requiredKeys.includes(name));
  const propertyValue = (name: string) => {
    const own = valid(properties[name]!, deeper(context));
    const given = context.property?.(name, properties[name]!);
    return given === undefined ? own : fc.oneof(given, own);
  };
  const declared = fc.record(Object.fromEntries(chosen.map((name) => [name, propertyValue(name)])), { requiredKeys: requiredKeys.filter((name) => chosen.includes(name)) });
  // TypeBox writes a record of any key as `patternProperties: { '^.*$': schema }`: its values follow that schema.
  const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties as Record<string, JsonSchema>) : [];
  const anyKey = patterns.length === 1 && ['^.*$', '^(.*)$'].includes(patterns[0]![0]) ? patterns[0]![1] : undefined;
  const additional = anyKey ?? schema.additionalProperties;
  if (additional === false || !shallow || names.length > 0) return declared as fc.Arbitrary<Record<string, unknown>>;
  // A free object (`additionalProperties` true or a schema): a few properties of its own.
  const value = typeof additional === 'object' ? valid(additional as JsonSchema, deeper(context)) : fc.jsonValue({ maxDepth: 2 });
  const key = schema.propertyNames === undefined ? fc.string({ minLength: 1, maxLength: 12 }) : (valid(schema.propertyNames as JsonSchema, deeper(context)).filter((name) => typeof name === 'string') as fc.Arbitrary<string>);
  return fc.dictionary(key, value, { minKeys: minProperties, maxKeys: Math.max(minProperties, 4) });
}

function invalid(raw: JsonSchema, context: Context): fc.Arbitrary<unknown> | undefined {
  if (context.depth > context.maxDepth) return undefined;
  const schema = flatten(raw, context);
  if (typeof schema === 'boolean') return schema ? undefined : fc.jsonValue({ maxDepth: 1 });
  const choices: Array<fc.Arbitrary<unknown>> = [];
  const wrongType = wrongTypeValue(schema, context);
  if (wrongType !== undefined) choices.push(wrongType);
  if ('const' in schema) choices.push(otherThan([schema.const]));
  if (Array.isArray(schema.enum)) choices.push(otherThan(schema.enum as unknown[]));
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  // A union refuses a value only when every variant does: the wrong type above is the one rule sure to hold.
  if (Array.isArray(variants) || 'const' in schema || Array.isArray(schema.enum)) return choices.length === 0 ? undefined : fc.oneof(...choices);
  const types = typesOf(schema);
  if (types.length === 1) choices.push(...invalidOfType(types[0]!, schema, context));
  return choices.length === 0 ? undefined : fc.oneof(...choices);
}

function otherThan(values: unknown[]): fc.Arbitrary<unknown> {
  const taken = new Set(values.map((value) => JSON.stringify(value)));
  return fc.oneof(fc.string(), fc.integer(), fc.constant('not-one-of-them')).filter((value) => !taken.has(JSON.stringify(value)));
}

/** A value of a JSON type the schema does not allow (for schemas whose types are all known). */
function wrongTypeValue(schema: SchemaObject, context: Context): fc.Arbitrary<unknown> | undefined {
  const types = allowedTypes(schema, context);
  if (types === undefined) return undefined;
  const samples: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: 8 }),
    integer: fc.integer(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value)),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.integer(), { maxLength: 2 }),
    object: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  };
  const refused = Object.keys(samples).filter((type) => !types.has(type) && !(type === 'integer' && types.has('number')));
  // A non-integer number is a wrong type only for integer schemas.
  const candidates = refused.filter((type) => type !== 'number' || types.has('integer'));
  return candidates.length === 0 ? undefined : fc.oneof(...candidates.map((type) => samples[type]!));
}

/** Every type the schema (and each variant of its union) can take, or undefined when one is open. */
function allowedTypes(schema: SchemaObject, context: Context): Set<string> | undefined {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    const union = new Set<string>();
    for (const variant of variants) {
      const flat = flatten(variant, context);
      if (typeof flat === 'boolean') return undefined;
      const types = allowedTypes(flat, context);
      if (types === undefined) return undefined;
      types.forEach((type) => union.add(type));
    }
    return union;
  }
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  if (typeof schema.type === 'string') return new Set([schema.type]);
  return undefined;
}

function invalidOfType(type: string, schema: SchemaObject, context: Context): Array<fc.Arbitrary<unknown>> {
  switch (type) {
    case 'integer':
    case 'number':
      return invalidNumbers(schema);
    case 'string':
      return invalidStrings(schema);
    case 'array':
      return invalidArrays(schema, context);
    case 'object':
      return invalidObjects(schema, context);
    default:
      return [];
  }
}

function invalidNumbers(schema: SchemaObject): Array<fc.Arbitrary<unknown>> {
  const choices: Array<fc.Arbitrary<unknown>> = [];
  const low = lowerBound(schema);
  const high = upperBound(schema);
  if (low !== undefined) choices.push(fc.integer({ min: -1_000_000, max: Math.ceil(low) - 1 }).map((value) => Math.min(value, low - 1)));
  if (high !== undefined) choices.push(fc.integer({ min: Math.floor(high) + 1, max: Math.floor(high) + 1_000_000 }));
  return choices;
}

function invalidStrings(schema: SchemaObject): Array<fc.Arbitrary<unknown>> {
  const choices: Array<fc.Arbitrary<unknown>> = [];
  const maxLength = numberOf(schema.maxLength);
  const minLength = numberOf(schema.minLength);
  if (maxLength !== undefined) {
    // Just past the limit, and far past it (a megabyte, within the 10 MiB body limit).
    choices.push(fc.integer({ min: maxLength + 1, max: maxLength + 64 }).map((length) => 'x'.repeat(length)));
    choices.push(fc.constantFrom(maxLength * 100 + 1, 1_000_000).map((length) => 'y'.repeat(Math.max(length, maxLength + 1))));
  }
  if (minLength !== undefined && minLength > 0) choices.push(fc.string({ maxLength: minLength - 1 }));
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    choices.push(fc.oneof(hostileText(), fc.string({ maxLength: 12 })).filter((text) => !pattern.test(text) && fitsLengths(text, minLength, maxLength)));
  }
  return choices;
}

function fitsLengths(text: string, minLength: number | undefined, maxLength: number | undefined): boolean {
  return text.length >= (minLength ?? 0) && text.length <= (maxLength ?? Number.POSITIVE_INFINITY);
}

function invalidArrays(schema: SchemaObject, context: Context): Array<fc.Arbitrary<unknown>> {
  const choices: Array<fc.Arbitrary<unknown>> = [];
  const items = (schema.items as JsonSchema | undefined) ?? true;
  const maxItems = numberOf(schema.maxItems);
  const minItems = numberOf(schema.minItems) ?? 0;
  const item = valid(items, deeper(context));
  if (maxItems !== undefined && maxItems < 2000) choices.push(fc.array(item, { minLength: maxItems + 1, maxLength: maxItems + 1 }));
  if (minItems > 0) choices.push(fc.array(item, { maxLength: minItems - 1 }));
  const badItem = invalid(items, deeper(context));
  if (badItem !== undefined) {
    choices.push(fc.tuple(fc.array(item, { minLength: minItems, maxLength: Math.min(minItems + 2, maxItems ?? Number.POSITIVE_INFINITY) }), badItem, fc.nat()).map(([list, bad, at]) => {
      const copy = [...list];
      if (copy.length === 0) return [bad];
      copy[at % copy.length] = bad;
      return copy;
    }));
  }
  return choices;
}

function invalidObjects(schema: SchemaObject, context: Context): Array<fc.Arbitrary<unknown>> {
  const choices: Array<fc.Arbitrary<unknown>> = [];
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const whole = valid(schema, context) as fc.Arbitrary<Record<string, unknown>>;
  if (required.length > 0) {
    choices.push(fc.tuple(whole, fc.constantFrom(...required)).map(([value, name]) => withoutKey(value, name)));
  }
  if (schema.additionalProperties === false) {
    const unknownName = fc.oneof(fc.constantFrom('unknownField', '__proto__', 'constructor', ''), fc.string({ minLength: 1, maxLength: 12 })).filter((name) => !(name in properties));
    choices.push(fc.tuple(whole, unknownName, fc.jsonValue({ maxDepth: 1 })).map(([value, name, extra]) => withKey(value, name, extra)));
  }
  const broken = Object.entries(properties).flatMap(([name, property]) => {
    const bad = invalid(property, deeper(context));
    return bad === undefined ? [] : [fc.tuple(whole, bad).map(([value, badValue]) => withKey(value, name, badValue))];
  });
  if (broken.length > 0) choices.push(fc.oneof(...broken));
  return choices;
}

function withoutKey(value: Record<string, unknown>, name: string): Record<string, unknown> {
  const copy = { ...value };
  delete copy[name];
  return copy;
}

function withKey(value: Record<string, unknown>, name: string, extra: unknown): Record<string, unknown> {
  // defineProperty, so `__proto__` becomes a key of the JSON rather than the prototype.
  const copy = { ...value };
  Object.defineProperty(copy, name, { value: extra, enumerable: true, configurable: true, writable: true });
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Text that has broken services before: path tricks, unpaired surrogates, control and bidi characters, markup,
 * template syntax, prototype keys, and long runs.
 *
 * @example
 * fc.sample(hostileText(), 3) // → ['%2e%2e', '\uD800', 'a\u0000b']
 */
export function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '..', '.', '%2e%2e', '..%2f..%2fetc%2fpasswd', '../../etc/passwd', '.git', '.GIT', 'GIT~1', '.gitmodules', 'a/../b', '\\..\\x',
      '\uD800', '\uDFFF', 'a\uD83Db', '\uDE00x', '\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\r\n', '\u2028', '\u202Eevil', '\uFEFF', '\u200D',
      '__proto__', 'constructor', 'prototype', '<script>alert(1)</script>', '{% include "x" %}', '$$x$$', '${x}', '{{x}}',
      'null', 'undefined', 'NaN', '-0', '1e999', '0x10', ' ', '', '🙂'.repeat(50), 'é'.normalize('NFD'),
    ),
    fc.string({ unit: 'binary', maxLength: 24 }),
    fc.string({ unit: fc.constantFrom('\u0000', '\u001f', '\u007f', '\uD800', '\uDC00', '/', '.', '%', '?', '#'), maxLength: 12 }),
    fc.constantFrom(129, 1000, 5000, 70_000).map((length) => 'a'.repeat(length)),
  );
}
