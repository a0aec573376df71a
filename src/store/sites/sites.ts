import { sql } from 'kysely';
import type { SitesTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound, type DefaultLevel } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';
import { withSiteLock } from './site-lock.ts';
import { QuireError } from '../../errors/index.ts';
import { requireOrganization } from '../require-organization.ts';

export type SiteType = 'basic' | 'premium' | 'ultimate' | 'sponsored' | 'legacy-basic' | 'legacy-premium';
export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
export type SiteAgentsContext = 'included' | 'excluded';

export const siteTypes: readonly SiteType[] = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'];
export const siteVisibilities: readonly SiteVisibility[] = ['public', 'unlisted', 'share-link', 'visitor-auth'];
export const siteAgentsContexts: readonly SiteAgentsContext[] = ['included', 'excluded'];

/** A site, as stored: the published `Site` without the computed fields (counts, urls, permissions). */
export interface SiteRecord {
  id: string;
  organizationId: string;
  title: string;
  type: SiteType;
  visibility: SiteVisibility;
  published: boolean;
  basename?: string;
  /** The proxy origin (`company.com/docs`). */
  proxy?: string;
  defaultLevel: DefaultLevel;
  adaptiveContent: boolean;
  agentsContext?: SiteAgentsContext;
  /** The default section (set whenever the site has sections). */
  defaultSectionId?: string;
  /** The default site space at the root level (set whenever the site has root site spaces). */
  defaultSiteSpaceId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewSite {
  id?: string;
  organizationId: string;
  title: string;
  type?: SiteType;
  visibility?: SiteVisibility;
}

/** What may change on a site. null removes an optional field. */
export interface SitePatch {
  title?: string;
  type?: SiteType;
  visibility?: SiteVisibility;
  published?: boolean;
  basename?: string | null;
  proxy?: string | null;
  defaultLevel?: DefaultLevel;
  adaptiveContent?: boolean;
  agentsContext?: SiteAgentsContext;
  /** A section of the site. */
  defaultSectionId?: string;
  /** A site space at the root level of the site. */
  defaultSiteSpaceId?: string;
}

/** Which sites to list: an organization's, optionally by exact title, published state, or holding a space. */
export interface SiteFilter {
  organizationId: string;
  title?: string;
  published?: boolean;
  spaceId?: string;
}

export interface SiteStore {
  /**
   * Creates an unpublished site with no content.
   *
   * @example
   * const site = await store.createSite({ organizationId: org.id, title: 'Docs' });
   */
  createSite(input: NewSite): Promise<SiteRecord>;
  getSite(id: string): Promise<SiteRecord>;
  /** Changes a site; defaults must point at members of the right level (`INVALID_ARGUMENT` otherwise). */
  updateSite(id: string, patch: SitePatch): Promise<SiteRecord>;
  /** Deletes a site and everything in it; false when there was none. */
  deleteSite(id: string): Promise<boolean>;
  listSites(filter: SiteFilter, options?: ListOptions): Promise<ListPage<SiteRecord>>;
  /** How many site spaces the site holds, in every level. */
  countSiteSpaces(siteId: string): Promise<number>;
}

/**
 * The site methods of a Store.
 *
 * @example
 * const sites = siteStore(context);
 */
export function siteStore(context: StoreContext): SiteStore {
  const get = async (id: string): Promise<SiteRecord> => {
    const row = await context.db().selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('site', id);
    return toSite(row);
  };
  return {
    async createSite(input) {
      await requireOrganization(context, input.organizationId);
      const now = context.timestamp();
      const row: SitesTable = {
        id: input.id ?? context.newId(),
        organization_id: input.organizationId,
        title: checkText('title', input.title, { min: 1, max: 128 }),
        type: checkOneOf('type', input.type ?? 'basic', siteTypes),
        visibility: checkOneOf('visibility', input.visibility ?? 'public', siteVisibilities),
        published: 0,
        basename: null,
        proxy: null,
        default_level: 'inherit',
        adaptive_content: 0,
        agents_context: 'included',
        default_section_id: null,
        default_site_space_id: null,
        customization: null,
        customization_updated_at: null,
        adaptive_schema: null,
        adaptive_schema_updated_at: null,
        structure_version: 0,
        created_at: now,
        updated_at: now,
      };
      await context.db().insertInto('sites').values(row).execute();
      return toSite(row);
    },
    getSite: get,
    async updateSite(id, patch) {
      return withSiteLock(context, id, async () => {
        const changes: Partial<SitesTable> = { updated_at: context.timestamp() };
        if (patch.title !== undefined) changes.title = checkText('title', patch.title, { min: 1, max: 128 });
        if (patch.type !== undefined) changes.type = checkOneOf('type', patch.type, siteTypes);
        if (patch.visibility !== undefined) changes.visibility = checkOneOf('visibility', patch.visibility, siteVisibilities);
        if (patch.published !== undefined) changes.published = patch.published ? 1 : 0;
        if (patch.basename !== undefined) changes.basename = patch.basename === null ? null : checkText('basename', patch.basename, { min: 1, max: 100 });
        if (patch.proxy !== undefined) changes.proxy = patch.proxy === null ? null : checkText('proxy', patch.proxy, { min: 1, max: 512 });
        if (patch.defaultLevel !== undefined) changes.default_level = patch.defaultLevel;
        if (patch.adaptiveContent !== undefined) changes.adaptive_content = patch.adaptiveContent ? 1 : 0;
        if (patch.agentsContext !== undefined) changes.agents_context = checkOneOf('agentsContext', patch.agentsContext, siteAgentsContexts);
        if (patch.defaultSectionId !== undefined) {
          const section = await context.db().selectFrom('site_sections').select('id').where('id', '=', patch.defaultSectionId).where('site_id', '=', id).executeTakeFirst();
          if (section === undefined) throw new QuireError('INVALID_ARGUMENT', `defaultSiteSection ${patch.defaultSectionId} is not a section of site ${id}`, { field: 'defaultSiteSection' });
          changes.default_section_id = patch.defaultSectionId;
        }
        if (patch.defaultSiteSpaceId !== undefined) {
          const member = await context
            .db()
            .selectFrom('site_spaces')
            .select('id')
            .where('id', '=', patch.defaultSiteSpaceId)
            .where('site_id', '=', id)
            .where('level_key', '=', '')
            .executeTakeFirst();
          if (member === undefined) throw new QuireError('INVALID_ARGUMENT', `defaultSiteSpace ${patch.defaultSiteSpaceId} is not a site space at the root of site ${id}`, { field: 'defaultSiteSpace' });
          changes.default_site_space_id = patch.defaultSiteSpaceId;
        }
        await context.db().updateTable('sites').set(changes).where('id', '=', id).execute();
        return get(id);
      });
    },
    async deleteSite(id) {
      const result = await context.db().deleteFrom('sites').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listSites(filter, options = {}) {
      let query = context.db().selectFrom('sites').selectAll().where('organization_id', '=', filter.organizationId);
      if (filter.title !== undefined) query = query.where('title', '=', filter.title);
      if (filter.published !== undefined) query = query.where('published', '=', filter.published ? 1 : 0);
      if (filter.spaceId !== undefined) {
        const spaceId = filter.spaceId;
        query = query.where('id', 'in', (eb) => eb.selectFrom('site_spaces').select('site_id').where('space_id', '=', spaceId));
      }
      return listPage(
        query,
        {
          scope: `sites|${filter.organizationId}|${filter.title ?? ''}|${String(filter.published ?? '')}|${filter.spaceId ?? ''}`,
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toSite),
      );
    },
    async countSiteSpaces(siteId) {
      const row = await context.db().selectFrom('site_spaces').select(sql<string | number>`count(*)`.as('n')).where('site_id', '=', siteId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

function toSite(row: SitesTable): SiteRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    type: row.type as SiteType,
    visibility: row.visibility as SiteVisibility,
    published: row.published === 1,
    ...(row.basename === null ? {} : { basename: row.basename }),
    ...(row.proxy === null ? {} : { proxy: row.proxy }),
    defaultLevel: row.default_level as DefaultLevel,
    adaptiveContent: row.adaptive_content === 1,
    ...(row.agents_context === null ? {} : { agentsContext: row.agents_context as SiteAgentsContext }),
    ...(row.default_section_id === null ? {} : { defaultSectionId: row.default_section_id }),
    ...(row.default_site_space_id === null ? {} : { defaultSiteSpaceId: row.default_site_space_id }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
