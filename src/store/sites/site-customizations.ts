import { notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import type { StoreContext } from '../store-context.ts';

/** Stored customization settings (JSON, checked by the service) and when they were last written. */
export interface StoredCustomization {
  settings?: Record<string, unknown>;
  updatedAt?: string;
}

export interface SiteCustomizationStore {
  /**
   * The site's customization (no `settings`: never written, the defaults apply).
   *
   * @example
   * const { settings } = await store.getSiteCustomization(site.id);
   */
  getSiteCustomization(siteId: string): Promise<StoredCustomization>;
  /** Replaces the site's customization. */
  putSiteCustomization(siteId: string, settings: Record<string, unknown>): Promise<StoredCustomization>;
  /** A site space's overrides of its site's customization (no `settings`: none). */
  getSiteSpaceCustomization(siteSpaceId: string): Promise<StoredCustomization>;
  /** Replaces a site space's overrides; null removes them. Returns whether there were overrides before. */
  putSiteSpaceCustomization(siteSpaceId: string, settings: Record<string, unknown> | null): Promise<boolean>;
}

/**
 * The customization methods of a Store (JSON text on the site and site-space rows).
 *
 * @example
 * const customizations = siteCustomizationStore(context);
 */
export function siteCustomizationStore(context: StoreContext): SiteCustomizationStore {
  return {
    async getSiteCustomization(siteId) {
      const row = await context.db().selectFrom('sites').select(['customization', 'customization_updated_at']).where('id', '=', siteId).executeTakeFirst();
      if (row === undefined) throw notFound('site', siteId);
      return stored(row.customization, row.customization_updated_at);
    },
    async putSiteCustomization(siteId, settings) {
      const now = context.timestamp();
      const result = await context.db().updateTable('sites').set({ customization: jsonColumn(settings), customization_updated_at: now }).where('id', '=', siteId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('site', siteId);
      return { settings, updatedAt: now };
    },
    async getSiteSpaceCustomization(siteSpaceId) {
      const row = await context.db().selectFrom('site_spaces').select(['customization', 'customization_updated_at']).where('id', '=', siteSpaceId).executeTakeFirst();
      if (row === undefined) throw notFound('site space', siteSpaceId);
      return stored(row.customization, row.customization_updated_at);
    },
    async putSiteSpaceCustomization(siteSpaceId, settings) {
      return context.transaction(async () => {
        const row = await context.db().selectFrom('site_spaces').select('customization').where('id', '=', siteSpaceId).executeTakeFirst();
        if (row === undefined) throw notFound('site space', siteSpaceId);
        await context
          .db()
          .updateTable('site_spaces')
          .set({ customization: jsonColumn(settings), customization_updated_at: settings === null ? null : context.timestamp() })
          .where('id', '=', siteSpaceId)
          .execute();
        return row.customization !== null;
      });
    },
  };
}

function stored(text: string | null, updatedAt: string | null): StoredCustomization {
  const settings = parseJsonColumn<Record<string, unknown>>(text);
  return { ...(settings === undefined ? {} : { settings }), ...(updatedAt === null ? {} : { updatedAt }) };
}
