import { notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import type { StoreContext } from '../store-context.ts';

/** A site's adaptive schema as stored (no `jsonSchema`: never written). */
export interface StoredAdaptiveSchema {
  jsonSchema?: Record<string, unknown>;
  updatedAt?: string;
}

export interface SiteAdaptiveSchemaStore {
  /**
   * The site's adaptive schema.
   *
   * @example
   * const { jsonSchema } = await store.getSiteAdaptiveSchema(site.id);
   */
  getSiteAdaptiveSchema(siteId: string): Promise<StoredAdaptiveSchema>;
  /** Replaces it (the service checks its shape). */
  putSiteAdaptiveSchema(siteId: string, jsonSchema: Record<string, unknown>): Promise<StoredAdaptiveSchema>;
}

/**
 * The adaptive-schema methods of a Store (JSON text on the site row).
 *
 * @example
 * const schemas = siteAdaptiveSchemaStore(context);
 */
export function siteAdaptiveSchemaStore(context: StoreContext): SiteAdaptiveSchemaStore {
  return {
    async getSiteAdaptiveSchema(siteId) {
      const row = await context.db().selectFrom('sites').select(['adaptive_schema', 'adaptive_schema_updated_at']).where('id', '=', siteId).executeTakeFirst();
      if (row === undefined) throw notFound('site', siteId);
      const jsonSchema = parseJsonColumn<Record<string, unknown>>(row.adaptive_schema);
      return { ...(jsonSchema === undefined ? {} : { jsonSchema }), ...(row.adaptive_schema_updated_at === null ? {} : { updatedAt: row.adaptive_schema_updated_at }) };
    },
    async putSiteAdaptiveSchema(siteId, jsonSchema) {
      const now = context.timestamp();
      const result = await context.db().updateTable('sites').set({ adaptive_schema: jsonColumn(jsonSchema), adaptive_schema_updated_at: now }).where('id', '=', siteId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('site', siteId);
      return { jsonSchema, updatedAt: now };
    },
  };
}
