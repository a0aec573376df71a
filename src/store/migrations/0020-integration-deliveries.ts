import type { Kysely, Migration } from 'kysely';

/**
 * Integration event delivery (issue 16, running them): the outbox of events not yet delivered to their
 * integration (each row is one event: its payload, the trace logs of the attempts so far, when it is next due,
 * and the lease of the process delivering it — claimed by compare-and-set, so two processes never deliver one
 * event twice; a row is deleted when its event is written to `integration_events` with its final status), the
 * signing secret of each integration (made on first use, kept), and an index to find the installations of a
 * space when its content moves (one lookup, nothing when there is none).
 *
 * @example
 * const migration = integrationDeliveriesMigration();
 */
export function integrationDeliveriesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('integration_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
        .addColumn('installation_id', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('logs', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('integration_deliveries_by_due').on('integration_deliveries').columns(['due_at', 'id']).execute();

      await db.schema
        .createTable('integration_signing_secrets')
        .addColumn('integration_id', 'text', (c) => c.primaryKey().references('integrations.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createIndex('integration_content_installations_by_target')
        .on('integration_content_installations')
        .columns(['kind', 'target_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('integration_content_installations_by_target').execute();
      await db.schema.dropTable('integration_signing_secrets').execute();
      await db.schema.dropTable('integration_deliveries').execute();
    },
  };
}
