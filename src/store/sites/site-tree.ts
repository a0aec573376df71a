import type { SiteSectionGroupRecord } from './site-section-groups.ts';
import { toSiteSectionGroup } from './site-section-groups.ts';
import type { SiteSectionRecord } from './site-sections.ts';
import { toSiteSection } from './site-sections.ts';
import type { SiteSpaceRecord } from './site-spaces.ts';
import { toSiteSpace } from './site-spaces.ts';
import type { StoreContext } from '../store-context.ts';

/** Everything in a site's structure, each kind by position (then id). */
export interface SiteTree {
  groups: SiteSectionGroupRecord[];
  sections: SiteSectionRecord[];
  siteSpaces: SiteSpaceRecord[];
}

export interface SiteTreeStore {
  /**
   * The whole structure of a site in one read (sites hold tens of items, not thousands).
   *
   * @example
   * const { sections, siteSpaces } = await store.readSiteTree(site.id);
   */
  readSiteTree(siteId: string): Promise<SiteTree>;
}

/**
 * The site-tree method of a Store.
 *
 * @example
 * const tree = siteTreeStore(context);
 */
export function siteTreeStore(context: StoreContext): SiteTreeStore {
  return {
    async readSiteTree(siteId) {
      const db = context.db();
      const groups = await db.selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId).orderBy('position').orderBy('id').execute();
      const sections = await db.selectFrom('site_sections').selectAll().where('site_id', '=', siteId).orderBy('position').orderBy('id').execute();
      const siteSpaces = await db.selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).orderBy('position').orderBy('id').execute();
      return { groups: groups.map(toSiteSectionGroup), sections: sections.map(toSiteSection), siteSpaces: siteSpaces.map(toSiteSpace) };
    },
  };
}
