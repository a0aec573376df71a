import type { SiteSpacesTable } from '../database-schema.ts';
import { checkText, notFound } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { checkPosition } from '../spaces/collections.ts';
import { freePath, nextStructurePosition, withSiteLock } from './site-lock.ts';
import type { StoreContext } from '../store-context.ts';
import { QuireError } from '../../errors/index.ts';

/** A space published in a site (the published `SiteSpace` without the `space` object and urls). */
export interface SiteSpaceRecord {
  id: string;
  siteId: string;
  /** The section it is a variant of; absent at the root of a site without sections. */
  sectionId?: string;
  spaceId: string;
  /** Unique within its level. */
  path: string;
  title?: string;
  condition?: string;
  hidden: boolean;
  position: string;
  createdAt: string;
}

export interface NewSiteSpace {
  id?: string;
  siteId: string;
  sectionId?: string;
  spaceId: string;
  path: string;
  /** When the path is taken, add `-1`, `-2`, ... instead of refusing (paths made from titles). */
  suffixPath?: boolean;
  title?: string;
  position?: string;
}

/** What may change on a site space. null removes an optional field; `sectionId` moves it to another level. */
export interface SiteSpacePatch {
  path?: string;
  condition?: string | null;
  spaceId?: string;
  hidden?: boolean;
  sectionId?: string | null;
  position?: string;
}

/** Which site spaces to list: a site's, optionally only its defaults (true) or only the others (false). */
export interface SiteSpaceFilter {
  siteId: string;
  default?: boolean;
}

export interface SiteSpaceStore {
  /**
   * Adds a space to a site, in a section or at the root, after the last site space of that level.
   *
   * @example
   * const siteSpace = await store.createSiteSpace({ siteId: site.id, spaceId: space.id, path: 'handbook' });
   */
  createSiteSpace(input: NewSiteSpace): Promise<SiteSpaceRecord>;
  getSiteSpace(id: string): Promise<SiteSpaceRecord>;
  updateSiteSpace(id: string, patch: SiteSpacePatch): Promise<SiteSpaceRecord>;
  /** Removes a site space; false when there was none. */
  deleteSiteSpace(id: string): Promise<boolean>;
  /** A site's site spaces, by level and position. */
  listSiteSpaces(filter: SiteSpaceFilter, options?: ListOptions): Promise<ListPage<SiteSpaceRecord>>;
  /** Removes a space from every site that shows it (the space was deleted or left the organization); how many site spaces went. */
  removeSpaceFromSites(spaceId: string): Promise<number>;
}

/**
 * The site-space methods of a Store.
 *
 * @example
 * const siteSpaces = siteSpaceStore(context);
 */
export function siteSpaceStore(context: StoreContext): SiteSpaceStore {
  const get = async (id: string): Promise<SiteSpaceRecord> => {
    const row = await context.db().selectFrom('site_spaces').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('site space', id);
    return toSiteSpace(row);
  };
  const checkPathFree = async (siteId: string, levelKey: string, path: string, self?: string): Promise<void> => {
    const taken = await context.db().selectFrom('site_spaces').select('id').where('site_id', '=', siteId).where('level_key', '=', levelKey).where('path', '=', path).executeTakeFirst();
    if (taken !== undefined && taken.id !== self) throw new QuireError('INVALID_ARGUMENT', `path ${JSON.stringify(path)} is already used by another site space of the same level`, { field: 'path' });
  };
  const checkSection = async (siteId: string, sectionId: string | null): Promise<void> => {
    if (sectionId === null) return;
    const section = await context.db().selectFrom('site_sections').select('site_id').where('id', '=', sectionId).executeTakeFirst();
    if (section === undefined || section.site_id !== siteId) throw new QuireError('INVALID_ARGUMENT', `section ${sectionId} is not a section of site ${siteId}`, { field: 'sectionId' });
  };
  const checkSpace = async (siteId: string, spaceId: string): Promise<void> => {
    const site = await context.db().selectFrom('sites').select('organization_id').where('id', '=', siteId).executeTakeFirstOrThrow();
    const space = await context.db().selectFrom('spaces').select(['organization_id', 'deleted_at']).where('id', '=', spaceId).executeTakeFirst();
    if (space === undefined || space.deleted_at !== null || space.organization_id !== site.organization_id) {
      throw new QuireError('INVALID_ARGUMENT', `space ${spaceId} is not a live space of the site's organization`, { field: 'spaceId' });
    }
  };
  return {
    async createSiteSpace(input) {
      return withSiteLock(context, input.siteId, async () => {
        const levelKey = input.sectionId ?? '';
        await checkSection(input.siteId, input.sectionId ?? null);
        await checkSpace(input.siteId, input.spaceId);
        let path = checkText('path', input.path, { min: 1, max: 100 });
        if (input.suffixPath === true) {
          const taken = new Set((await context.db().selectFrom('site_spaces').select('path').where('site_id', '=', input.siteId).where('level_key', '=', levelKey).execute()).map((row) => row.path));
          path = freePath(path, taken);
        }
        await checkPathFree(input.siteId, levelKey, path);
        const row: SiteSpacesTable = {
          id: input.id ?? context.newId(),
          site_id: input.siteId,
          section_id: input.sectionId ?? null,
          level_key: levelKey,
          space_id: input.spaceId,
          path,
          title: input.title === undefined ? null : checkText('title', input.title, { max: 128 }),
          condition: null,
          hidden: 0,
          customization: null,
          customization_updated_at: null,
          position: input.position === undefined ? await nextStructurePosition(context, input.siteId, { kind: 'site-spaces', levelKey }) : checkPosition(input.position),
          created_at: context.timestamp(),
        };
        await context.db().insertInto('site_spaces').values(row).execute();
        return toSiteSpace(row);
      });
    },
    getSiteSpace: get,
    async updateSiteSpace(id, patch) {
      const current = await get(id);
      return withSiteLock(context, current.siteId, async () => {
        const changes: Partial<SiteSpacesTable> = {};
        let levelKey = current.sectionId ?? '';
        if (patch.sectionId !== undefined && (patch.sectionId ?? '') !== levelKey) {
          await checkSection(current.siteId, patch.sectionId);
          levelKey = patch.sectionId ?? '';
          changes.section_id = patch.sectionId;
          changes.level_key = levelKey;
          if (patch.position === undefined) changes.position = await nextStructurePosition(context, current.siteId, { kind: 'site-spaces', levelKey });
        }
        const path = patch.path === undefined ? current.path : checkText('path', patch.path, { min: 1, max: 100 });
        if (patch.path !== undefined || changes.level_key !== undefined) {
          await checkPathFree(current.siteId, levelKey, path, id);
          changes.path = path;
        }
        if (patch.condition !== undefined) changes.condition = patch.condition === null ? null : checkText('condition', patch.condition, { max: 1024 });
        if (patch.spaceId !== undefined) {
          await checkSpace(current.siteId, patch.spaceId);
          changes.space_id = patch.spaceId;
        }
        if (patch.hidden !== undefined) changes.hidden = patch.hidden ? 1 : 0;
        if (patch.position !== undefined) changes.position = checkPosition(patch.position);
        if (Object.keys(changes).length > 0) await context.db().updateTable('site_spaces').set(changes).where('id', '=', id).execute();
        return get(id);
      });
    },
    async deleteSiteSpace(id) {
      const row = await context.db().selectFrom('site_spaces').select('site_id').where('id', '=', id).executeTakeFirst();
      if (row === undefined) return false;
      return withSiteLock(context, row.site_id, async () => {
        const result = await context.db().deleteFrom('site_spaces').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    listSiteSpaces(filter, options = {}) {
      let query = context.db().selectFrom('site_spaces').selectAll().where('site_id', '=', filter.siteId);
      if (filter.default !== undefined) {
        const siteId = filter.siteId;
        query = query.where((eb) => {
          const inSections = eb('id', 'in', eb.selectFrom('site_sections').select('default_site_space_id').where('site_id', '=', siteId).where('default_site_space_id', 'is not', null));
          const atRoot = eb('id', 'in', eb.selectFrom('sites').select('default_site_space_id').where('id', '=', siteId).where('default_site_space_id', 'is not', null));
          const isDefault = eb.or([inSections, atRoot]);
          return filter.default === true ? isDefault : eb.not(isDefault);
        });
      }
      return listPage(
        query,
        {
          scope: `site-spaces|${filter.siteId}|${String(filter.default ?? '')}`,
          keys: [
            { column: 'level_key', direction: 'asc', value: (row) => row.level_key },
            { column: 'position', direction: 'asc', value: (row) => row.position },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toSiteSpace),
      );
    },
    async removeSpaceFromSites(spaceId) {
      const rows = await context.db().selectFrom('site_spaces').select(['id', 'site_id']).where('space_id', '=', spaceId).execute();
      let removed = 0;
      for (const siteId of new Set(rows.map((row) => row.site_id))) {
        removed += await withSiteLock(context, siteId, async () => {
          const result = await context.db().deleteFrom('site_spaces').where('site_id', '=', siteId).where('space_id', '=', spaceId).executeTakeFirst();
          return Number(result.numDeletedRows);
        });
      }
      return removed;
    },
  };
}

/**
 * A site-space row as its record.
 *
 * @example
 * const siteSpace = toSiteSpace(row);
 */
export function toSiteSpace(row: SiteSpacesTable): SiteSpaceRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    ...(row.section_id === null ? {} : { sectionId: row.section_id }),
    spaceId: row.space_id,
    path: row.path,
    ...(row.title === null ? {} : { title: row.title }),
    ...(row.condition === null ? {} : { condition: row.condition }),
    hidden: row.hidden === 1,
    position: row.position,
    createdAt: row.created_at,
  };
}
