import type { Actor } from '../access/actor.ts';
import { checkCustomization, defaultCustomization, mergeSettings } from './customization-settings.ts';
import type { PublishedCustomization } from './published-site-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess, siteChild } from '../access/site-access.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/**
 * The site's effective customization: its stored settings over the defaults (`updatedAt` when written).
 *
 * @example
 * const settings = await effectiveSiteCustomization(ctx, siteId);
 */
export async function effectiveSiteCustomization(ctx: ServiceContext, siteId: string): Promise<PublishedCustomization> {
  const stored = await ctx.store.getSiteCustomization(siteId);
  return { ...mergeSettings(defaultCustomization(), stored.settings ?? {}), ...(stored.updatedAt === undefined ? {} : { updatedAt: stored.updatedAt }) };
}

/**
 * A site space's effective customization: its overrides over the site's.
 *
 * @example
 * const settings = await effectiveSiteSpaceCustomization(ctx, siteId, siteSpaceId);
 */
export async function effectiveSiteSpaceCustomization(ctx: ServiceContext, siteId: string, siteSpaceId: string, site?: PublishedCustomization): Promise<PublishedCustomization & { hasOverrides: boolean }> {
  const base = site ?? (await effectiveSiteCustomization(ctx, siteId));
  const stored = await ctx.store.getSiteSpaceCustomization(siteSpaceId);
  return { ...mergeSettings(base, stored.settings ?? {}), ...(stored.updatedAt === undefined ? {} : { updatedAt: stored.updatedAt }), hasOverrides: stored.settings !== undefined };
}

/**
 * `GET .../customization`. Any member.
 *
 * @example
 * const settings = await getSiteCustomization(ctx, actor, orgId, siteId);
 */
export async function getSiteCustomization(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string): Promise<PublishedCustomization> {
  await siteAccess(ctx, actor, organizationId, siteId, 'read');
  return effectiveSiteCustomization(ctx, siteId);
}

/**
 * `PUT .../customization`: a full replacement (what is left out reverts to the defaults), checked first. Admins only.
 *
 * @example
 * await putSiteCustomization(ctx, actor, orgId, siteId, { ...settings, title: 'Acme docs' });
 */
export async function putSiteCustomization(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, input: unknown): Promise<PublishedCustomization> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const { updatedAt: _ignored, ...settings } = checkCustomization(input);
  await ctx.store.putSiteCustomization(siteId, settings);
  return effectiveSiteCustomization(ctx, siteId);
}

/**
 * `GET .../site-spaces/{siteSpaceId}/customization`. Any member.
 *
 * @example
 * const settings = await getSiteSpaceCustomization(ctx, actor, orgId, siteId, siteSpaceId);
 */
export async function getSiteSpaceCustomization(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, siteSpaceId: string): Promise<PublishedCustomization> {
  await siteAccess(ctx, actor, organizationId, siteId, 'read');
  await siteChild('site space', siteId, siteSpaceId, () => ctx.store.getSiteSpace(siteSpaceId));
  return effectiveSiteSpaceCustomization(ctx, siteId, siteSpaceId);
}

/**
 * `PATCH .../site-spaces/{siteSpaceId}/customization`: merges the overrides (null removes one). Admins only.
 *
 * @example
 * await overrideSiteSpaceCustomization(ctx, actor, orgId, siteId, siteSpaceId, { title: 'v2' });
 */
export async function overrideSiteSpaceCustomization(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, siteSpaceId: string, input: unknown): Promise<PublishedCustomization> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('site space', siteId, siteSpaceId, () => ctx.store.getSiteSpaceCustomization(siteSpaceId).then(() => ctx.store.getSiteSpace(siteSpaceId)));
  const overrides = checkCustomization(input, { partial: true });
  const stored = await ctx.store.getSiteSpaceCustomization(siteSpaceId);
  await ctx.store.putSiteSpaceCustomization(siteSpaceId, mergeSettings(stored.settings ?? {}, overrides, true));
  return effectiveSiteSpaceCustomization(ctx, siteId, siteSpaceId);
}

/**
 * `DELETE .../site-spaces/{siteSpaceId}/customization`: 205 when there were overrides, 204 otherwise. Admins only.
 *
 * @example
 * await deleteSiteSpaceCustomization(ctx, actor, orgId, siteId, siteSpaceId); // → 'deleted'
 */
export async function deleteSiteSpaceCustomization(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, siteSpaceId: string): Promise<DeleteOutcome> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('site space', siteId, siteSpaceId, () => ctx.store.getSiteSpace(siteSpaceId));
  return (await ctx.store.putSiteSpaceCustomization(siteSpaceId, null)) ? 'deleted' : 'absent';
}
