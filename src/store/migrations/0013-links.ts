import type { Kysely, Migration } from 'kysely';

/**
 * The links extracted from page bodies (src/store/links/links.ts): one row per (document, path of the page's file),
 * immutable like the documents they come from. `key` is the SHA-256 of the pair, so that a long path (up to
 * 4096 bytes) never meets PostgreSQL's limit on the size of an index entry.
 *
 * @example
 * const migration = linksMigration();
 */
export function linksMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('link_extracts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('page_path', 'text', (c) => c.notNull())
        .addColumn('links', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('link_extracts').execute();
    },
  };
}
