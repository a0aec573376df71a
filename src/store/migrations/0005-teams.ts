import type { Kysely, Migration } from 'kysely';

/**
 * Teams of an organization and their members. A team member must be a member of the organization: removing
 * the membership (or the user, or the organization) removes them from every team of it, by the cascades here.
 * Team roles: `owner` (manages the team's members) and `member`.
 *
 * @example
 * const migration = teamsMigration();
 */
export function teamsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('teams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('teams_by_organization').on('teams').columns(['organization_id', 'title', 'id']).execute();

      await db.schema
        .createTable('team_members')
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
        .addForeignKeyConstraint('team_members_membership_fk', ['organization_id', 'user_id'], 'memberships', ['organization_id', 'user_id'], (fk) =>
          fk.onDelete('cascade'),
        )
        .execute();
      await db.schema.createIndex('team_members_by_user').on('team_members').columns(['organization_id', 'user_id', 'team_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('team_members').execute();
      await db.schema.dropTable('teams').execute();
    },
  };
}
