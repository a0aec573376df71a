import { notFound } from './field-checks.ts';
import type { StoreContext } from './store-context.ts';

/*
 * The few team writes the content-permission tests need (a team, its members, removing them), written while the
 * teams store (src/store/teams.ts, another branch) was being built. Once it is merged, its createTeam /
 * putTeamMember / removeTeamMember / deleteTeam do the same: replace these calls with them and delete this file.
 */

export interface TeamRowStore {
  /**
   * Adds a team to an organization (title as given, no checks: the teams API validates its input).
   *
   * @example
   * const teamId = await store.insertTeamRow(org.id, 'Writers');
   */
  insertTeamRow(organizationId: string, title: string): Promise<string>;
  /** Adds a member of the team's organization to the team (role `member`); again is a no-op. */
  insertTeamMemberRow(teamId: string, userId: string): Promise<void>;
  /** Removes a user from a team; false when it was not in it. */
  deleteTeamMemberRow(teamId: string, userId: string): Promise<boolean>;
  /** Deletes a team (its members and grants go with it, by the cascades); false when there was none. */
  deleteTeamRow(teamId: string): Promise<boolean>;
}

/**
 * The team-row methods of a Store.
 *
 * @example
 * const teamRows = teamRowStore(context);
 */
export function teamRowStore(context: StoreContext): TeamRowStore {
  return {
    async insertTeamRow(organizationId, title) {
      const id = context.newId();
      const now = context.timestamp();
      await context.db().insertInto('teams').values({ id, organization_id: organizationId, title, created_at: now, updated_at: now }).execute();
      return id;
    },
    async insertTeamMemberRow(teamId, userId) {
      const team = await context.db().selectFrom('teams').select('organization_id').where('id', '=', teamId).executeTakeFirst();
      if (team === undefined) throw notFound('team', teamId);
      await context
        .db()
        .insertInto('team_members')
        .values({ team_id: teamId, organization_id: team.organization_id, user_id: userId, role: 'member', joined_at: context.timestamp() })
        .onConflict((conflict) => conflict.columns(['team_id', 'user_id']).doNothing())
        .execute();
    },
    async deleteTeamMemberRow(teamId, userId) {
      const result = await context.db().deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async deleteTeamRow(teamId) {
      const result = await context.db().deleteFrom('teams').where('id', '=', teamId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
