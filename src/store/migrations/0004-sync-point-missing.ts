import type { Kysely, Migration } from 'kysely';

/**
 * What a sync point's revision lacks of its commit: the paths of the files the space refused (over its file
 * limit), as a JSON array, so every later sync names them and brings each in once it fits, even from a fresh
 * clone. NULL on the rows recorded before this column: unknown, and sync then looks through Git's files itself.
 *
 * @example
 * const migration = syncPointMissingMigration();
 */
export function syncPointMissingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sync_points').addColumn('missing_paths', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sync_points').dropColumn('missing_paths').execute();
    },
  };
}
