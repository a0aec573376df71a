import type { Kysely, Migration } from 'kysely';

/**
 * Translations of spaces (`/v1/orgs/{organizationId}/translations`): one row per translation, holding both the
 * seed's fields (`title`) and the published `Translation`'s (source space and language, target language,
 * instructions as a JSON document). A translation goes with its organization and with its source space.
 *
 * @example
 * const migration = translationsMigration();
 */
export function translationsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('translations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('title', 'text')
        .addColumn('source_space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('source_language', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('instructions', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('translations_by_organization').on('translations').columns(['organization_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('translations_by_source_space').on('translations').column('source_space_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('translations').execute();
    },
  };
}
