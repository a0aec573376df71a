import { QuireError } from '../../errors/index.ts';
import type { PublishedSiteSection, PublishedSiteSectionGroup, PublishedSiteSpace } from '../../service/index.ts';

type StructureItem = PublishedSiteSpace | PublishedSiteSection | PublishedSiteSectionGroup;

/**
 * The answer of a deprecated move (`moveSiteSpace`, `moveSiteSection`, `moveSiteSectionGroup`), each of which
 * the published spec answers with one kind of item. `sortSiteStructure` answers the item it moved, so its
 * `object` is the kind that was moved; anything else is a bug, and answers 500 rather than a body serialized
 * with the wrong schema.
 *
 * @example
 * return movedItem(await sortSiteStructure(ctx, actor, orgId, siteId, { type: 'site-section', id }, position), 'site-section');
 */
export function movedItem<K extends StructureItem['object']>(item: StructureItem, object: K): Extract<StructureItem, { object: K }> {
  if (item.object !== object) throw new QuireError('INTERNAL', `moving a ${object} answered a ${item.object}`);
  return item as Extract<StructureItem, { object: K }>;
}
