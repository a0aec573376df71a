import type { SiteSectionsTable } from '../database-schema.ts';
import { checkText, notFound } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { checkPosition } from '../spaces/collections.ts';
import { freePath, nextStructurePosition, withSiteLock } from './site-lock.ts';
import type { StoreContext } from '../store-context.ts';
import { QuireError } from '../../errors/index.ts';

/** A section of a site (the published `SiteSection` without its site spaces and urls). */
export interface SiteSectionRecord {
  id: string;
  siteId: string;
  groupId?: string;
  title: string;
  /** Unique among the site's sections. */
  path: string;
  description?: string;
  icon?: string;
  condition?: string;
  /** The default site space of the section (set whenever it has site spaces). */
  defaultSiteSpaceId?: string;
  position: string;
  createdAt: string;
}

export interface NewSiteSection {
  id?: string;
  siteId: string;
  title: string;
  path: string;
  /** When the path is taken, add `-1`, `-2`, ... instead of refusing (paths made from titles). */
  suffixPath?: boolean;
  groupId?: string;
  icon?: string;
  description?: string;
  /** Default: after the last item of its level. */
  position?: string;
}

/** What may change on a section. null removes an optional field; `groupId: null` moves it to the root. */
export interface SiteSectionPatch {
  title?: string;
  path?: string;
  description?: string | null;
  icon?: string | null;
  condition?: string | null;
  defaultSiteSpaceId?: string;
  groupId?: string | null;
  position?: string;
}

export interface SiteSectionStore {
  /**
   * Adds a section to a site, after the last item of its level.
   *
   * @example
   * const section = await store.createSiteSection({ siteId: site.id, title: 'Guides', path: 'guides' });
   */
  createSiteSection(input: NewSiteSection): Promise<SiteSectionRecord>;
  getSiteSection(id: string): Promise<SiteSectionRecord>;
  updateSiteSection(id: string, patch: SiteSectionPatch): Promise<SiteSectionRecord>;
  /** Deletes a section with its site spaces; false when there was none. */
  deleteSiteSection(id: string): Promise<boolean>;
  /** A site's sections, by position. */
  listSiteSections(siteId: string, options?: ListOptions): Promise<ListPage<SiteSectionRecord>>;
}

/**
 * The site-section methods of a Store.
 *
 * @example
 * const sections = siteSectionStore(context);
 */
export function siteSectionStore(context: StoreContext): SiteSectionStore {
  const get = async (id: string): Promise<SiteSectionRecord> => {
    const row = await context.db().selectFrom('site_sections').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('site section', id);
    return toSiteSection(row);
  };
  const checkPathFree = async (siteId: string, path: string, self?: string): Promise<void> => {
    const taken = await context.db().selectFrom('site_sections').select('id').where('site_id', '=', siteId).where('path', '=', path).executeTakeFirst();
    if (taken !== undefined && taken.id !== self) throw new QuireError('INVALID_ARGUMENT', `path ${JSON.stringify(path)} is already used by another section of the site`, { field: 'path' });
  };
  const checkGroup = async (siteId: string, groupId: string | null): Promise<void> => {
    if (groupId === null) return;
    const group = await context.db().selectFrom('site_section_groups').select('site_id').where('id', '=', groupId).executeTakeFirst();
    if (group === undefined || group.site_id !== siteId) throw new QuireError('INVALID_ARGUMENT', `section group ${groupId} is not a group of site ${siteId}`, { field: 'siteSectionGroupId' });
  };
  return {
    async createSiteSection(input) {
      return withSiteLock(context, input.siteId, async () => {
        let path = checkText('path', input.path, { min: 1, max: 100 });
        if (input.suffixPath === true) {
          const taken = new Set((await context.db().selectFrom('site_sections').select('path').where('site_id', '=', input.siteId).execute()).map((row) => row.path));
          path = freePath(path, taken);
        }
        await checkPathFree(input.siteId, path);
        await checkGroup(input.siteId, input.groupId ?? null);
        const row: SiteSectionsTable = {
          id: input.id ?? context.newId(),
          site_id: input.siteId,
          group_id: input.groupId ?? null,
          title: checkText('title', input.title, { min: 1, max: 128 }),
          path,
          description: input.description === undefined ? null : checkText('description', input.description, { max: 256 }),
          icon: input.icon === undefined ? null : checkText('icon', input.icon, { max: 50 }),
          condition: null,
          default_site_space_id: null,
          position: input.position === undefined ? await nextStructurePosition(context, input.siteId, { kind: 'sections', groupId: input.groupId ?? null }) : checkPosition(input.position),
          created_at: context.timestamp(),
        };
        await context.db().insertInto('site_sections').values(row).execute();
        return get(row.id);
      });
    },
    getSiteSection: get,
    async updateSiteSection(id, patch) {
      const current = await get(id);
      return withSiteLock(context, current.siteId, async () => {
        const changes: Partial<SiteSectionsTable> = {};
        if (patch.title !== undefined) changes.title = checkText('title', patch.title, { min: 1, max: 128 });
        if (patch.path !== undefined) {
          changes.path = checkText('path', patch.path, { min: 1, max: 100 });
          await checkPathFree(current.siteId, changes.path, id);
        }
        if (patch.description !== undefined) changes.description = patch.description === null ? null : checkText('description', patch.description, { max: 256 });
        if (patch.icon !== undefined) changes.icon = patch.icon === null ? null : checkText('icon', patch.icon, { max: 50 });
        if (patch.condition !== undefined) changes.condition = patch.condition === null ? null : checkText('condition', patch.condition, { max: 1024 });
        if (patch.defaultSiteSpaceId !== undefined) {
          const member = await context.db().selectFrom('site_spaces').select('id').where('id', '=', patch.defaultSiteSpaceId).where('level_key', '=', id).executeTakeFirst();
          if (member === undefined) throw new QuireError('INVALID_ARGUMENT', `defaultSiteSpace ${patch.defaultSiteSpaceId} is not a site space of section ${id}`, { field: 'defaultSiteSpace' });
          changes.default_site_space_id = patch.defaultSiteSpaceId;
        }
        if (patch.groupId !== undefined && patch.groupId !== (current.groupId ?? null)) {
          await checkGroup(current.siteId, patch.groupId);
          changes.group_id = patch.groupId;
          if (patch.position === undefined) changes.position = await nextStructurePosition(context, current.siteId, { kind: 'sections', groupId: patch.groupId });
        }
        if (patch.position !== undefined) changes.position = checkPosition(patch.position);
        if (Object.keys(changes).length > 0) await context.db().updateTable('site_sections').set(changes).where('id', '=', id).execute();
        return get(id);
      });
    },
    async deleteSiteSection(id) {
      const row = await context.db().selectFrom('site_sections').select('site_id').where('id', '=', id).executeTakeFirst();
      if (row === undefined) return false;
      return withSiteLock(context, row.site_id, async () => {
        await context.db().deleteFrom('site_spaces').where('section_id', '=', id).execute();
        const result = await context.db().deleteFrom('site_sections').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    listSiteSections(siteId, options = {}) {
      return listPage(
        context.db().selectFrom('site_sections').selectAll().where('site_id', '=', siteId),
        {
          scope: `site-sections|${siteId}`,
          keys: [
            { column: 'position', direction: 'asc', value: (row) => row.position },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toSiteSection),
      );
    },
  };
}

/**
 * A section row as its record.
 *
 * @example
 * const section = toSiteSection(row);
 */
export function toSiteSection(row: SiteSectionsTable): SiteSectionRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    ...(row.group_id === null ? {} : { groupId: row.group_id }),
    title: row.title,
    path: row.path,
    ...(row.description === null ? {} : { description: row.description }),
    ...(row.icon === null ? {} : { icon: row.icon }),
    ...(row.condition === null ? {} : { condition: row.condition }),
    ...(row.default_site_space_id === null ? {} : { defaultSiteSpaceId: row.default_site_space_id }),
    position: row.position,
    createdAt: row.created_at,
  };
}
