import { QuireError } from '../../errors/index.ts';
import { sha256Hex } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { absentWhenNotFound, ContentLevels } from '../access/content-access.ts';
import { organizationAccess } from '../access/organization-access.ts';
import type { PublishedContentSite, PublishedCustomization } from './published-site-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteNotFound } from '../access/site-access.ts';
import { effectiveSiteCustomization, effectiveSiteSpaceCustomization } from './site-customization.ts';
import { guestLevels, visitorLevels } from '../access/site-reader-levels.ts';
import { SiteView } from './site-view.ts';

/**
 * The published profile of a site (`GET .../published`): the site, its structure, the customizations of the
 * site and of every site space, scripts (none). Only a published site has one. Who may read it:
 * - `public` and `unlisted`: any authenticated caller;
 * - `share-link`: only with the key of an active share link of the site (`shareKey`), whoever calls;
 * - `visitor-auth`: the organization's members.
 * Anything else answers `NOT_FOUND`, as for a site that does not exist. A member sees its own permissions (on the
 * site and on each space); a visitor without a role in the organization (not a member, or a guest) sees none on
 * the site and `read` on its spaces (`visitorLevels`), a guest more where its grants give more (`guestLevels`).
 *
 * @example
 * const profile = await getPublishedSite(ctx, actor, orgId, siteId, { shareKey });
 */
export async function getPublishedSite(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, query: { shareKey?: string }): Promise<PublishedContentSite> {
  const site = await absentWhenNotFound(() => ctx.store.getSite(siteId));
  if (site === undefined || site.organizationId !== organizationId || !site.published) throw siteNotFound(siteId);
  // Not a member (or a disabled one): a visitor. Anything but NOT_FOUND is a real failure and goes up.
  const access = await absentWhenNotFound(() => organizationAccess(ctx, actor, organizationId));
  if (site.visibility === 'share-link') {
    const link = query.shareKey === undefined || query.shareKey === '' ? undefined : await ctx.store.findActiveSiteShareLink(siteId, sha256Hex(query.shareKey));
    if (link === undefined) throw new QuireError('NOT_FOUND', `site ${siteId} is only readable with the key of an active share link (shareKey)`, { kind: 'site', id: siteId });
  } else if (site.visibility === 'visitor-auth' && (access === undefined || access.role === null)) throw siteNotFound(siteId);
  const levels =
    access === undefined ? visitorLevels : access.role === null ? guestLevels(new ContentLevels(ctx, access)) : new ContentLevels(ctx, access);
  const view = await SiteView.load(ctx, siteId, levels);
  const siteCustomization = await effectiveSiteCustomization(ctx, siteId);
  const siteSpaces: Record<string, PublishedCustomization> = {};
  for (const siteSpace of view.tree.siteSpaces) {
    const { hasOverrides: _overrides, ...settings } = await effectiveSiteSpaceCustomization(ctx, siteId, siteSpace.id, siteCustomization);
    siteSpaces[siteSpace.id] = settings;
  }
  return {
    object: 'published-content-site',
    site: view.publishedSite(access?.role ?? null),
    structure: view.structure(),
    customizations: { site: siteCustomization, siteSpaces },
    scripts: [],
  };
}
