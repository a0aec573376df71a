import { QuireError } from '../../errors/index.ts';
import type { DefaultLevel, ListOptions, SiteAgentsContext, SitePatch, SiteType, SiteVisibility } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedSite } from './published-site-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess, siteNotFound } from '../access/site-access.ts';
import { addSiteSpace } from './site-spaces.ts';
import { toPublishedSite } from './site-view.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/** `createSite`'s body. */
export interface SiteCreation {
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  /** Spaces of the organization, added as the site's first site spaces. */
  spaces?: string[];
}

/** What `PATCH /v1/orgs/{organizationId}/sites/{siteId}` may change. */
export interface SiteUpdate {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string | null;
  proxy?: string | null;
  defaultLevel?: DefaultLevel;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: SiteAgentsContext;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
}

/** Filters of `listSites`. */
export interface SiteListQuery extends ListOptions {
  space?: string;
  title?: string;
  published?: boolean;
}

/**
 * The organization's sites (`GET /v1/orgs/{organizationId}/sites`), oldest first, filtered by a space they
 * show, an exact title, or their published state. Any member may list them.
 *
 * @example
 * const { items } = await listSites(ctx, actor, orgId, { published: true });
 */
export async function listSites(ctx: ServiceContext, actor: Actor, organizationId: string, query: SiteListQuery): Promise<PublishedList<PublishedSite>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin', 'create', 'review', 'edit', 'comment', 'read'], `list the sites of organization ${organizationId}`);
  const page = await ctx.store.listSites(
    {
      organizationId,
      ...(query.title === undefined ? {} : { title: query.title }),
      ...(query.published === undefined ? {} : { published: query.published }),
      ...(query.space === undefined ? {} : { spaceId: query.space }),
    },
    { ...(query.page === undefined ? {} : { page: query.page }), ...(query.limit === undefined ? {} : { limit: query.limit }) },
  );
  return toPublishedList(page, async (site) => toPublishedSite(site, await ctx.store.countSiteSpaces(site.id), access.role, ctx.baseUrl));
}

/**
 * Creates an unpublished site (`POST /v1/orgs/{organizationId}/sites`), with the given spaces as its root site
 * spaces (the first is the default). Organization admins only. All of it happens, or none.
 *
 * @example
 * const site = await createSite(ctx, actor, orgId, { title: 'Docs', spaces: [space.id] });
 */
export async function createSite(ctx: ServiceContext, actor: Actor, organizationId: string, input: SiteCreation): Promise<PublishedSite> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `create sites in organization ${organizationId}`);
  const spaces = input.spaces ?? [];
  if (new Set(spaces).size !== spaces.length) throw new QuireError('INVALID_ARGUMENT', 'spaces lists the same space twice', { field: 'spaces' });
  const created = await ctx.store.transaction(async (tx) => {
    const site = await tx.createSite({
      organizationId,
      title: input.title ?? 'Untitled site',
      ...(input.type === undefined ? {} : { type: input.type }),
      ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
    });
    for (const spaceId of spaces) await addSiteSpace({ ...ctx, store: tx }, access, site, { spaceId }, 'spaces');
    return site;
  });
  return toPublishedSite(await ctx.store.getSite(created.id), spaces.length, access.role, ctx.baseUrl);
}

/**
 * A site of the organization (`GET /v1/orgs/{organizationId}/sites/{siteId}`). Any member.
 *
 * @example
 * const site = await getSite(ctx, actor, orgId, siteId);
 */
export async function getSite(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string): Promise<PublishedSite> {
  const { site, access } = await siteAccess(ctx, actor, organizationId, siteId, 'read');
  return toPublishedSite(site, await ctx.store.countSiteSpaces(site.id), access.role, ctx.baseUrl);
}

/**
 * Changes a site (`PATCH .../sites/{siteId}`). `defaultSiteSpace` is a site space at the root, or, when the site
 * has sections, one of its default section; `defaultSiteSection` a section of the site. Admins only.
 *
 * @example
 * await updateSite(ctx, actor, orgId, siteId, { title: 'Handbook', proxy: 'acme.com/docs' });
 */
export async function updateSite(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, update: SiteUpdate): Promise<PublishedSite> {
  const { access } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await ctx.store.transaction(async (tx) => {
    const patch: SitePatch = {};
    if (update.title !== undefined) patch.title = update.title;
    if (update.visibility !== undefined) patch.visibility = update.visibility;
    if (update.basename !== undefined) patch.basename = update.basename;
    if (update.proxy !== undefined) patch.proxy = update.proxy;
    if (update.defaultLevel !== undefined) patch.defaultLevel = update.defaultLevel;
    if (update.adaptiveContent !== undefined) patch.adaptiveContent = update.adaptiveContent.enabled;
    if (update.agentsContext !== undefined) patch.agentsContext = update.agentsContext;
    if (update.defaultSiteSection !== undefined) patch.defaultSectionId = update.defaultSiteSection;
    let sectionDefault: { sectionId: string; siteSpaceId: string } | undefined;
    if (update.defaultSiteSpace !== undefined) {
      const site = await tx.getSite(siteId);
      const sectionId = update.defaultSiteSection ?? site.defaultSectionId;
      if (sectionId === undefined) patch.defaultSiteSpaceId = update.defaultSiteSpace;
      else sectionDefault = { sectionId, siteSpaceId: update.defaultSiteSpace };
    }
    await tx.updateSite(siteId, patch);
    if (sectionDefault !== undefined) {
      const siteSpace = await tx.getSiteSpace(sectionDefault.siteSpaceId).catch(() => undefined);
      if (siteSpace === undefined || siteSpace.siteId !== siteId || siteSpace.sectionId !== sectionDefault.sectionId) {
        throw new QuireError('INVALID_ARGUMENT', `defaultSiteSpace ${sectionDefault.siteSpaceId} is not a site space of the default section`, { field: 'defaultSiteSpace' });
      }
      await tx.updateSiteSection(sectionDefault.sectionId, { defaultSiteSpaceId: sectionDefault.siteSpaceId });
    }
  });
  return toPublishedSite(await ctx.store.getSite(siteId), await ctx.store.countSiteSpaces(siteId), access.role, ctx.baseUrl);
}

/**
 * Deletes a site and everything in it (`DELETE .../sites/{siteId}`): `deleted` (205), or `absent` (204) when
 * the organization has no such site. Admins only. The organization's `defaultContent` is cleared when it named the
 * site.
 *
 * @example
 * await deleteSite(ctx, actor, orgId, siteId); // → 'deleted'
 */
export async function deleteSite(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string): Promise<DeleteOutcome> {
  const access = await organizationAccess(ctx, actor, organizationId);
  const site = await ctx.store.getSite(siteId).catch(() => undefined);
  if (site === undefined || site.organizationId !== organizationId || access.role === null) return 'absent';
  requireOrganizationRole(access, ['admin'], `delete site ${siteId}`);
  return ctx.store.transaction(async (tx) => {
    // The organization's defaultContent never names a site that is gone.
    if ((await tx.getOrganization(organizationId)).defaultContent?.site === siteId) await tx.updateOrganization(organizationId, { defaultContent: null });
    return (await tx.deleteSite(siteId)) ? 'deleted' : 'absent';
  });
}

/**
 * Publishes or unpublishes a site (`POST .../publish`, `POST .../unpublish`). Admins only.
 *
 * @example
 * const site = await setSitePublished(ctx, actor, orgId, siteId, true);
 */
export async function setSitePublished(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, published: boolean): Promise<PublishedSite> {
  const { access } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const site = await ctx.store.updateSite(siteId, { published });
  return toPublishedSite(site, await ctx.store.countSiteSpaces(siteId), access.role, ctx.baseUrl);
}

export { siteNotFound };
