import { sql, type ExpressionBuilder } from 'kysely';
import { QuireError } from '../../errors/index.ts';
import type { Database, TeamsTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound } from '../field-checks.ts';
import { toMember, type MemberRecord } from './members.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import { requireOrganization } from '../require-organization.ts';
import type { StoreContext } from '../store-context.ts';
import { escapeLike } from '../like-pattern.ts';

/** A team member's role: `owner` manages the team's members, `member` is one (the published `TeamMemberRole`). */
export type TeamRole = 'owner' | 'member';
export const teamRoles: readonly TeamRole[] = ['owner', 'member'];

/** A team (the published `OrganizationTeam` without `object` and `permissions`), with its counts. */
export interface TeamRecord {
  id: string;
  organizationId: string;
  /** 1 to 64 characters. */
  title: string;
  createdAt: string;
  updatedAt: string;
  /** How many members the team has. */
  members: number;
  /** How many spaces the team was given a role on (explicit grants, `content_team_permissions`). */
  spaces: number;
}

export interface NewTeam {
  id?: string;
  organizationId: string;
  title: string;
  /** Members from the start; each must be a member of the organization. Default role `member`. */
  members?: readonly TeamMemberChange[];
}

/** A user to put in a team; without `role`, a new member is a `member` and an existing one keeps its role. */
export interface TeamMemberChange {
  userId: string;
  role?: TeamRole;
}

/** A member of a team: its organization membership (with the user) and its team role. */
export interface TeamMemberRecord {
  teamId: string;
  member: MemberRecord;
  role: TeamRole;
  /** When the user joined the team. */
  joinedAt: string;
  /** The member's teams in the organization, and the spaces it was given a role on (explicit grants). */
  counts: { teams: number; spaces: number };
}

/** Which teams to list: an organization's, optionally only those whose title holds `title` (any case). */
export interface TeamFilter {
  organizationId: string;
  /** A case-insensitive substring of the title. */
  title?: string;
  /** Only the teams this user owns. */
  ownedBy?: string;
}

export interface TeamStore {
  /**
   * Creates a team of an organization, with its first members, in one transaction. `INVALID_ARGUMENT` naming
   * `members` when one of them is not a member of the organization (nothing is created).
   *
   * @example
   * const writers = await store.createTeam({ organizationId: org.id, title: 'Writers', members: [{ userId: ada.id }] });
   */
  createTeam(input: NewTeam): Promise<TeamRecord>;
  /** A team by id; `NOT_FOUND` when there is none. */
  getTeam(id: string): Promise<TeamRecord>;
  /** Renames a team; `NOT_FOUND` when there is none. */
  updateTeam(id: string, patch: { title?: string }): Promise<TeamRecord>;
  /** Deletes a team, its memberships and its content grants; false when there was none. */
  deleteTeam(id: string): Promise<boolean>;
  /** An organization's teams by title, then id. */
  listTeams(filter: TeamFilter, options?: ListOptions): Promise<ListPage<TeamRecord>>;
  /**
   * Adds a member to a team, or changes its role. `NOT_FOUND` for an unknown team; `INVALID_ARGUMENT` naming
   * `userId` when the user is not a member of the team's organization.
   *
   * @example
   * await store.putTeamMember(team.id, { userId: ada.id, role: 'owner' });
   */
  putTeamMember(teamId: string, change: TeamMemberChange): Promise<TeamMemberRecord>;
  /** Removes a member from a team; false when it was not in it. */
  removeTeamMember(teamId: string, userId: string): Promise<boolean>;
  /**
   * Adds or updates `put`, then removes `remove`, in one transaction: a user in both lists ends up removed.
   * Checks every user of `put` first (`INVALID_ARGUMENT` naming `put`), so a refusal changes nothing.
   */
  updateTeamMembers(teamId: string, changes: { put: readonly TeamMemberChange[]; remove: readonly string[] }): Promise<void>;
  /** A team's members, by the time they joined it; `NOT_FOUND` for an unknown team. */
  listTeamMembers(teamId: string, options?: ListOptions): Promise<ListPage<TeamMemberRecord>>;
  /** The role of a user in a team, or undefined when it is not in it. */
  getTeamRole(teamId: string, userId: string): Promise<TeamRole | undefined>;
  /** The teams of an organization a user is in, with its role in each, by title then id. */
  listMemberTeams(organizationId: string, userId: string, filter?: { title?: string }, options?: ListOptions): Promise<ListPage<{ team: TeamRecord; role: TeamRole }>>;
}

/** Team titles: 1 to 64 characters (the published `OrganizationTeamTitle`). */
export const teamTitleLimits = { min: 1, max: 64 } as const;

type TeamRow = TeamsTable & { member_count: string | number | bigint | null; space_count: string | number | bigint | null };

/**
 * The team methods of a Store.
 *
 * @example
 * const teams = teamStore(context);
 */
export function teamStore(context: StoreContext): TeamStore {
  const counts = (eb: ExpressionBuilder<Database, 'teams'>) => [
    eb.selectFrom('team_members').select(sql<number>`count(*)`.as('n')).whereRef('team_members.team_id', '=', 'teams.id').as('member_count'),
    eb
      .selectFrom('content_team_permissions')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('content_team_permissions.team_id', '=', 'teams.id')
      .where('content_team_permissions.content_kind', '=', 'space')
      .as('space_count'),
  ];
  const selectTeams = () => context.db().selectFrom('teams').selectAll('teams').select(counts);
  const get = async (id: string): Promise<TeamRecord> => {
    const row = await selectTeams().where('teams.id', '=', id).executeTakeFirst();
    if (row === undefined) throw notFound('team', id);
    return toTeam(row);
  };
  // The check the foreign key makes too, done first so the refusal names the user and the field.
  const requireMembers = async (organizationId: string, userIds: readonly string[], field: string): Promise<void> => {
    const wanted = [...new Set(userIds)];
    if (wanted.length === 0) return;
    const found = new Set<string>();
    for (let start = 0; start < wanted.length; start += 500) {
      const rows = await context
        .db()
        .selectFrom('memberships')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', 'in', wanted.slice(start, start + 500))
        .execute();
      for (const row of rows) found.add(row.user_id);
    }
    const missing = wanted.find((userId) => !found.has(userId));
    if (missing !== undefined) {
      throw new QuireError('INVALID_ARGUMENT', `${field}: user ${missing} is not a member of organization ${organizationId}`, { field, user: missing });
    }
  };
  const put = async (team: { id: string; organizationId: string }, change: TeamMemberChange): Promise<void> => {
    const role = change.role === undefined ? undefined : checkOneOf('role', change.role, teamRoles);
    await context
      .db()
      .insertInto('team_members')
      .values({ team_id: team.id, organization_id: team.organizationId, user_id: change.userId, role: role ?? 'member', joined_at: context.timestamp() })
      // One statement, so two requests adding the same member at once cannot both insert; no role keeps the one it has.
      .onConflict((conflict) => (role === undefined ? conflict.columns(['team_id', 'user_id']).doNothing() : conflict.columns(['team_id', 'user_id']).doUpdateSet({ role })))
      .execute();
  };
  const titleFilter = (title: string) => sql<boolean>`${sql.ref('teams.title_search')} like ${`%${escapeLike(title.toLowerCase())}%`} escape '\\'`;

  return {
    async createTeam(input) {
      return context.transaction(async () => {
        await requireOrganization(context, input.organizationId);
        const title = checkText('title', input.title, teamTitleLimits);
        const members = input.members ?? [];
        await requireMembers(input.organizationId, members.map((change) => change.userId), 'members');
        const now = context.timestamp();
        const row: TeamsTable = { id: input.id ?? context.newId(), organization_id: input.organizationId, title, title_search: title.toLowerCase(), created_at: now, updated_at: now };
        await context.db().insertInto('teams').values(row).execute();
        for (const change of members) await put({ id: row.id, organizationId: row.organization_id }, change);
        return get(row.id);
      });
    },
    getTeam: get,
    async updateTeam(id, patch) {
      const changes: Partial<TeamsTable> = { updated_at: context.timestamp() };
      if (patch.title !== undefined) {
        changes.title = checkText('title', patch.title, teamTitleLimits);
        changes.title_search = changes.title.toLowerCase();
      }
      const result = await context.db().updateTable('teams').set(changes).where('id', '=', id).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('team', id);
      return get(id);
    },
    async deleteTeam(id) {
      const result = await context.db().deleteFrom('teams').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listTeams(filter, options = {}) {
      let query = selectTeams().where('teams.organization_id', '=', filter.organizationId);
      if (filter.title !== undefined) query = query.where(titleFilter(filter.title));
      if (filter.ownedBy !== undefined) {
        const owner = filter.ownedBy;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('team_members')
              .select('team_members.team_id')
              .whereRef('team_members.team_id', '=', 'teams.id')
              .where('team_members.user_id', '=', owner)
              .where('team_members.role', '=', 'owner'),
          ),
        );
      }
      return listPage(
        query,
        {
          scope: `teams|${filter.organizationId}|${filter.title ?? ''}|${filter.ownedBy ?? ''}`,
          keys: [
            { column: 'teams.title', direction: 'asc', value: (row) => row.title },
            { column: 'teams.id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toTeam),
      );
    },
    async putTeamMember(teamId, change) {
      return context.transaction(async () => {
        const team = await get(teamId);
        await requireMembers(team.organizationId, [change.userId], 'userId');
        await put(team, change);
        const member = await memberOfTeam(context, teamId, change.userId);
        if (member === undefined) throw new QuireError('INTERNAL', `team member ${change.userId} of team ${teamId} vanished as it was written`);
        return member;
      });
    },
    async removeTeamMember(teamId, userId) {
      const result = await context.db().deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async updateTeamMembers(teamId, changes) {
      await context.transaction(async () => {
        const team = await get(teamId);
        await requireMembers(team.organizationId, changes.put.map((change) => change.userId), 'put');
        for (const change of changes.put) await put(team, change);
        const remove = [...new Set(changes.remove)];
        for (let start = 0; start < remove.length; start += 500) {
          await context.db().deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', 'in', remove.slice(start, start + 500)).execute();
        }
      });
    },
    async listTeamMembers(teamId, options = {}) {
      await get(teamId);
      return listPage(
        selectTeamMembers(context).where('team_members.team_id', '=', teamId),
        {
          scope: `team-members|${teamId}`,
          keys: [
            { column: 'team_members.joined_at', direction: 'asc', value: (row) => row.team_joined_at },
            { column: 'team_members.user_id', direction: 'asc', value: (row) => row.user_id },
          ],
        },
        options,
        (rows) => rows.map(toTeamMember),
      );
    },
    async getTeamRole(teamId, userId) {
      const row = await context.db().selectFrom('team_members').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
      return row?.role as TeamRole | undefined;
    },
    listMemberTeams(organizationId, userId, filter = {}, options = {}) {
      let query = context
        .db()
        .selectFrom('teams')
        .innerJoin('team_members', 'team_members.team_id', 'teams.id')
        .selectAll('teams')
        .select('team_members.role as team_role')
        .select(counts)
        .where('team_members.organization_id', '=', organizationId)
        .where('team_members.user_id', '=', userId);
      if (filter.title !== undefined) query = query.where(titleFilter(filter.title));
      return listPage(
        query,
        {
          scope: `member-teams|${organizationId}|${userId}|${filter.title ?? ''}`,
          keys: [
            { column: 'teams.title', direction: 'asc', value: (row) => row.title },
            { column: 'teams.id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map((row) => ({ team: toTeam(row), role: row.team_role as TeamRole })),
      );
    },
  };
}

function selectTeamMembers(context: StoreContext) {
  return context
    .db()
    .selectFrom('team_members')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.organization_id', '=', 'team_members.organization_id').onRef('memberships.user_id', '=', 'team_members.user_id'),
    )
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.team_id as team_id',
      'team_members.role as team_role',
      'team_members.joined_at as team_joined_at',
      'memberships.organization_id as organization_id',
      'memberships.role as role',
      'memberships.disabled as disabled',
      'memberships.sso as sso',
      'memberships.joined_at as joined_at',
      'memberships.last_seen_at as last_seen_at',
      'memberships.removal_requested_by as removal_requested_by',
      'memberships.removal_requested_at as removal_requested_at',
      'users.id as user_id',
      'users.display_name as user_display_name',
      'users.email as user_email',
      'users.photo_url as user_photo_url',
      'users.created_at as user_created_at',
      'users.updated_at as user_updated_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('team_members as teams_of_member')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('teams_of_member.organization_id', '=', 'memberships.organization_id')
        .whereRef('teams_of_member.user_id', '=', 'memberships.user_id')
        .as('member_teams'),
      eb
        .selectFrom('content_user_permissions')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('content_user_permissions.organization_id', '=', 'memberships.organization_id')
        .whereRef('content_user_permissions.user_id', '=', 'memberships.user_id')
        .where('content_user_permissions.content_kind', '=', 'space')
        .as('member_spaces'),
    ]);
}

type TeamMemberRow = Awaited<ReturnType<ReturnType<typeof selectTeamMembers>['executeTakeFirstOrThrow']>>;

async function memberOfTeam(context: StoreContext, teamId: string, userId: string): Promise<TeamMemberRecord | undefined> {
  const row = await selectTeamMembers(context).where('team_members.team_id', '=', teamId).where('team_members.user_id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : toTeamMember(row);
}

function toTeamMember(row: TeamMemberRow): TeamMemberRecord {
  return {
    teamId: row.team_id,
    role: row.team_role as TeamRole,
    joinedAt: row.team_joined_at,
    counts: { teams: Number(row.member_teams ?? 0), spaces: Number(row.member_spaces ?? 0) },
    // The membership as members.ts reads it: the join above is its row.
    member: toMember(row),
  };
}

function toTeam(row: TeamRow): TeamRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    members: Number(row.member_count ?? 0),
    spaces: Number(row.space_count ?? 0),
  };
}
