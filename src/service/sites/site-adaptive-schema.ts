import { QuireError } from '../../errors/index.ts';
import type { Actor } from '../access/actor.ts';
import type { PublishedAdaptiveSchema } from './published-site-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess } from '../access/site-access.ts';

const emptySchema = { type: 'object', properties: {}, additionalProperties: false };

/**
 * `GET .../adaptive-schema`: the visitor claims the site expects (empty until written). Any member.
 *
 * @example
 * const { jsonSchema } = await getSiteAdaptiveSchema(ctx, actor, orgId, siteId);
 */
export async function getSiteAdaptiveSchema(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string): Promise<PublishedAdaptiveSchema> {
  const { site } = await siteAccess(ctx, actor, organizationId, siteId, 'read');
  const stored = await ctx.store.getSiteAdaptiveSchema(siteId);
  return { object: 'site-adaptive-schema', jsonSchema: stored.jsonSchema ?? emptySchema, updatedAt: stored.updatedAt ?? site.createdAt };
}

/**
 * `PUT .../adaptive-schema`: checks the shape of `SiteAdaptiveJSONSchema` (claims of type boolean, string,
 * number, string enums, arrays and objects of those; `unsigned` for unsigned claims). Admins only.
 *
 * @example
 * await putSiteAdaptiveSchema(ctx, actor, orgId, siteId, { type: 'object', properties: { beta: { type: 'boolean', description: 'In the beta' } }, additionalProperties: false });
 */
export async function putSiteAdaptiveSchema(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, jsonSchema: Record<string, unknown>): Promise<PublishedAdaptiveSchema> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  checkObjectSchema(jsonSchema, 'jsonSchema', true);
  const stored = await ctx.store.putSiteAdaptiveSchema(siteId, jsonSchema);
  return { object: 'site-adaptive-schema', jsonSchema, updatedAt: stored.updatedAt ?? new Date().toISOString() };
}

/**
 * `GET .../adaptive-schema/template-conditions`: one suggested condition per boolean claim, and one per value of
 * an enum claim. Any member.
 *
 * @example
 * const { items } = await listSiteAdaptiveTemplateConditions(ctx, actor, orgId, siteId);
 */
export async function listSiteAdaptiveTemplateConditions(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string): Promise<{ items: { description: string; condition: string }[] }> {
  const { jsonSchema } = await getSiteAdaptiveSchema(ctx, actor, organizationId, siteId);
  const items: { description: string; condition: string }[] = [];
  const walk = (properties: Record<string, Record<string, unknown>>, prefix: string) => {
    for (const [name, claim] of Object.entries(properties)) {
      const path = `${prefix}.${name}`;
      if (claim.type === 'boolean') items.push({ description: `${path.replace('visitor.claims.', '')} is true`, condition: `${path} === true` });
      else if (claim.type === 'string' && Array.isArray(claim.enum)) for (const value of claim.enum) items.push({ description: `${path.replace('visitor.claims.', '')} is ${String(value)}`, condition: `${path} === ${JSON.stringify(value)}` });
      else if (claim.type === 'object' && typeof claim.properties === 'object' && claim.properties !== null) walk(claim.properties as Record<string, Record<string, unknown>>, path);
    }
  };
  walk((jsonSchema.properties ?? {}) as Record<string, Record<string, unknown>>, 'visitor.claims');
  return { items };
}

function bad(field: string, message: string): never {
  throw new QuireError('INVALID_ARGUMENT', `${field} ${message}`, { field });
}

function checkObjectSchema(schema: Record<string, unknown>, field: string, root: boolean): void {
  if (root && schema.$schema !== undefined && schema.$schema !== 'http://json-schema.org/draft-07/schema#') bad(`${field}.$schema`, 'must be http://json-schema.org/draft-07/schema#');
  if (schema.type !== 'object') bad(`${field}.type`, 'must be "object"');
  if (schema.additionalProperties !== false) bad(`${field}.additionalProperties`, 'must be false');
  if (!root && typeof schema.description !== 'string') bad(`${field}.description`, 'must be a string');
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) bad(`${field}.properties`, 'must be an object');
  for (const [name, claim] of Object.entries(properties)) {
    const path = `${field}.properties.${name}`;
    if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) bad(path, 'must be an object');
    checkClaim(claim as Record<string, unknown>, path);
  }
}

function checkClaim(claim: Record<string, unknown>, field: string): void {
  if (claim.type === 'object') return checkObjectSchema(claim, field, false);
  if (typeof claim.description !== 'string') bad(`${field}.description`, 'must be a string');
  if (claim.type === 'array') {
    const items = claim.items;
    if (typeof items !== 'object' || items === null || (items as Record<string, unknown>).type === 'array' || (items as Record<string, unknown>).type === 'object') bad(`${field}.items`, 'must be a boolean, string or number claim');
    return checkClaim(items as Record<string, unknown>, `${field}.items`);
  }
  if (claim.type === 'string' && claim.enum !== undefined && (!Array.isArray(claim.enum) || claim.enum.some((value) => typeof value !== 'string'))) bad(`${field}.enum`, 'must be an array of strings');
  if (claim.type !== 'boolean' && claim.type !== 'string' && claim.type !== 'number') bad(`${field}.type`, 'must be boolean, string, number, array or object');
}
