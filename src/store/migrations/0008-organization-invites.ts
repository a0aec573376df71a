import type { Kysely, Migration } from 'kysely';

/**
 * Invites to an organization. Two kinds share the table: `link` invites (the published `InviteLinkToOrganization`:
 * whoever holds the id may join with its role, while the organization has `inviteLinks` on) and `email` invites
 * (made by inviteUsersToOrganization: one pending invite per address, used up when that user joins). An address
 * has at most one pending invite per organization (the unique index; NULL e-mails of link invites never clash).
 * Deleting the organization deletes its invites.
 *
 * @example
 * const migration = organizationInvitesMigration();
 */
export function organizationInvitesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organization_invites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('role', 'text')
        .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('organization_invites_by_kind').on('organization_invites').columns(['organization_id', 'kind', 'created_at', 'id']).execute();
      await db.schema.createIndex('organization_invites_by_email').on('organization_invites').columns(['organization_id', 'email']).unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('organization_invites').execute();
    },
  };
}
