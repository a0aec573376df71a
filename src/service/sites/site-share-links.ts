import { randomBytes } from 'node:crypto';
import { sha256Hex, type ListOptions } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import type { PublishedShareLink } from './published-site-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess, siteChild, siteChildOrAbsent } from '../access/site-access.ts';
import { toPublishedShareLink } from './site-view.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/**
 * A site's share links (`GET .../share-links`), `search` in their names. Admins only.
 *
 * @example
 * const { items } = await listSiteShareLinks(ctx, actor, orgId, siteId, { search: 'review' });
 */
export async function listSiteShareLinks(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, query: ListOptions & { search?: string }): Promise<PublishedList<PublishedShareLink>> {
  const { site } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  return toPublishedList(await ctx.store.listSiteShareLinks(siteId, query), (link) => toPublishedShareLink(link, site, ctx.baseUrl));
}

/**
 * Creates an active share link (`POST .../share-links`, 201). Its key is in `urls.published` of this answer
 * only: the store keeps its SHA-256 hash. Admins only.
 *
 * @example
 * const link = await createSiteShareLink(ctx, actor, orgId, siteId, 'Reviewers');
 */
export async function createSiteShareLink(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, name: string): Promise<PublishedShareLink> {
  const { site } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const key = randomBytes(24).toString('base64url');
  const link = await ctx.store.createSiteShareLink({ siteId, name, keyHash: sha256Hex(key) });
  return toPublishedShareLink(link, site, ctx.baseUrl, key);
}

/**
 * Renames, activates or deactivates a share link (`PATCH .../share-links/{shareLinkId}`). Admins only.
 *
 * @example
 * await updateSiteShareLink(ctx, actor, orgId, siteId, linkId, { active: false });
 */
export async function updateSiteShareLink(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, linkId: string, patch: { name?: string; active?: boolean }): Promise<PublishedShareLink> {
  const { site } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('share link', siteId, linkId, () => ctx.store.getSiteShareLink(linkId));
  return toPublishedShareLink(await ctx.store.updateSiteShareLink(linkId, patch), site, ctx.baseUrl);
}

/**
 * Deletes a share link (`DELETE .../share-links/{shareLinkId}`): 205, or 204 when there is none. Admins only.
 *
 * @example
 * await deleteSiteShareLink(ctx, actor, orgId, siteId, linkId); // → 'deleted'
 */
export async function deleteSiteShareLink(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, linkId: string): Promise<DeleteOutcome> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  if ((await siteChildOrAbsent(siteId, () => ctx.store.getSiteShareLink(linkId))) === undefined) return 'absent';
  return (await ctx.store.deleteSiteShareLink(linkId)) ? 'deleted' : 'absent';
}
