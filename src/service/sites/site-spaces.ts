import { QuireError, isQuireError } from '../../errors/index.ts';
import { slugify } from '../../format/slug.ts';
import type { ListOptions, SiteRecord, SiteSpacePatch, Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import type { OrganizationAccess } from '../access/organization-access.ts';
import type { PublishedSiteSpace } from './published-site-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess, siteChild, siteChildOrAbsent } from '../access/site-access.ts';
import { SiteView } from './site-view.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/** `addSpaceToSite`'s body. `spaceId: null` makes a new space for the site. */
export interface SiteSpaceAddition {
  spaceId: string | null;
  sectionId?: string;
  title?: string;
}

/** `updateSiteSpaceById`'s body. */
export interface SiteSpaceUpdate {
  path?: string;
  condition?: string | null;
  spaceId?: string;
  hidden?: boolean;
}

/**
 * Adds a space to a site in one transaction: into `sectionId`, or the default section, or the root when the
 * site has no sections; its path is made from the space's title, unique in its level. `field` names the body
 * field in errors.
 *
 * @example
 * const record = await addSiteSpace(ctx, access, site, { spaceId: space.id });
 */
export async function addSiteSpace(ctx: ServiceContext, access: OrganizationAccess, site: SiteRecord, input: SiteSpaceAddition, field = 'spaceId') {
  return ctx.store.transaction(async (tx) => {
    const spaceId = input.spaceId ?? (await tx.createSpace({ organizationId: site.organizationId, title: input.title ?? 'Untitled' })).id;
    const space = await liveSpace(tx, site.organizationId, spaceId, field);
    const current = await tx.getSite(site.id);
    let sectionId = input.sectionId;
    if (sectionId !== undefined) {
      const section = await tx.getSiteSection(sectionId).catch(() => undefined);
      if (section === undefined || section.siteId !== site.id) throw new QuireError('INVALID_ARGUMENT', `section ${sectionId} is not a section of site ${site.id}`, { field: 'sectionId' });
    } else sectionId = current.defaultSectionId;
    void access;
    return tx.createSiteSpace({
      siteId: site.id,
      spaceId: space.id,
      path: slugify(input.title ?? space.title),
      suffixPath: true,
      ...(sectionId === undefined ? {} : { sectionId }),
      ...(input.title === undefined ? {} : { title: input.title }),
    });
  });
}

async function liveSpace(store: Store, organizationId: string, spaceId: string, field: string) {
  const space = await store.getSpace(spaceId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (space === undefined || space.organizationId !== organizationId) throw new QuireError('INVALID_ARGUMENT', `${field}: space ${spaceId} is not a space of organization ${organizationId}`, { field });
  return space;
}

/**
 * A site's site spaces (`GET .../site-spaces`), by level and position; `default: true` only the defaults
 * (one per level), `false` only the others. Any member.
 *
 * @example
 * const { items } = await listSiteSpaces(ctx, actor, orgId, siteId, { default: true });
 */
export async function listSiteSpaces(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  siteId: string,
  query: ListOptions & { default?: boolean },
): Promise<PublishedList<PublishedSiteSpace>> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'read');
  const page = await ctx.store.listSiteSpaces(
    { siteId, ...(query.default === undefined ? {} : { default: query.default }) },
    { ...(query.page === undefined ? {} : { page: query.page }), ...(query.limit === undefined ? {} : { limit: query.limit }) },
  );
  const view = await SiteView.load(ctx, siteId, levels);
  return toPublishedList(page, (record) => view.siteSpace(record));
}

/**
 * Adds a space to a site (`POST .../site-spaces`, 201). Admins only.
 *
 * @example
 * const siteSpace = await createSiteSpace(ctx, actor, orgId, siteId, { spaceId: space.id });
 */
export async function createSiteSpace(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, input: SiteSpaceAddition): Promise<PublishedSiteSpace> {
  const { site, access, levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const record = await addSiteSpace(ctx, access, site, input);
  return (await SiteView.load(ctx, siteId, levels)).siteSpace(record);
}

/**
 * Changes a site space's path, condition, space or hidden flag (`PATCH .../site-spaces/{siteSpaceId}`). Admins only.
 *
 * @example
 * await updateSiteSpace(ctx, actor, orgId, siteId, siteSpaceId, { path: 'v2', condition: null });
 */
export async function updateSiteSpace(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, siteSpaceId: string, update: SiteSpaceUpdate): Promise<PublishedSiteSpace> {
  const { site, levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('site space', siteId, siteSpaceId, () => ctx.store.getSiteSpace(siteSpaceId));
  const patch: SiteSpacePatch = {};
  if (update.path !== undefined) patch.path = update.path;
  if (update.condition !== undefined) patch.condition = update.condition;
  if (update.hidden !== undefined) patch.hidden = update.hidden;
  if (update.spaceId !== undefined) patch.spaceId = (await liveSpace(ctx.store, site.organizationId, update.spaceId, 'spaceId')).id;
  const record = await ctx.store.updateSiteSpace(siteSpaceId, patch);
  return (await SiteView.load(ctx, siteId, levels)).siteSpace(record);
}

/**
 * Removes a site space (`DELETE .../site-spaces/{siteSpaceId}`): 205, or 204 when there is none. When it was
 * its level's default, the next one becomes the default. Admins only.
 *
 * @example
 * await deleteSiteSpace(ctx, actor, orgId, siteId, siteSpaceId); // → 'deleted'
 */
export async function deleteSiteSpace(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, siteSpaceId: string): Promise<DeleteOutcome> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const found = await siteChildOrAbsent(siteId, () => ctx.store.getSiteSpace(siteSpaceId));
  if (found === undefined) return 'absent';
  return (await ctx.store.deleteSiteSpace(siteSpaceId)) ? 'deleted' : 'absent';
}
