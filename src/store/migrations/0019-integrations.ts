import type { Kysely, Migration } from 'kysely';

/**
 * Integrations (issue 16): the registry of published integrations (one row per name, its latest version's
 * fields as JSON columns, development mode), every published script version (its bytes are a content-addressed
 * blob, so a large bundle is not a row), installations on organizations, installations on spaces and sites of
 * an installation (`kind` space or site; no foreign key to either, as one table serves both: the service checks
 * the target when it installs), and integration events with their status, payload and trace logs.
 *
 * @example
 * const migration = integrationsMigration();
 */
export function integrationsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('integrations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('runtime', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('summary', 'text')
        .addColumn('icon_blob', 'text')
        .addColumn('preview_images', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('categories', 'text', (c) => c.notNull())
        .addColumn('blocks', 'text', (c) => c.notNull())
        .addColumn('content_sources', 'text', (c) => c.notNull())
        .addColumn('external_links', 'text', (c) => c.notNull())
        .addColumn('configurations', 'text', (c) => c.notNull())
        .addColumn('secrets', 'text', (c) => c.notNull())
        .addColumn('content_security_policy', 'text')
        .addColumn('dev_tunnel_url', 'text')
        .addColumn('dev_all', 'integer', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('integrations_by_organization').on('integrations').columns(['organization_id', 'name']).execute();

      await db.schema
        .createTable('integration_scripts')
        .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('blob', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_scripts_pk', ['integration_id', 'version'])
        .execute();

      await db.schema
        .createTable('integration_installations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('configuration', 'text', (c) => c.notNull())
        .addColumn('external_ids', 'text', (c) => c.notNull())
        .addColumn('space_selection', 'text', (c) => c.notNull())
        .addColumn('site_selection', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('integration_installations_by_target')
        .on('integration_installations')
        .columns(['integration_id', 'organization_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('integration_content_installations')
        .addColumn('installation_id', 'text', (c) => c.notNull().references('integration_installations.id').onDelete('cascade'))
        .addColumn('integration_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('configuration', 'text', (c) => c.notNull())
        .addColumn('external_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_content_installations_pk', ['installation_id', 'kind', 'target_id'])
        .execute();
      await db.schema
        .createIndex('integration_content_installations_by_integration')
        .on('integration_content_installations')
        .columns(['integration_id', 'kind', 'created_at'])
        .execute();

      await db.schema
        .createTable('integration_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
        .addColumn('installation_id', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('logs', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('integration_events_by_integration').on('integration_events').columns(['integration_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('integration_events').execute();
      await db.schema.dropTable('integration_content_installations').execute();
      await db.schema.dropTable('integration_installations').execute();
      await db.schema.dropTable('integration_scripts').execute();
      await db.schema.dropTable('integrations').execute();
    },
  };
}
