import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../store-dialect.ts';

/**
 * Sites: the site itself (with its customization and adaptive schema as JSON text), its section groups,
 * sections, site spaces and share links (the hash of each key, never the key).
 *
 * The defaults are pointers on the parent (`sites.default_section_id`, `sites.default_site_space_id` for the
 * root level, `site_sections.default_site_space_id`), so there can never be two. Paths are unique among
 * siblings by index: sections per site, site spaces per level (`level_key`: the section id, or '' at the root).
 * Deleting a site, section or space deletes what hangs from it (foreign keys with cascade).
 *
 * @example
 * const migration = sitesMigration('postgres');
 */
export function sitesMigration(dialect: StoreDialect): Migration {
  const positionType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull())
        .addColumn('basename', 'text')
        .addColumn('proxy', 'text')
        .addColumn('default_level', 'text')
        .addColumn('adaptive_content', 'integer', (c) => c.notNull())
        .addColumn('agents_context', 'text')
        .addColumn('default_section_id', 'text')
        .addColumn('default_site_space_id', 'text')
        .addColumn('customization', 'text')
        .addColumn('customization_updated_at', 'text')
        .addColumn('adaptive_schema', 'text')
        .addColumn('adaptive_schema_updated_at', 'text')
        .addColumn('structure_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sites_by_creation').on('sites').columns(['organization_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('site_section_groups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('parent_id', 'text', (c) => c.references('site_section_groups.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_section_groups_by_site').on('site_section_groups').columns(['site_id', 'position', 'id']).execute();

      await db.schema
        .createTable('site_sections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('group_id', 'text', (c) => c.references('site_section_groups.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('icon', 'text')
        .addColumn('condition', 'text')
        .addColumn('default_site_space_id', 'text')
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_sections_by_site').on('site_sections').columns(['site_id', 'position', 'id']).execute();
      await db.schema.createIndex('site_sections_path').on('site_sections').columns(['site_id', 'path']).unique().execute();

      await db.schema
        .createTable('site_spaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('section_id', 'text', (c) => c.references('site_sections.id').onDelete('cascade'))
        .addColumn('level_key', 'text', (c) => c.notNull())
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('condition', 'text')
        .addColumn('hidden', 'integer', (c) => c.notNull())
        .addColumn('customization', 'text')
        .addColumn('customization_updated_at', 'text')
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_spaces_by_site').on('site_spaces').columns(['site_id', 'level_key', 'position', 'id']).execute();
      await db.schema.createIndex('site_spaces_path').on('site_spaces').columns(['site_id', 'level_key', 'path']).unique().execute();
      await db.schema.createIndex('site_spaces_by_space').on('site_spaces').columns(['space_id']).execute();

      await db.schema
        .createTable('site_share_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_share_links_by_site').on('site_share_links').columns(['site_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['site_share_links', 'site_spaces', 'site_sections', 'site_section_groups', 'sites']) await db.schema.dropTable(table).execute();
    },
  };
}
