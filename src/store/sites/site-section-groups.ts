import type { SiteSectionGroupsTable } from '../database-schema.ts';
import { checkText, notFound } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { checkPosition } from '../spaces/collections.ts';
import { nextStructurePosition, withSiteLock } from './site-lock.ts';
import type { StoreContext } from '../store-context.ts';
import { QuireError } from '../../errors/index.ts';

/** A group of sections of a site (the published `SiteSectionGroup` without its children). */
export interface SiteSectionGroupRecord {
  id: string;
  siteId: string;
  /** The group it is nested in; absent at the root. */
  parentId?: string;
  title: string;
  icon?: string;
  position: string;
  createdAt: string;
}

export interface NewSiteSectionGroup {
  id?: string;
  siteId: string;
  title: string;
  icon?: string;
  parentId?: string;
  position?: string;
}

export interface SiteSectionGroupPatch {
  title?: string;
  icon?: string | null;
  /** null: the root. */
  parentId?: string | null;
  position?: string;
}

export interface SiteSectionGroupStore {
  /**
   * Adds a group to a site, after the last item of its level.
   *
   * @example
   * const group = await store.createSiteSectionGroup({ siteId: site.id, title: 'Products' });
   */
  createSiteSectionGroup(input: NewSiteSectionGroup): Promise<SiteSectionGroupRecord>;
  getSiteSectionGroup(id: string): Promise<SiteSectionGroupRecord>;
  updateSiteSectionGroup(id: string, patch: SiteSectionGroupPatch): Promise<SiteSectionGroupRecord>;
  /** Deletes a group; its sections and groups move up to its parent (nothing else is deleted). False when there was none. */
  deleteSiteSectionGroup(id: string): Promise<boolean>;
  listSiteSectionGroups(siteId: string, options?: ListOptions): Promise<ListPage<SiteSectionGroupRecord>>;
}

/**
 * The section-group methods of a Store.
 *
 * @example
 * const groups = siteSectionGroupStore(context);
 */
export function siteSectionGroupStore(context: StoreContext): SiteSectionGroupStore {
  const get = async (id: string): Promise<SiteSectionGroupRecord> => {
    const row = await context.db().selectFrom('site_section_groups').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('site section group', id);
    return toSiteSectionGroup(row);
  };
  const checkParent = async (siteId: string, parentId: string | null, self?: string): Promise<void> => {
    for (let cursor = parentId; cursor !== null; ) {
      if (cursor === self) throw new QuireError('INVALID_ARGUMENT', `section group ${self} cannot move into itself or its descendants`, { field: 'parent' });
      const row: { site_id: string; parent_id: string | null } | undefined = await context
        .db()
        .selectFrom('site_section_groups')
        .select(['site_id', 'parent_id'])
        .where('id', '=', cursor)
        .executeTakeFirst();
      if (row === undefined || row.site_id !== siteId) throw new QuireError('INVALID_ARGUMENT', `section group ${cursor} is not a group of site ${siteId}`, { field: 'parent' });
      cursor = row.parent_id;
    }
  };
  return {
    async createSiteSectionGroup(input) {
      return withSiteLock(context, input.siteId, async () => {
        await checkParent(input.siteId, input.parentId ?? null);
        const row: SiteSectionGroupsTable = {
          id: input.id ?? context.newId(),
          site_id: input.siteId,
          parent_id: input.parentId ?? null,
          title: checkText('title', input.title, { min: 1, max: 100 }),
          icon: input.icon === undefined ? null : checkText('icon', input.icon, { max: 50 }),
          position: input.position === undefined ? await nextStructurePosition(context, input.siteId, { kind: 'sections', groupId: input.parentId ?? null }) : checkPosition(input.position),
          created_at: context.timestamp(),
        };
        await context.db().insertInto('site_section_groups').values(row).execute();
        return toSiteSectionGroup(row);
      });
    },
    getSiteSectionGroup: get,
    async updateSiteSectionGroup(id, patch) {
      const current = await get(id);
      return withSiteLock(context, current.siteId, async () => {
        const changes: Partial<SiteSectionGroupsTable> = {};
        if (patch.title !== undefined) changes.title = checkText('title', patch.title, { min: 1, max: 100 });
        if (patch.icon !== undefined) changes.icon = patch.icon === null ? null : checkText('icon', patch.icon, { max: 50 });
        if (patch.parentId !== undefined && patch.parentId !== (current.parentId ?? null)) {
          await checkParent(current.siteId, patch.parentId, id);
          changes.parent_id = patch.parentId;
          if (patch.position === undefined) changes.position = await nextStructurePosition(context, current.siteId, { kind: 'sections', groupId: patch.parentId });
        }
        if (patch.position !== undefined) changes.position = checkPosition(patch.position);
        if (Object.keys(changes).length > 0) await context.db().updateTable('site_section_groups').set(changes).where('id', '=', id).execute();
        return get(id);
      });
    },
    async deleteSiteSectionGroup(id) {
      const row = await context.db().selectFrom('site_section_groups').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) return false;
      return withSiteLock(context, row.site_id, async () => {
        const db = context.db();
        const sections = await db.selectFrom('site_sections').select('id').where('group_id', '=', id).orderBy('position').orderBy('id').execute();
        const groups = await db.selectFrom('site_section_groups').select('id').where('parent_id', '=', id).orderBy('position').orderBy('id').execute();
        for (const section of sections) {
          const position = await nextStructurePosition(context, row.site_id, { kind: 'sections', groupId: row.parent_id });
          await db.updateTable('site_sections').set({ group_id: row.parent_id, position }).where('id', '=', section.id).execute();
        }
        for (const group of groups) {
          const position = await nextStructurePosition(context, row.site_id, { kind: 'sections', groupId: row.parent_id });
          await db.updateTable('site_section_groups').set({ parent_id: row.parent_id, position }).where('id', '=', group.id).execute();
        }
        const result = await db.deleteFrom('site_section_groups').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    listSiteSectionGroups(siteId, options = {}) {
      return listPage(
        context.db().selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId),
        {
          scope: `site-section-groups|${siteId}`,
          keys: [
            { column: 'position', direction: 'asc', value: (row) => row.position },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toSiteSectionGroup),
      );
    },
  };
}

/**
 * A group row as its record.
 *
 * @example
 * const group = toSiteSectionGroup(row);
 */
export function toSiteSectionGroup(row: SiteSectionGroupsTable): SiteSectionGroupRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    ...(row.parent_id === null ? {} : { parentId: row.parent_id }),
    title: row.title,
    ...(row.icon === null ? {} : { icon: row.icon }),
    position: row.position,
    createdAt: row.created_at,
  };
}
