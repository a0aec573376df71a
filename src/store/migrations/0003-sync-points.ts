import type { Kysely, Migration } from 'kysely';

/**
 * Sync points: for each repository and branch that syncs a space, the revision and the commit they last
 * agreed on (docs/api-extensions.md `sync-points`). One row per (space, repository, ref), replaced on each
 * sync; deleting the space deletes them.
 *
 * @example
 * const migration = syncPointsMigration();
 */
export function syncPointsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sync_points')
        .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
        .addColumn('repository', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('revision_id', 'text', (c) => c.notNull().references('revisions.id').onDelete('cascade'))
        .addColumn('commit_oid', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sync_points_key', ['space_id', 'repository', 'ref'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sync_points').execute();
    },
  };
}
