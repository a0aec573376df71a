import type { Kysely, Migration } from 'kysely';

/**
 * SAML single sign-on (issue 16): the identity providers of an organization (`saml_providers`), the
 * AuthnRequests the service issued (`saml_requests`: an answer must name one that has not expired and was not
 * used, so a response cannot be replayed) and the assertion ids already accepted (`saml_assertions`: the same
 * assertion twice is refused even under another request id). Rows go with their organization and provider;
 * deleting the default team leaves the provider without one.
 *
 * @example
 * const migration = samlProvidersMigration();
 */
export function samlProvidersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('saml_providers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('certificate', 'text')
        .addColumn('sso_url', 'text')
        .addColumn('default_team_id', 'text', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('default_role', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('saml_providers_by_organization').on('saml_providers').columns(['organization_id', 'created_at', 'id']).execute();
      await db.schema
        .createTable('saml_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) => c.notNull().references('saml_providers.id').onDelete('cascade'))
        .addColumn('relay_state', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('consumed_at', 'text')
        .execute();
      await db.schema
        .createTable('saml_assertions')
        .addColumn('provider_id', 'text', (c) => c.notNull().references('saml_providers.id').onDelete('cascade'))
        .addColumn('assertion_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('saml_assertions_pk', ['provider_id', 'assertion_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('saml_assertions').execute();
      await db.schema.dropTable('saml_requests').execute();
      await db.schema.dropTable('saml_providers').execute();
    },
  };
}
