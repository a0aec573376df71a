import type { TSchema } from 'typebox';

/*
 * How unions of site objects are serialized. fast-json-stringify writes a union (`anyOf`) by validating the
 * value against each branch in turn, in full (formats included), and serializing it with the first that
 * matches. A section group's `children` are sections and groups: validating a group validates its whole
 * subtree, and each nested group is validated again when its own turn comes, so the cost of a structure grows
 * with its size times its depth (four nested groups over 20 sections and 80 site spaces: 3.4 ms a write as
 * unions, 0.8 ms merged).
 *
 * The site objects of a union all carry their kind in `object` (or `type`), so a value needs no validation to
 * be written correctly: one object schema listing the fields of every branch writes exactly the fields the value
 * has. `mergeObjectUnions` rewrites such unions that way for the serializer, while the schemas in site-shapes.ts
 * stay one object per published type (and keep their compile-time check against the service shapes). A union
 * whose branches disagree on a field (the two forms of `SiteStructure`, whose `structure` lists different
 * things) stays a union here; the app's serializer chooses its branch by the `type` tag instead of validating
 * (serialization-schema.ts), with one small validator compiled at the route's first answer.
 */

type Json = Record<string, unknown>;

const discriminators = ['object', 'type'];

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertiesOf(schema: Json): Record<string, Json> {
  return isJson(schema.properties) ? (schema.properties as Record<string, Json>) : {};
}

/**
 * The schema with each union of objects told apart by a literal `object` (or `type`) field, whose branches give
 * any other field they share the same schema, replaced by one object schema with the fields of all the branches
 * (required: those every branch requires; the discriminator: an enum of the branches' values). The TypeScript
 * type is unchanged.
 *
 * @example
 * export const SiteSectionGroupSchema = mergeObjectUnions(shapeOf<PublishedSiteSectionGroup>()(Type.Cyclic(sectionFamily, 'QuireSiteSectionGroup')));
 */
export function mergeObjectUnions<S extends TSchema>(schema: S): S {
  const source = JSON.parse(JSON.stringify(schema)) as Json;
  const definitions = isJson(source.$defs) ? (source.$defs as Record<string, Json>) : {};
  const resolve = (branch: Json): Json => {
    if (typeof branch.$ref !== 'string') return branch;
    const target = definitions[branch.$ref];
    if (target === undefined) throw new Error(`mergeObjectUnions: no definition ${branch.$ref}`);
    return target;
  };
  /** Each merged union, by the id its uses refer to: its branches, as written in the union. */
  const unions = new Map<string, { field: string; branches: Json[] }>();

  const mergeable = (branches: Json[]): { field: string; id: string } | undefined => {
    const resolved = branches.map(resolve);
    const field = discriminators.find((name) => resolved.every((branch) => typeof propertiesOf(branch)[name]?.const === 'string'));
    if (field === undefined) return undefined;
    const seen = new Map<string, string>();
    for (const branch of resolved) {
      for (const [name, property] of Object.entries(propertiesOf(branch))) {
        if (name === field) continue;
        const text = JSON.stringify(property);
        if (seen.has(name) && seen.get(name) !== text) return undefined;
        seen.set(name, text);
      }
    }
    return { field, id: `QuireMerged_${resolved.map((branch) => propertiesOf(branch)[field]!.const as string).join('_')}` };
  };

  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isJson(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) out[key] = rewrite(value);
    // A union alone, or a definition that is a union (`{ $id, anyOf }`, a cyclic schema's entry point).
    if (!Array.isArray(out.anyOf) || Object.keys(out).some((key) => key !== 'anyOf' && key !== '$id')) return out;
    // Whether to merge is decided on the branches as written (references to the definitions as written), so
    // that a definition being rewritten (a group, whose children are groups) can be looked into.
    const merge = mergeable((node as Json).anyOf as Json[]);
    if (merge === undefined) return out;
    unions.set(merge.id, { field: merge.field, branches: out.anyOf as Json[] });
    return typeof out.$id === 'string' ? { $id: out.$id, $ref: merge.id } : { $ref: merge.id };
  };

  const result = rewrite(source) as Json;
  if (unions.size === 0) return schema;
  const rewrittenDefinitions = isJson(result.$defs) ? (result.$defs as Record<string, Json>) : {};
  for (const [id, { field, branches }] of unions) {
    const resolved = branches.map((branch) => (typeof branch.$ref === 'string' ? rewrittenDefinitions[branch.$ref]! : branch));
    const properties: Record<string, Json> = {};
    for (const branch of resolved) Object.assign(properties, propertiesOf(branch));
    properties[field] = { type: 'string', enum: resolved.map((branch) => propertiesOf(branch)[field]!.const) };
    const required = resolved.map((branch) => (Array.isArray(branch.required) ? (branch.required as string[]) : [])).reduce((all, names) => all.filter((name) => names.includes(name)));
    rewrittenDefinitions[id] = { $id: id, type: 'object', properties, required };
  }
  // A definition that was a union becomes the merged object itself, under its own id.
  for (const [name, definition] of Object.entries(rewrittenDefinitions)) {
    if (typeof definition.$ref === 'string' && unions.has(definition.$ref)) rewrittenDefinitions[name] = { ...rewrittenDefinitions[definition.$ref], $id: definition.$id };
  }
  result.$defs = rewrittenDefinitions;
  return result as S;
}
