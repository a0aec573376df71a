import type { Kysely, Migration } from 'kysely';

/**
 * The keys the service signs visitor-claims tokens with (`POST /v1/orgs/{organizationId}/ping`), kept in the
 * database so every process of a scale-out signs with the same key and serves the same JWKS. `generation` is
 * unique: two processes that both find the current key too old (or none at all) both try to insert the next
 * generation, and only one can, so there is never more than one current key. `private_jwk` is never served;
 * `retired_at` is set when the next generation replaces a key, which stays in the JWKS for a grace period.
 *
 * @example
 * const migration = signingKeysMigration();
 */
export function signingKeysMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('generation', 'integer', (c) => c.notNull().unique())
        .addColumn('algorithm', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('signing_keys').execute();
    },
  };
}
