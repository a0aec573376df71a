import type { SiteShareLinksTable } from '../database-schema.ts';
import { checkText, notFound } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** A share link of a site: a secret key (only its hash is stored) that lets anyone read a `share-link` site. */
export interface SiteShareLinkRecord {
  id: string;
  siteId: string;
  name: string;
  active: boolean;
  /** SHA-256 hex of the key. */
  keyHash: string;
  createdAt: string;
}

export interface NewSiteShareLink {
  id?: string;
  siteId: string;
  name: string;
  keyHash: string;
}

export interface SiteShareLinkStore {
  /**
   * Creates an active share link.
   *
   * @example
   * const link = await store.createSiteShareLink({ siteId, name: 'Reviewers', keyHash: sha256Hex(key) });
   */
  createSiteShareLink(input: NewSiteShareLink): Promise<SiteShareLinkRecord>;
  getSiteShareLink(id: string): Promise<SiteShareLinkRecord>;
  updateSiteShareLink(id: string, patch: { name?: string; active?: boolean }): Promise<SiteShareLinkRecord>;
  /** False when there was none. */
  deleteSiteShareLink(id: string): Promise<boolean>;
  /** A site's share links, oldest first; `search` keeps those whose name contains it. */
  listSiteShareLinks(siteId: string, options?: ListOptions & { search?: string }): Promise<ListPage<SiteShareLinkRecord>>;
  /** The active share link of the site with this key hash, if any. */
  findActiveSiteShareLink(siteId: string, keyHash: string): Promise<SiteShareLinkRecord | undefined>;
}

/**
 * The share-link methods of a Store.
 *
 * @example
 * const links = siteShareLinkStore(context);
 */
export function siteShareLinkStore(context: StoreContext): SiteShareLinkStore {
  const get = async (id: string): Promise<SiteShareLinkRecord> => {
    const row = await context.db().selectFrom('site_share_links').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('share link', id);
    return toShareLink(row);
  };
  return {
    async createSiteShareLink(input) {
      const site = await context.db().selectFrom('sites').select('id').where('id', '=', input.siteId).executeTakeFirst();
      if (site === undefined) throw notFound('site', input.siteId);
      const row: SiteShareLinksTable = {
        id: input.id ?? context.newId(),
        site_id: input.siteId,
        name: checkText('name', input.name, { max: 50 }),
        key_hash: input.keyHash,
        active: 1,
        created_at: context.timestamp(),
      };
      await context.db().insertInto('site_share_links').values(row).execute();
      return toShareLink(row);
    },
    getSiteShareLink: get,
    async updateSiteShareLink(id, patch) {
      const changes: Partial<SiteShareLinksTable> = {};
      if (patch.name !== undefined) changes.name = checkText('name', patch.name, { max: 50 });
      if (patch.active !== undefined) changes.active = patch.active ? 1 : 0;
      if (Object.keys(changes).length > 0) {
        const result = await context.db().updateTable('site_share_links').set(changes).where('id', '=', id).executeTakeFirst();
        if (result.numUpdatedRows === 0n) throw notFound('share link', id);
      }
      return get(id);
    },
    async deleteSiteShareLink(id) {
      const result = await context.db().deleteFrom('site_share_links').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listSiteShareLinks(siteId, options = {}) {
      let query = context.db().selectFrom('site_share_links').selectAll().where('site_id', '=', siteId);
      const search = options.search;
      if (search !== undefined && search !== '') query = query.where('name', 'like', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return listPage(
        query,
        {
          scope: `site-share-links|${siteId}|${search ?? ''}`,
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toShareLink),
      );
    },
    async findActiveSiteShareLink(siteId, keyHash) {
      const row = await context.db().selectFrom('site_share_links').selectAll().where('site_id', '=', siteId).where('key_hash', '=', keyHash).where('active', '=', 1).executeTakeFirst();
      return row === undefined ? undefined : toShareLink(row);
    },
  };
}

function toShareLink(row: SiteShareLinksTable): SiteShareLinkRecord {
  return { id: row.id, siteId: row.site_id, name: row.name, active: row.active === 1, keyHash: row.key_hash, createdAt: row.created_at };
}
