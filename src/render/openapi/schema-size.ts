import type { OpenAPISchema } from './document.ts';

/** Properties a component may have and still be shown in place where it is referenced. */
export const maxInlineProperties = 6;

/**
 * Whether a component is small enough to show in place wherever it is referenced, beside its link: a schema with
 * nothing under it (a string enum, a number), or an object of at most `maxInlineProperties` properties each of which
 * has nothing under it (no `$ref`, properties, items or variants). Its rows then cost no more than the link would
 * save a click for, and cannot nest; anything bigger is a link to its model. Pure.
 *
 * @example
 * isSmallSchema({ type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } }) // → true
 */
export function isSmallSchema(schema: OpenAPISchema): boolean {
  if (hasVariantsOrItems(schema)) return false;
  const properties = Object.values(schema.properties ?? {});
  if (properties.length > maxInlineProperties) return false;
  return properties.every((property) => typeof property === 'object' && property !== null && !('$ref' in property) && !hasVariantsOrItems(property) && property.properties === undefined);
}

function hasVariantsOrItems(schema: OpenAPISchema): boolean {
  return Boolean(schema.oneOf || schema.anyOf || schema.allOf || (schema as { items?: unknown }).items || (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null));
}
