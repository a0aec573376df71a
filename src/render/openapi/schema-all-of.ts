import type { OpenAPIDocument, OpenAPISchema } from './document.ts';
import { resolveRef } from './resolve-ref.ts';

/** A property of a merged object, with the `$ref`s open where it was declared (for cycle detection below it). */
export interface MergedProperty {
  name: string;
  schema: unknown;
  path: readonly string[];
}

/** An `allOf` whose members are all objects, as one object: every member's properties and required names. */
export interface MergedObject {
  properties: MergedProperty[];
  required: Set<string>;
  additional?: { schema: unknown; path: readonly string[] };
}

/**
 * The members of a schema's `allOf` (followed through `$ref`s and nested `allOf`s) and its own properties merged
 * into one property list, as a reader sees a `Pet` that is `allOf: [NewPet, { id }]`: properties in member order
 * (a later member's property replaces an earlier one of the same name, in place), `required` the union of all.
 * Nothing when the schema has no `allOf`, or when a member is not an object (a `type` other than `object`,
 * `oneOf`/`anyOf`, `items`) or closes a `$ref` cycle: those stay shown as variants. Pure.
 *
 * @example
 * mergeAllOf(document, { allOf: [{ $ref: '#/components/schemas/NewPet' }, { properties: { id: { type: 'string' } } }] }, [])
 * // → { properties: [name, status, id], required: Set { 'name' } }
 */
export function mergeAllOf(document: OpenAPIDocument, schema: OpenAPISchema, path: readonly string[]): MergedObject | undefined {
  if (!Array.isArray(schema.allOf) || schema.allOf.length === 0) return undefined;
  const merged: MergedObject = { properties: [], required: new Set() };
  const byName = new Map<string, number>();
  const add = (member: OpenAPISchema, memberPath: readonly string[]): boolean => {
    if (!isObjectLike(member)) return false;
    for (const part of member.allOf ?? []) {
      const resolved = resolveRef<OpenAPISchema>(document, part as OpenAPISchema, memberPath);
      if (resolved.circular || typeof resolved.value !== 'object' || resolved.value === null) return false;
      if (!add(resolved.value, resolved.path)) return false;
    }
    for (const [name, property] of Object.entries(member.properties ?? {})) {
      const entry = { name, schema: property, path: memberPath };
      const at = byName.get(name);
      if (at === undefined) byName.set(name, merged.properties.push(entry) - 1);
      else merged.properties[at] = entry;
    }
    for (const name of member.required ?? []) merged.required.add(name);
    if (typeof member.additionalProperties === 'object' && member.additionalProperties !== null) merged.additional = { schema: member.additionalProperties, path: memberPath };
    return true;
  };
  return add(schema, path) ? merged : undefined;
}

function isObjectLike(schema: OpenAPISchema): boolean {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.some((type) => type !== 'object' && type !== 'null')) return false;
  return !schema.oneOf && !schema.anyOf && (schema as { items?: unknown }).items === undefined;
}
