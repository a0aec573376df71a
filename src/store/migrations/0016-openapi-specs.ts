import type { Kysely, Migration } from 'kysely';

/**
 * OpenAPI specs (`/v1/orgs/{organizationId}/openapi`): one row per spec of an organization (unique slug), with its
 * source (a URL or the text given), its processing state and last outcome, the processing lease (which process
 * holds the work and until when) and a generation counted up whenever new work is asked for; and one row per
 * version, with the processed filesystem (JSON) and its content hash. Rows go with their organization and spec.
 *
 * @example
 * const migration = openApiSpecsMigration();
 */
export function openApiSpecsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('openapi_specs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('source_url', 'text')
        .addColumn('source_text', 'text')
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('processing_state', 'text', (c) => c.notNull())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('last_version_id', 'text')
        .addColumn('last_processed_at', 'text')
        .addColumn('last_process_error_code', 'text')
        .addColumn('last_processed_errors', 'text')
        .addColumn('last_processed_error_count', 'integer', (c) => c.notNull())
        .addColumn('lease_holder', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('openapi_specs_slug', ['organization_id', 'slug'])
        .execute();
      await db.schema.createIndex('openapi_specs_by_state').on('openapi_specs').columns(['processing_state', 'lease_expires_at']).execute();
      await db.schema
        .createTable('openapi_spec_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('spec_id', 'text', (c) => c.notNull().references('openapi_specs.id').onDelete('cascade'))
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('source_url', 'text')
        .addColumn('filesystem', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('openapi_spec_versions_by_spec').on('openapi_spec_versions').columns(['spec_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('openapi_spec_versions').execute();
      await db.schema.dropTable('openapi_specs').execute();
    },
  };
}
