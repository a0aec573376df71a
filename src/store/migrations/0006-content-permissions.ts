import type { Kysely, Migration } from 'kysely';

/**
 * Explicit permissions on a space or a collection (`content_kind`), for a member of the organization or for a
 * team: what the published space- and collection-permissions operations manage. The level a member has on
 * content is the highest of its default level, its own grant, its teams' grants and those inherited from the
 * parent collections. Removing the membership or the team removes its grants (cascades); content ids are
 * polymorphic, so the service removes a content's grants when it deletes the content for good.
 *
 * @example
 * const migration = contentPermissionsMigration();
 */
export function contentPermissionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('content_user_permissions')
        .addColumn('content_kind', 'text', (c) => c.notNull())
        .addColumn('content_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_user_permissions_pk', ['content_kind', 'content_id', 'user_id'])
        .addForeignKeyConstraint('content_user_permissions_membership_fk', ['organization_id', 'user_id'], 'memberships', ['organization_id', 'user_id'], (fk) =>
          fk.onDelete('cascade'),
        )
        .execute();
      await db.schema.createIndex('content_user_permissions_by_user').on('content_user_permissions').columns(['organization_id', 'user_id', 'content_kind', 'content_id']).execute();

      await db.schema
        .createTable('content_team_permissions')
        .addColumn('content_kind', 'text', (c) => c.notNull())
        .addColumn('content_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_team_permissions_pk', ['content_kind', 'content_id', 'team_id'])
        .execute();
      await db.schema.createIndex('content_team_permissions_by_team').on('content_team_permissions').columns(['team_id', 'content_kind', 'content_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('content_team_permissions').execute();
      await db.schema.dropTable('content_user_permissions').execute();
    },
  };
}
