import { sql } from 'kysely';
import { QuireError } from '../../errors/index.ts';
import type { MembershipsTable, UsersTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound, roles, type Role, type RoleOrGuest } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage, type SortKey } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';
import { toUser, type UserRecord } from './users.ts';
import { escapeLike } from '../like-pattern.ts';

/** A user's membership of an organization (the published `Member` minus counts and `object`). */
export interface MemberRecord {
  organizationId: string;
  user: UserRecord;
  /** null: a guest. */
  role: RoleOrGuest;
  disabled: boolean;
  sso: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  /** A member who is not an admin asked the admins to remove this one (the published 202). */
  removalRequest?: RemovalRequest;
}

/** Who asked the admins to remove a member, and when. */
export interface RemovalRequest {
  requestedBy: string;
  requestedAt: string;
}

export interface MemberPatch {
  role?: RoleOrGuest;
  disabled?: boolean;
  sso?: boolean;
  lastSeenAt?: string;
  /** Records a removal request (null withdraws it). */
  removalRequest?: RemovalRequest | null;
}

/** How `listMembers` filters and orders (the published listMembersInOrganizationById query). */
export interface MemberFilter {
  /** Only members of this role; `guest`: only guests (role null). */
  role?: Role | 'guest';
  /** Only members whose display name or e-mail address contains this text (case-insensitive). */
  search?: string;
  /** `joinedAt` (default), `lastSeenAt` (only members seen at least once) or `name` (display name). */
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
  /** Default `desc`, as the published list. */
  order?: 'asc' | 'desc';
}

/** What a member has in an organization, for the published `OrganizationMember` counts. */
export interface MemberCounts {
  /** Spaces (not deleted) the member has an explicit permission on. */
  spaces: number;
  /** Teams the member belongs to. */
  teams: number;
}

export interface MemberStore {
  /**
   * Makes a user a member of an organization with a role, or changes the role of a member (`joinedAt` stays).
   *
   * @example
   * await store.putMember(org.id, ada.id, { role: 'admin' });
   */
  putMember(organizationId: string, userId: string, membership: { role: RoleOrGuest; sso?: boolean }): Promise<MemberRecord>;
  /** `NOT_FOUND` when the user is not a member. */
  getMember(organizationId: string, userId: string): Promise<MemberRecord>;
  updateMember(organizationId: string, userId: string, patch: MemberPatch): Promise<MemberRecord>;
  /** Removes a member; false when the user was not one. */
  removeMember(organizationId: string, userId: string): Promise<boolean>;
  /** Members by join date (default newest first, as the published list), or by last visit or name; filtered by role or text. */
  listMembers(organizationId: string, filter?: MemberFilter, options?: ListOptions): Promise<ListPage<MemberRecord>>;
  /**
   * The counts of the published `OrganizationMember` for some members, by user id (members without any get zeros).
   *
   * @example
   * (await store.countMemberships(org.id, [ada.id])).get(ada.id) // → { spaces: 2, teams: 1 }
   */
  countMemberships(organizationId: string, userIds: readonly string[]): Promise<Map<string, MemberCounts>>;
}

/*
 * The last admin rule: putMember, updateMember and removeMember refuse (CONFLICT) a change that would leave an
 * organization that has an active admin without one. Two requests demoting the last two admins at once must not
 * both pass: the check and the write run in one transaction that first takes the organization's row lock on
 * PostgreSQL (so the second waits, and its count, a new snapshot under READ COMMITTED, sees the first's commit);
 * SQLite's write transactions start with BEGIN IMMEDIATE, one at a time already.
 */

/** A membership joined with its user, as the member lists select it. */
export type MemberRow = MembershipsTable & { [K in keyof UsersTable as `user_${K}`]: UsersTable[K] };

/**
 * Memberships with their users, in the row shape `toMember` reads: what every list of members starts from.
 *
 * @example
 * const rows = await selectMembersWithUsers(context).where('memberships.organization_id', '=', organizationId).execute();
 */
export function selectMembersWithUsers(context: StoreContext) {
  return context
    .db()
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .selectAll('memberships')
    .select([
      'users.id as user_id',
      'users.display_name as user_display_name',
      'users.email as user_email',
      'users.photo_url as user_photo_url',
      'users.created_at as user_created_at',
      'users.updated_at as user_updated_at',
    ]);
}

/**
 * The membership methods of a Store.
 *
 * @example
 * const members = memberStore(context);
 */
export function memberStore(context: StoreContext): MemberStore {
  const select = () => selectMembersWithUsers(context);
  const get = async (organizationId: string, userId: string): Promise<MemberRecord> => {
    const row = await context.rowUnlessChanged(`member:${organizationId}:${userId}`, () =>
      select().where('memberships.organization_id', '=', organizationId).where('memberships.user_id', '=', userId).executeTakeFirst(),
    );
    if (row === undefined) throw notFound('member', `${userId} of organization ${organizationId}`);
    return toMember(row);
  };
  /** Runs `write` with the organization locked, after refusing it if it takes away the last active admin. */
  const keepingAnAdmin = <T>(organizationId: string, userId: string, staysAdmin: (current: MembershipsTable) => boolean, write: () => Promise<T>): Promise<T> =>
    context.transaction(async () => {
      if (context.dialect === 'postgres') {
        await sql`select id from organizations where id = ${organizationId} for update`.execute(context.db());
      }
      const current = await context
        .db()
        .selectFrom('memberships')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (current !== undefined && current.role === 'admin' && current.disabled === 0 && !staysAdmin(current)) {
        const admins = await context
          .db()
          .selectFrom('memberships')
          .select(sql<string | number>`count(*)`.as('count'))
          .where('organization_id', '=', organizationId)
          .where('role', '=', 'admin')
          .where('disabled', '=', 0)
          .executeTakeFirstOrThrow();
        if (Number(admins.count) <= 1) throw lastAdmin(organizationId, userId);
      }
      return write();
    });
  return {
    putMember(organizationId, userId, membership) {
      const role = checkOneOf('role', membership.role, [...roles, null]);
      return keepingAnAdmin(organizationId, userId, () => role === 'admin', async () => {
        // One statement, so two processes adding the same member at once cannot both insert.
        await context
          .db()
          .insertInto('memberships')
          .values({ organization_id: organizationId, user_id: userId, role, disabled: 0, sso: membership.sso === true ? 1 : 0, joined_at: context.timestamp(), last_seen_at: null })
          .onConflict((conflict) =>
            conflict.columns(['organization_id', 'user_id']).doUpdateSet({ role, ...(membership.sso === undefined ? {} : { sso: membership.sso ? 1 : 0 }) }),
          )
          .execute();
        return get(organizationId, userId);
      });
    },
    getMember: get,
    async updateMember(organizationId, userId, patch) {
      const changes: Partial<MembershipsTable> = {};
      if (patch.role !== undefined) changes.role = checkOneOf('role', patch.role, [...roles, null]);
      if (patch.disabled !== undefined) changes.disabled = patch.disabled ? 1 : 0;
      if (patch.sso !== undefined) changes.sso = patch.sso ? 1 : 0;
      if (patch.lastSeenAt !== undefined) changes.last_seen_at = patch.lastSeenAt;
      if (patch.removalRequest !== undefined) {
        changes.removal_requested_by = patch.removalRequest?.requestedBy ?? null;
        changes.removal_requested_at = patch.removalRequest?.requestedAt ?? null;
      }
      if (Object.keys(changes).length === 0) return get(organizationId, userId);
      const staysAdmin = (current: MembershipsTable) => (changes.role === undefined ? current.role === 'admin' : changes.role === 'admin') && (changes.disabled ?? current.disabled) === 0;
      return keepingAnAdmin(organizationId, userId, staysAdmin, async () => {
        const result = await context
          .db()
          .updateTable('memberships')
          .set(changes)
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) throw notFound('member', `${userId} of organization ${organizationId}`);
        return get(organizationId, userId);
      });
    },
    removeMember(organizationId, userId) {
      return keepingAnAdmin(organizationId, userId, () => false, async () => {
        const result = await context
          .db()
          .deleteFrom('memberships')
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    listMembers(organizationId, filter = {}, options = {}) {
      let query = select().where('memberships.organization_id', '=', organizationId);
      if (filter.role === 'guest') query = query.where('memberships.role', 'is', null);
      else if (filter.role !== undefined) query = query.where('memberships.role', '=', checkOneOf('role', filter.role, [...roles, 'guest']));
      if (filter.search !== undefined && filter.search !== '') {
        const pattern = `%${escapeLike(checkText('search', filter.search, { max: 200 }).toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(users.display_name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(coalesce(users.email, ''))`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const sort = checkOneOf('sort', filter.sort ?? 'joinedAt', ['joinedAt', 'lastSeenAt', 'name'] as const);
      const direction = checkOneOf('order', filter.order ?? 'desc', ['asc', 'desc'] as const);
      // Published: sorting by lastSeenAt lists only members that have been seen.
      if (sort === 'lastSeenAt') query = query.where('memberships.last_seen_at', 'is not', null);
      const first: SortKey<MemberRow> =
        sort === 'name'
          ? { column: 'users.display_name', direction, value: (row) => row.user_display_name }
          : sort === 'lastSeenAt'
            ? { column: 'memberships.last_seen_at', direction, value: (row) => row.last_seen_at ?? '' }
            : { column: 'memberships.joined_at', direction, value: (row) => row.joined_at };
      return listPage(
        query,
        {
          scope: `members|${organizationId}|${filter.role ?? ''}|${filter.search ?? ''}|${sort}|${direction}`,
          keys: [first, { column: 'memberships.user_id', direction, value: (row) => row.user_id }],
        },
        options,
        (rows) => rows.map(toMember),
      );
    },
    async countMemberships(organizationId, userIds) {
      const counts = new Map<string, MemberCounts>(userIds.map((userId) => [userId, { spaces: 0, teams: 0 }]));
      if (userIds.length === 0) return counts;
      const ids = [...new Set(userIds)];
      const [spaces, teams] = await Promise.all([
        context
          .db()
          .selectFrom('content_user_permissions')
          .innerJoin('spaces', 'spaces.id', 'content_user_permissions.content_id')
          .select(['content_user_permissions.user_id as user_id', sql<string | number>`count(*)`.as('count')])
          .where('content_user_permissions.organization_id', '=', organizationId)
          .where('content_user_permissions.content_kind', '=', 'space')
          .where('content_user_permissions.user_id', 'in', ids)
          .where('spaces.deleted_at', 'is', null)
          .groupBy('content_user_permissions.user_id')
          .execute(),
        context
          .db()
          .selectFrom('team_members')
          .select(['team_members.user_id as user_id', sql<string | number>`count(*)`.as('count')])
          .where('team_members.organization_id', '=', organizationId)
          .where('team_members.user_id', 'in', ids)
          .groupBy('team_members.user_id')
          .execute(),
      ]);
      for (const row of spaces) counts.get(row.user_id)!.spaces = Number(row.count);
      for (const row of teams) counts.get(row.user_id)!.teams = Number(row.count);
      return counts;
    },
  };
}

function lastAdmin(organizationId: string, userId: string): QuireError {
  return new QuireError(
    'CONFLICT',
    `organization ${organizationId} must keep at least one admin: ${userId} is its last, so it can be neither removed, disabled nor given another role (make another member admin first)`,
    { organization: organizationId, user: userId, rule: 'last-admin' },
  );
}


/**
 * A membership row joined with its user (`user_*` columns) as a record.
 *
 * @example
 * toMember(row).user.email
 */
export function toMember(row: MemberRow): MemberRecord {
  return {
    organizationId: row.organization_id,
    user: toUser({
      id: row.user_id,
      display_name: row.user_display_name,
      email: row.user_email,
      photo_url: row.user_photo_url,
      created_at: row.user_created_at,
      updated_at: row.user_updated_at,
    }),
    role: row.role as RoleOrGuest,
    disabled: row.disabled === 1,
    sso: row.sso === 1,
    joinedAt: row.joined_at,
    ...(row.last_seen_at === null ? {} : { lastSeenAt: row.last_seen_at }),
    ...(row.removal_requested_by === null || row.removal_requested_at === null ? {} : { removalRequest: { requestedBy: row.removal_requested_by, requestedAt: row.removal_requested_at } }),
  };
}
