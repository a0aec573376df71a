import { sql } from 'kysely';
import { QuireError } from '../../errors/index.ts';
import { checkOneOf, roles, type Role } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';
import { toUser, type UserRecord } from '../organizations/users.ts';

/*
 * Explicit permissions on spaces and collections, for members of the organization and for its teams (tables of
 * migration 0006-content-permissions). The store keeps the grants; what they add up to (the level a member has
 * on content) is the service's rule (src/service/access/content-access.ts).
 */

export type ContentKind = 'space' | 'collection';

/** A space or collection of an organization, as a grant names it. */
export interface GrantedContent {
  kind: ContentKind;
  id: string;
  organizationId: string;
}

/** A member's explicit role on a space or collection (the published `UserContentPermission` minus urls). */
export interface UserContentPermissionRecord {
  kind: ContentKind;
  contentId: string;
  organizationId: string;
  user: UserRecord;
  role: Role;
  createdAt: string;
}

/** A team, with the counts the published `OrganizationTeam` shows. */
export interface GrantedTeamRecord {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
  /** Members of the team. */
  members: number;
  /** Spaces the team has an explicit permission on. */
  spaces: number;
}

/** A team's explicit role on a space or collection. */
export interface TeamContentPermissionRecord {
  kind: ContentKind;
  contentId: string;
  organizationId: string;
  team: GrantedTeamRecord;
  role: Role;
  createdAt: string;
}

/** One grant that reaches a user: its own (`via: 'user'`) or through one of its teams (`via: 'team'`). */
export interface ReachingGrant {
  kind: ContentKind;
  contentId: string;
  userId: string;
  role: Role;
  via: 'user' | 'team';
}

export interface ContentPermissionStore {
  /**
   * Gives a member of the content's organization a role on it (replacing the one it had). `INVALID_ARGUMENT`
   * on `user` when the user is not a member of that organization.
   *
   * @example
   * await store.putUserContentPermission({ kind: 'space', id: space.id, organizationId: org.id }, ada.id, 'edit');
   */
  putUserContentPermission(content: GrantedContent, userId: string, role: Role): Promise<UserContentPermissionRecord>;
  /** The member's explicit role on the content, or undefined. */
  getUserContentPermission(content: GrantedContent, userId: string): Promise<UserContentPermissionRecord | undefined>;
  /** Removes a member's role on the content; false when it had none. */
  removeUserContentPermission(content: GrantedContent, userId: string): Promise<boolean>;
  /** The members with an explicit role on the content, oldest grant first. */
  listUserContentPermissions(content: GrantedContent, options?: ListOptions): Promise<ListPage<UserContentPermissionRecord>>;
  /**
   * Gives a team of the content's organization a role on it (replacing the one it had). `INVALID_ARGUMENT` on
   * `team` when there is no such team in that organization.
   *
   * @example
   * await store.putTeamContentPermission({ kind: 'collection', id: guides.id, organizationId: org.id }, team.id, 'read');
   */
  putTeamContentPermission(content: GrantedContent, teamId: string, role: Role): Promise<TeamContentPermissionRecord>;
  /** The team's explicit role on the content, or undefined. */
  getTeamContentPermission(content: GrantedContent, teamId: string): Promise<TeamContentPermissionRecord | undefined>;
  /** Removes a team's role on the content; false when it had none. */
  removeTeamContentPermission(content: GrantedContent, teamId: string): Promise<boolean>;
  /** The teams with an explicit role on the content, oldest grant first. */
  listTeamContentPermissions(content: GrantedContent, options?: ListOptions): Promise<ListPage<TeamContentPermissionRecord>>;
  /** Of `teamIds`, those that are teams of the organization. */
  teamsOfOrganization(organizationId: string, teamIds: readonly string[]): Promise<Set<string>>;
  /**
   * Every grant that reaches one member in an organization: its own and its teams'. One query, whatever the
   * number of grants: what a request loads once to know the member's levels on all of the organization's content.
   *
   * @example
   * const grants = await store.listGrantsOfMember(org.id, ada.id);
   */
  listGrantsOfMember(organizationId: string, userId: string): Promise<ReachingGrant[]>;
  /** Every grant on the given contents of an organization, teams' grants given once per team member. */
  listGrantsOnContents(organizationId: string, contents: readonly { kind: ContentKind; id: string }[]): Promise<ReachingGrant[]>;
  /** Removes every grant on the given contents (deleted for good, or gone to another organization). */
  removeContentPermissions(contents: readonly { kind: ContentKind; id: string }[]): Promise<void>;
  /** Removes the grants on spaces that no longer exist (after `purgeDeletedSpaces`); how many. */
  removeGrantsOfPurgedSpaces(): Promise<number>;
}

const contentKinds: readonly ContentKind[] = ['space', 'collection'];

/**
 * The content permission methods of a Store.
 *
 * @example
 * const permissions = contentPermissionStore(context);
 */
export function contentPermissionStore(context: StoreContext): ContentPermissionStore {
  const selectUsers = () =>
    context
      .db()
      .selectFrom('content_user_permissions')
      .innerJoin('users', 'users.id', 'content_user_permissions.user_id')
      .select([
        'content_user_permissions.content_kind',
        'content_user_permissions.content_id',
        'content_user_permissions.organization_id',
        'content_user_permissions.role',
        'content_user_permissions.created_at',
        'users.id as user_id',
        'users.display_name',
        'users.email',
        'users.photo_url',
        'users.created_at as user_created_at',
        'users.updated_at as user_updated_at',
      ]);
  type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;
  const toUserPermission = (row: UserRow): UserContentPermissionRecord => ({
    kind: row.content_kind as ContentKind,
    contentId: row.content_id,
    organizationId: row.organization_id,
    role: row.role as Role,
    createdAt: row.created_at,
    user: toUser({ id: row.user_id, display_name: row.display_name, email: row.email, photo_url: row.photo_url, created_at: row.user_created_at, updated_at: row.user_updated_at }),
  });
  const selectTeams = () =>
    context
      .db()
      .selectFrom('content_team_permissions')
      .innerJoin('teams', 'teams.id', 'content_team_permissions.team_id')
      .select((eb) => [
        'content_team_permissions.content_kind',
        'content_team_permissions.content_id',
        'content_team_permissions.organization_id',
        'content_team_permissions.role',
        'content_team_permissions.created_at',
        'teams.id as team_id',
        'teams.title',
        'teams.created_at as team_created_at',
        eb.selectFrom('team_members as m').select(sql<string | number>`count(*)`.as('n')).whereRef('m.team_id', '=', 'teams.id').as('members'),
        eb
          .selectFrom('content_team_permissions as s')
          .select(sql<string | number>`count(*)`.as('n'))
          .whereRef('s.team_id', '=', 'teams.id')
          .where('s.content_kind', '=', 'space')
          .as('spaces'),
      ]);
  type TeamRow = Awaited<ReturnType<ReturnType<typeof selectTeams>['executeTakeFirstOrThrow']>>;
  const toTeamPermission = (row: TeamRow): TeamContentPermissionRecord => ({
    kind: row.content_kind as ContentKind,
    contentId: row.content_id,
    organizationId: row.organization_id,
    role: row.role as Role,
    createdAt: row.created_at,
    team: {
      id: row.team_id,
      organizationId: row.organization_id,
      title: row.title,
      createdAt: row.team_created_at,
      members: Number(row.members ?? 0),
      spaces: Number(row.spaces ?? 0),
    },
  });
  const getUser = async (content: GrantedContent, userId: string) => {
    const row = await selectUsers().where('content_user_permissions.content_kind', '=', content.kind).where('content_user_permissions.content_id', '=', content.id).where('content_user_permissions.user_id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : toUserPermission(row);
  };
  const getTeam = async (content: GrantedContent, teamId: string) => {
    const row = await selectTeams().where('content_team_permissions.content_kind', '=', content.kind).where('content_team_permissions.content_id', '=', content.id).where('content_team_permissions.team_id', '=', teamId).executeTakeFirst();
    return row === undefined ? undefined : toTeamPermission(row);
  };
  return {
    async putUserContentPermission(content, userId, role) {
      checkContent(content);
      const checked = checkOneOf('role', role, roles);
      return context.transaction(async () => {
        const member = await context
          .db()
          .selectFrom('memberships')
          .select('user_id')
          .where('organization_id', '=', content.organizationId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (member === undefined) {
          throw new QuireError('INVALID_ARGUMENT', `user ${userId} is not a member of organization ${content.organizationId}`, { field: 'user', id: userId });
        }
        // One statement, so two writers granting at once cannot both insert.
        await context
          .db()
          .insertInto('content_user_permissions')
          .values({ content_kind: content.kind, content_id: content.id, organization_id: content.organizationId, user_id: userId, role: checked, created_at: context.timestamp() })
          .onConflict((conflict) => conflict.columns(['content_kind', 'content_id', 'user_id']).doUpdateSet({ role: checked, organization_id: content.organizationId }))
          .execute();
        return (await getUser(content, userId))!;
      });
    },
    getUserContentPermission: getUser,
    async removeUserContentPermission(content, userId) {
      const result = await context
        .db()
        .deleteFrom('content_user_permissions')
        .where('content_kind', '=', content.kind)
        .where('content_id', '=', content.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listUserContentPermissions(content, options = {}) {
      const query = selectUsers().where('content_user_permissions.content_kind', '=', content.kind).where('content_user_permissions.content_id', '=', content.id);
      return listPage(
        query,
        {
          scope: `content-user-permissions|${content.kind}|${content.id}`,
          keys: [
            { column: 'content_user_permissions.created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'content_user_permissions.user_id', direction: 'asc', value: (row) => row.user_id },
          ],
        },
        options,
        (rows) => rows.map(toUserPermission),
      );
    },
    async putTeamContentPermission(content, teamId, role) {
      checkContent(content);
      const checked = checkOneOf('role', role, roles);
      return context.transaction(async () => {
        const team = await context.db().selectFrom('teams').select('organization_id').where('id', '=', teamId).executeTakeFirst();
        if (team === undefined || team.organization_id !== content.organizationId) {
          throw new QuireError('INVALID_ARGUMENT', `team ${teamId} is not a team of organization ${content.organizationId}`, { field: 'team', id: teamId });
        }
        await context
          .db()
          .insertInto('content_team_permissions')
          .values({ content_kind: content.kind, content_id: content.id, organization_id: content.organizationId, team_id: teamId, role: checked, created_at: context.timestamp() })
          .onConflict((conflict) => conflict.columns(['content_kind', 'content_id', 'team_id']).doUpdateSet({ role: checked, organization_id: content.organizationId }))
          .execute();
        return (await getTeam(content, teamId))!;
      });
    },
    getTeamContentPermission: getTeam,
    async removeTeamContentPermission(content, teamId) {
      const result = await context
        .db()
        .deleteFrom('content_team_permissions')
        .where('content_kind', '=', content.kind)
        .where('content_id', '=', content.id)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listTeamContentPermissions(content, options = {}) {
      const query = selectTeams().where('content_team_permissions.content_kind', '=', content.kind).where('content_team_permissions.content_id', '=', content.id);
      return listPage(
        query,
        {
          scope: `content-team-permissions|${content.kind}|${content.id}`,
          keys: [
            { column: 'content_team_permissions.created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'content_team_permissions.team_id', direction: 'asc', value: (row) => row.team_id },
          ],
        },
        options,
        (rows) => rows.map(toTeamPermission),
      );
    },
    async teamsOfOrganization(organizationId, teamIds) {
      if (teamIds.length === 0) return new Set();
      const rows = await context.db().selectFrom('teams').select('id').where('organization_id', '=', organizationId).where('id', 'in', [...teamIds]).execute();
      return new Set(rows.map((row) => row.id));
    },
    async listGrantsOfMember(organizationId, userId) {
      // One round trip: this runs on every request of a member that reads content.
      const rows = await context
        .db()
        .selectFrom('content_user_permissions')
        .select(['content_kind', 'content_id', 'role', sql<string>`'user'`.as('via')])
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .unionAll(
          context
            .db()
            .selectFrom('team_members as m')
            .innerJoin('content_team_permissions as p', 'p.team_id', 'm.team_id')
            .select(['p.content_kind', 'p.content_id', 'p.role', sql<string>`'team'`.as('via')])
            .where('m.organization_id', '=', organizationId)
            .where('m.user_id', '=', userId)
            .where('p.organization_id', '=', organizationId),
        )
        .execute();
      return rows.map((row) => toGrant(row, userId, row.via === 'team' ? 'team' : 'user'));
    },
    async listGrantsOnContents(organizationId, contents) {
      const grants: ReachingGrant[] = [];
      for (const kind of contentKinds) {
        const ids = contents.filter((content) => content.kind === kind).map((content) => content.id);
        if (ids.length === 0) continue;
        const [own, viaTeams] = await Promise.all([
          context
            .db()
            .selectFrom('content_user_permissions')
            .select(['content_kind', 'content_id', 'role', 'user_id'])
            .where('organization_id', '=', organizationId)
            .where('content_kind', '=', kind)
            .where('content_id', 'in', ids)
            .execute(),
          context
            .db()
            .selectFrom('content_team_permissions as p')
            .innerJoin('team_members as m', 'm.team_id', 'p.team_id')
            .select(['p.content_kind', 'p.content_id', 'p.role', 'm.user_id'])
            .where('p.organization_id', '=', organizationId)
            .where('p.content_kind', '=', kind)
            .where('p.content_id', 'in', ids)
            .execute(),
        ]);
        grants.push(...own.map((row) => toGrant(row, row.user_id, 'user')), ...viaTeams.map((row) => toGrant(row, row.user_id, 'team')));
      }
      return grants;
    },
    async removeContentPermissions(contents) {
      await context.transaction(async () => {
        for (const kind of contentKinds) {
          const ids = contents.filter((content) => content.kind === kind).map((content) => content.id);
          if (ids.length === 0) continue;
          await context.db().deleteFrom('content_user_permissions').where('content_kind', '=', kind).where('content_id', 'in', ids).execute();
          await context.db().deleteFrom('content_team_permissions').where('content_kind', '=', kind).where('content_id', 'in', ids).execute();
        }
      });
    },
    async removeGrantsOfPurgedSpaces() {
      return context.transaction(async () => {
        const gone = (table: 'content_user_permissions' | 'content_team_permissions') =>
          context
            .db()
            .deleteFrom(table)
            .where('content_kind', '=', 'space')
            .where((eb) => eb.not(eb.exists(eb.selectFrom('spaces').select('spaces.id').whereRef('spaces.id', '=', `${table}.content_id`))))
            .executeTakeFirst();
        const users = await gone('content_user_permissions');
        const teams = await gone('content_team_permissions');
        return Number(users.numDeletedRows + teams.numDeletedRows);
      });
    },
  };
}

function checkContent(content: GrantedContent): void {
  checkOneOf('kind', content.kind, contentKinds);
}

function toGrant(row: { content_kind: string; content_id: string; role: string }, userId: string, via: 'user' | 'team'): ReachingGrant {
  return { kind: row.content_kind as ContentKind, contentId: row.content_id, userId, role: row.role as Role, via };
}
