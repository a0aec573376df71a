// The attributes a block knows, and how they map to the fields of its node.
//
// A node's fields (`style`, `title`, ...) are the truth consumers read and edit. The attributes as
// written are kept on the node (`attributes`) only when they differ from what the fields would be
// written as: unknown attributes, another order, other quotes, escapes the canonical writer would
// not produce. Writing then keeps each written attribute whose field is unchanged byte for byte,
// rewrites the changed ones in place, and appends the new ones.
import type { Attribute } from './attribute.ts';
import type { ValueSyntax } from './value-syntax.ts';

/** How one attribute reads into fields and is written from them. */
export interface AttributeRule<F> {
  /** The attribute name as written. */
  readonly attribute: string;
  /** Reads the decoded value (`null` for a bare attribute); `undefined` when it does not fit. */
  read(value: string | null): Partial<F> | undefined;
  /** The value to write (`null` for a bare attribute), or `undefined` when the attribute is absent. */
  write(fields: Partial<F>): string | null | undefined;
}

export type AttributeSchema<F> = readonly AttributeRule<F>[];

/** What reading attributes against a schema gives: the fields, and the written list when needed. */
export interface ReadAttributes<F> {
  fields: Partial<F>;
  /** The attributes as written, when writing `fields` would not give them back. */
  attributes: Attribute[] | undefined;
}

export function readAttributes<F>(schema: AttributeSchema<F>, written: readonly Attribute[], syntax: ValueSyntax): ReadAttributes<F> {
  const fields: Partial<F> = {};
  const seen = new Set<string>();
  for (const attribute of written) {
    const rule = schema.find((candidate) => candidate.attribute === attribute.name);
    // A repeated attribute is kept as written and does not override the first one.
    if (!rule || seen.has(rule.attribute)) continue;
    seen.add(rule.attribute);
    Object.assign(fields, rule.read(decodeValue(attribute, syntax)));
  }
  const canonical = canonicalAttributes(schema, fields, syntax);
  return { fields, attributes: sameAttributes(canonical, written) ? undefined : [...written] };
}

/** The attributes to write for a node: its written ones merged with its fields, or the canonical ones. */
export function writeAttributes<F>(schema: AttributeSchema<F>, fields: Partial<F>, written: readonly Attribute[] | undefined, syntax: ValueSyntax): Attribute[] {
  if (!written) return canonicalAttributes(schema, fields, syntax);
  const result: Attribute[] = [];
  const seen = new Set<string>();
  for (const attribute of written) {
    const rule = schema.find((candidate) => candidate.attribute === attribute.name);
    if (!rule || seen.has(rule.attribute)) {
      result.push(attribute);
      continue;
    }
    seen.add(rule.attribute);
    const current = rule.write(fields);
    const read = rule.read(decodeValue(attribute, syntax));
    // Unchanged (including a value the rule cannot read, next to an absent field): keep it as written.
    const unchanged = read === undefined ? current === undefined : rule.write(read) === current;
    if (unchanged) result.push(attribute);
    else if (current !== undefined) result.push(canonicalAttribute(rule.attribute, current, syntax));
  }
  for (const rule of schema) {
    if (seen.has(rule.attribute)) continue;
    const current = rule.write(fields);
    if (current !== undefined) result.push(canonicalAttribute(rule.attribute, current, syntax));
  }
  return result;
}

function canonicalAttributes<F>(schema: AttributeSchema<F>, fields: Partial<F>, syntax: ValueSyntax): Attribute[] {
  const result: Attribute[] = [];
  for (const rule of schema) {
    const value = rule.write(fields);
    if (value !== undefined) result.push(canonicalAttribute(rule.attribute, value, syntax));
  }
  return result;
}

function canonicalAttribute(name: string, value: string | null, syntax: ValueSyntax): Attribute {
  return value === null ? { name, value: null, quote: '' } : { name, value: syntax.encode(value), quote: '"' };
}

function decodeValue(attribute: Attribute, syntax: ValueSyntax): string | null {
  return attribute.value === null ? null : syntax.decode(attribute.value);
}

function sameAttributes(left: readonly Attribute[], right: readonly Attribute[]): boolean {
  return left.length === right.length && left.every((attribute, index) => {
    const other = right[index]!;
    return attribute.name === other.name && attribute.value === other.value && attribute.quote === other.quote;
  });
}
