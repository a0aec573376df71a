import type { Kysely, Migration } from 'kysely';

/**
 * Import runs (`startImportRun`, `getImportRun`, `listImportRuns`, `cancelImportRun`): one row per website import
 * run in the background of a server process, with its status, its counts as pages arrive, the pages it wrote
 * (JSON), and the heartbeat of the process running it (a run whose process died is shown as failed). Rows go
 * with their organization and space.
 *
 * @example
 * const migration = importRunsMigration();
 */
export function importRunsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('import_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('change_request_id', 'text')
        .addColumn('source_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('discovered', 'integer', (c) => c.notNull())
        .addColumn('imported', 'integer', (c) => c.notNull())
        .addColumn('pages', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('import_runs_by_organization').on('import_runs').columns(['organization_id', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('import_runs').execute();
    },
  };
}
