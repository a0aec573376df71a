import { QuireError } from '../../errors/index.ts';
import type { ListOptions } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import type { PublishedSiteSectionGroup } from './published-site-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess, siteChild, siteChildOrAbsent } from '../access/site-access.ts';
import { SiteView } from './site-view.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';

/** `addSectionGroupToSite`'s body. */
export interface SiteSectionGroupCreation {
  title: string;
  icon?: string | null;
  /** Sections moved into the new group. */
  sections?: string[];
  /** The group to nest it in. */
  parent?: string;
}

/** `updateSiteSectionGroupById`'s body. */
export interface SiteSectionGroupUpdate {
  title?: string;
  icon?: string | null;
  parentSectionGroupId?: string | null;
}

/**
 * A site's section groups (`GET .../section-groups`). Any member.
 *
 * @example
 * const { items } = await listSiteSectionGroups(ctx, actor, orgId, siteId, {});
 */
export async function listSiteSectionGroups(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, query: ListOptions): Promise<PublishedList<PublishedSiteSectionGroup>> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'read');
  const page = await ctx.store.listSiteSectionGroups(siteId, query);
  const view = await SiteView.load(ctx, siteId, levels);
  return toPublishedList(page, (record) => view.group(record));
}

/**
 * Creates a group (`POST .../section-groups`, 201), moving the listed sections into it. Admins only.
 *
 * @example
 * const group = await createSiteSectionGroup(ctx, actor, orgId, siteId, { title: 'Products', sections: [a.id] });
 */
export async function createSiteSectionGroup(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, input: SiteSectionGroupCreation): Promise<PublishedSiteSectionGroup> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const groupId = await ctx.store.transaction(async (tx) => {
    const group = await tx.createSiteSectionGroup({
      siteId,
      title: input.title,
      ...(input.icon === undefined || input.icon === null ? {} : { icon: input.icon }),
      ...(input.parent === undefined ? {} : { parentId: input.parent }),
    });
    for (const sectionId of input.sections ?? []) {
      const section = await tx.getSiteSection(sectionId).catch(() => undefined);
      if (section === undefined || section.siteId !== siteId) throw new QuireError('INVALID_ARGUMENT', `section ${sectionId} is not a section of site ${siteId}`, { field: 'sections' });
      await tx.updateSiteSection(sectionId, { groupId: group.id });
    }
    return group.id;
  });
  return (await SiteView.load(ctx, siteId, levels)).group(await ctx.store.getSiteSectionGroup(groupId));
}

/**
 * Changes a group's title, icon or parent (`PATCH .../section-groups/{siteSectionGroupId}`). Admins only.
 *
 * @example
 * await updateSiteSectionGroup(ctx, actor, orgId, siteId, groupId, { title: 'Platform' });
 */
export async function updateSiteSectionGroup(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, groupId: string, update: SiteSectionGroupUpdate): Promise<PublishedSiteSectionGroup> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('site section group', siteId, groupId, () => ctx.store.getSiteSectionGroup(groupId));
  const record = await ctx.store.updateSiteSectionGroup(groupId, {
    ...(update.title === undefined ? {} : { title: update.title }),
    ...(update.icon === undefined ? {} : { icon: update.icon }),
    ...(update.parentSectionGroupId === undefined ? {} : { parentId: update.parentSectionGroupId }),
  });
  return (await SiteView.load(ctx, siteId, levels)).group(record);
}

/**
 * Deletes a group (`DELETE .../section-groups/{siteSectionGroupId}`): its sections and groups move up to its
 * parent; 205, or 204 when there is none. Admins only.
 *
 * @example
 * await deleteSiteSectionGroup(ctx, actor, orgId, siteId, groupId); // → 'deleted'
 */
export async function deleteSiteSectionGroup(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, groupId: string): Promise<DeleteOutcome> {
  await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  const found = await siteChildOrAbsent(siteId, () => ctx.store.getSiteSectionGroup(groupId));
  if (found === undefined) return 'absent';
  return (await ctx.store.deleteSiteSectionGroup(groupId)) ? 'deleted' : 'absent';
}

/**
 * Puts a section into a group (the seed's `POST .../section-groups/{id}/sections`, 201), or takes it out
 * (`DELETE .../section-groups/{id}/sections/{sectionId}`: 205, or 204 when it was not in the group). Admins only.
 *
 * @example
 * await setSectionGroupMembership(ctx, actor, orgId, siteId, groupId, sectionId, true);
 */
export async function setSectionGroupMembership(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
  member: boolean,
): Promise<{ outcome: DeleteOutcome; group: PublishedSiteSectionGroup }> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  await siteChild('site section group', siteId, groupId, () => ctx.store.getSiteSectionGroup(groupId));
  let outcome: DeleteOutcome = 'deleted';
  if (member) {
    const section = await ctx.store.getSiteSection(sectionId).catch(() => undefined);
    if (section === undefined || section.siteId !== siteId) throw new QuireError('INVALID_ARGUMENT', `section ${sectionId} is not a section of site ${siteId}`, { field: 'sectionId' });
    await ctx.store.updateSiteSection(sectionId, { groupId });
  } else {
    const section = await siteChildOrAbsent(siteId, () => ctx.store.getSiteSection(sectionId));
    if (section === undefined || section.groupId !== groupId) outcome = 'absent';
    else await ctx.store.updateSiteSection(sectionId, { groupId: null });
  }
  return { outcome, group: (await SiteView.load(ctx, siteId, levels)).group(await ctx.store.getSiteSectionGroup(groupId)) };
}
