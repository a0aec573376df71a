import { QuireError } from '../../errors/index.ts';
import { slugify } from '../../format/slug.ts';
import type { ListOptions, SiteSectionPatch } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import type { PublishedSiteSection } from './published-site-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess, siteChild, siteChildOrAbsent } from '../access/site-access.ts';
import { addSiteSpace } from './site-spaces.ts';
import { SiteView } from './site-view.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/** `addSectionToSite`'s body. `spaceId: null` makes a new space. */
export interface SiteSectionAddition {
  spaceId: string | null;
  title?: string | null;
  icon?: string | null;
  siteSectionGroupId?: string;
}

/** `updateSiteSectionById`'s body. */
export interface SiteSectionUpdate {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
  siteSectionGroupId?: string | null;
}

/**
 * A site's sections (`GET .../sections`), by position. Any member.
 *
 * @example
 * const { items } = await listSiteSections(ctx, actor, orgId, siteId, {});
 */
export async function listSiteSections(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, query: ListOptions): Promise<PublishedList<PublishedSiteSection>> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'read');
  const page = await ctx.store.listSiteSections(siteId, query);
  const view = await SiteView.load(ctx, siteId, levels);
  return toPublishedList(page, (record) => view.section(record));
}

/**
 * Adds a section to a site (`POST .../sections`, 201) with the space as its first site space, in one
 * transaction. The first section of a site that has site spaces at its root turns them into a first section
 * (titled like the site), so no content is left outside the sections. Admins only.
 *
 * @example
 * const section = await createSiteSection(ctx, actor, orgId, siteId, { spaceId: space.id, title: 'API' });
 */
export async function createSiteSection(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, input: SiteSectionAddition): Promise<PublishedSiteSection> {
  const { site, access, levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const sectionId = await ctx.store.transaction(async (tx) => {
    const txCtx = { ...ctx, store: tx };
    const tree = await tx.readSiteTree(siteId);
    if (tree.sections.length === 0) {
      const roots = tree.siteSpaces.filter((siteSpace) => siteSpace.sectionId === undefined);
      if (roots.length > 0) {
        const first = await tx.createSiteSection({ siteId, title: site.title, path: slugify(site.title), suffixPath: true });
        const current = await tx.getSite(siteId);
        const ordered = [...roots.filter((root) => root.id === current.defaultSiteSpaceId), ...roots.filter((root) => root.id !== current.defaultSiteSpaceId)];
        for (const root of ordered) await tx.updateSiteSpace(root.id, { sectionId: first.id });
      }
    }
    const spaceTitle = input.spaceId === null ? (input.title ?? 'Untitled') : (await tx.getSpace(input.spaceId).catch(() => undefined))?.title;
    if (spaceTitle === undefined) throw new QuireError('INVALID_ARGUMENT', `spaceId: space ${input.spaceId} is not a space of organization ${organizationId}`, { field: 'spaceId' });
    const title = input.title ?? spaceTitle;
    const section = await tx.createSiteSection({
      siteId,
      title: title.length >= 2 ? title : `${title} section`,
      path: slugify(title),
      suffixPath: true,
      ...(input.icon === undefined || input.icon === null ? {} : { icon: input.icon }),
      ...(input.siteSectionGroupId === undefined ? {} : { groupId: input.siteSectionGroupId }),
    });
    await addSiteSpace(txCtx, access, site, { spaceId: input.spaceId, sectionId: section.id, ...(input.spaceId === null && input.title ? { title: input.title } : {}) });
    return section.id;
  });
  const view = await SiteView.load(ctx, siteId, levels);
  return view.section(await ctx.store.getSiteSection(sectionId));
}

/**
 * Changes a section (`PATCH .../sections/{siteSectionId}`): title, path (unique among the site's sections),
 * default site space (one of its own), condition, icon, description, group. Admins only.
 *
 * @example
 * await updateSiteSection(ctx, actor, orgId, siteId, sectionId, { path: 'api', condition: null });
 */
export async function updateSiteSection(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, sectionId: string, update: SiteSectionUpdate): Promise<PublishedSiteSection> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('site section', siteId, sectionId, () => ctx.store.getSiteSection(sectionId));
  const patch: SiteSectionPatch = {};
  if (update.title !== undefined) patch.title = update.title;
  if (update.path !== undefined) patch.path = update.path;
  if (update.defaultSiteSpace !== undefined) patch.defaultSiteSpaceId = update.defaultSiteSpace;
  if (update.condition !== undefined) patch.condition = update.condition;
  if (update.icon !== undefined) patch.icon = update.icon;
  if (update.description !== undefined) patch.description = update.description;
  if (update.siteSectionGroupId !== undefined) patch.groupId = update.siteSectionGroupId;
  const record = await ctx.store.updateSiteSection(sectionId, patch);
  return (await SiteView.load(ctx, siteId, levels)).section(record);
}

/**
 * Deletes a section and its site spaces (`DELETE .../sections/{siteSectionId}`): 205, or 204 when there is
 * none. When it was the default section, the next one becomes the default. Admins only.
 *
 * @example
 * await deleteSiteSection(ctx, actor, orgId, siteId, sectionId); // → 'deleted'
 */
export async function deleteSiteSection(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, sectionId: string): Promise<DeleteOutcome> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const found = await siteChildOrAbsent(siteId, () => ctx.store.getSiteSection(sectionId));
  if (found === undefined) return 'absent';
  return (await ctx.store.deleteSiteSection(sectionId)) ? 'deleted' : 'absent';
}
