import { QuireError } from '../../errors/index.ts';
import { positionBetween } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import type { PublishedSiteSection, PublishedSiteSectionGroup, PublishedSiteSpace, PublishedSiteStructure } from './published-site-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess } from '../access/site-access.ts';
import { SiteView } from './site-view.ts';

/** A structure item: `SiteStructureItemPointer`. */
export interface StructurePointer {
  type: 'site-space' | 'site-section' | 'site-section-group' | 'site-external-link';
  id: string;
}

/** Where to put an item among its siblings; neither: at the end. */
export interface StructurePosition {
  before?: StructurePointer;
  after?: StructurePointer;
}

/**
 * The site's structure (`GET .../structure`). Any member.
 *
 * @example
 * const { type, structure } = await getSiteStructure(ctx, actor, orgId, siteId);
 */
export async function getSiteStructure(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string): Promise<PublishedSiteStructure> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'read');
  return (await SiteView.load(ctx, siteId, levels)).structure();
}

/**
 * Moves an item among the siblings of its level (`PATCH .../structure/sort`, and the deprecated moves): before
 * or after a sibling, or to the end. Sorting never changes an item's level. Admins only.
 *
 * @example
 * await sortSiteStructure(ctx, actor, orgId, siteId, { type: 'site-section', id: b }, { before: { type: 'site-section', id: a } });
 */
export async function sortSiteStructure(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  siteId: string,
  item: StructurePointer,
  position: StructurePosition,
): Promise<PublishedSiteSpace | PublishedSiteSection | PublishedSiteSectionGroup> {
  const { levels } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
  if (position.before !== undefined && position.after !== undefined) throw new QuireError('INVALID_ARGUMENT', 'position takes before or after, not both', { field: 'position' });
  await ctx.store.transaction(async (tx) => {
    const view = await SiteView.load({ ...ctx, store: tx }, siteId, levels);
    const siblings = siblingsOf(view, item);
    const rest = siblings.filter((sibling) => !(sibling.type === item.type && sibling.id === item.id));
    let index = rest.length;
    const target = position.before ?? position.after;
    if (target !== undefined) {
      const field = position.before !== undefined ? 'position.before' : 'position.after';
      const found = rest.findIndex((sibling) => sibling.type === target.type && sibling.id === target.id);
      if (found === -1) throw new QuireError('INVALID_ARGUMENT', `${target.type} ${target.id} is not a sibling of ${item.type} ${item.id}`, { field });
      index = position.before !== undefined ? found : found + 1;
    }
    const key = positionBetween(rest[index - 1]?.position ?? null, rest[index]?.position ?? null);
    if (item.type === 'site-space') await tx.updateSiteSpace(item.id, { position: key });
    else if (item.type === 'site-section') await tx.updateSiteSection(item.id, { position: key });
    else await tx.updateSiteSectionGroup(item.id, { position: key });
  });
  const view = await SiteView.load(ctx, siteId, levels);
  if (item.type === 'site-space') return view.siteSpace(view.tree.siteSpaces.find((record) => record.id === item.id)!);
  if (item.type === 'site-section') return view.section(view.tree.sections.find((record) => record.id === item.id)!);
  return view.group(view.tree.groups.find((record) => record.id === item.id)!);
}

function siblingsOf(view: SiteView, item: StructurePointer): { type: StructurePointer['type']; id: string; position: string }[] {
  const missing = () => new QuireError('NOT_FOUND', `${item.type} ${item.id} does not exist in site ${view.site.id}`, { kind: item.type, id: item.id });
  if (item.type === 'site-external-link') throw new QuireError('INVALID_ARGUMENT', 'Quire sites have no external links', { field: 'item.type' });
  if (item.type === 'site-space') {
    const record = view.tree.siteSpaces.find((siteSpace) => siteSpace.id === item.id);
    if (record === undefined) throw missing();
    return view.tree.siteSpaces.filter((siteSpace) => siteSpace.sectionId === record.sectionId).map((siteSpace) => ({ type: 'site-space' as const, id: siteSpace.id, position: siteSpace.position }));
  }
  const record = item.type === 'site-section' ? view.tree.sections.find((section) => section.id === item.id) : view.tree.groups.find((group) => group.id === item.id);
  if (record === undefined) throw missing();
  const level = 'groupId' in record ? (record.groupId ?? null) : 'parentId' in record ? (record.parentId ?? null) : null;
  return view.levelItems(level).map((entry) => ({ type: entry.kind === 'section' ? ('site-section' as const) : ('site-section-group' as const), id: entry.record.id, position: entry.record.position }));
}
