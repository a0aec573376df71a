import type { Kysely, Migration } from 'kysely';

/**
 * PDFs printed of change requests (`getChangeRequestPDF`): one row per change request, revision, variant (the
 * whole content, a page with its descendants, or a page alone) and look (a hash of what else the print depends
 * on: customization, titles, paper, print template). The PDF bytes are a content-addressed blob, so every process
 * sharing the database and the blob folder reuses a print. Rows go with their change request and space.
 *
 * @example
 * const migration = changeRequestPdfsMigration();
 */
export function changeRequestPdfsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('change_request_pdfs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('change_request_id', 'text', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('look', 'text', (c) => c.notNull())
        .addColumn('blob', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('change_request_pdfs_by_key')
        .on('change_request_pdfs')
        .columns(['change_request_id', 'revision_id', 'variant', 'look'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('change_request_pdfs').execute();
    },
  };
}
