import type { Kysely, Migration } from 'kysely';

/**
 * A member's pending removal request: who asked (a member who is not an admin, which the published
 * removeMemberFromOrganizationById answers with 202, "sent to the organization administrators") and when. Null
 * when nobody asked; the admins see it in `quire user list` and remove the member, or leave it.
 *
 * @example
 * const migration = memberRemovalRequestsMigration();
 */
export function memberRemovalRequestsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('memberships').addColumn('removal_requested_by', 'text').execute();
      await db.schema.alterTable('memberships').addColumn('removal_requested_at', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('memberships').dropColumn('removal_requested_at').execute();
      await db.schema.alterTable('memberships').dropColumn('removal_requested_by').execute();
    },
  };
}
