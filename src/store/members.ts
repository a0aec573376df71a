import type { MembershipsTable, UsersTable } from './database-schema.ts';
import { checkOneOf, notFound, roles, type Role, type RoleOrGuest } from './field-checks.ts';
import { listPage, type ListOptions, type ListPage } from './pagination.ts';
import type { StoreContext } from './store-context.ts';
import { toUser, type UserRecord } from './users.ts';

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
}

export interface MemberPatch {
  role?: RoleOrGuest;
  disabled?: boolean;
  sso?: boolean;
  lastSeenAt?: string;
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
  /** Members by join date (default newest first, as the published list), optionally of one role. */
  listMembers(organizationId: string, filter?: { role?: Role; order?: 'asc' | 'desc' }, options?: ListOptions): Promise<ListPage<MemberRecord>>;
}

type MemberRow = MembershipsTable & { [K in keyof UsersTable as `user_${K}`]: UsersTable[K] };

/**
 * The membership methods of a Store.
 *
 * @example
 * const members = memberStore(context);
 */
export function memberStore(context: StoreContext): MemberStore {
  const select = () =>
    context
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
  const get = async (organizationId: string, userId: string): Promise<MemberRecord> => {
    const row = await select().where('memberships.organization_id', '=', organizationId).where('memberships.user_id', '=', userId).executeTakeFirst();
    if (row === undefined) throw notFound('member', `${userId} of organization ${organizationId}`);
    return toMember(row);
  };
  return {
    async putMember(organizationId, userId, membership) {
      const role = checkOneOf('role', membership.role, [...roles, null]);
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
    },
    getMember: get,
    async updateMember(organizationId, userId, patch) {
      const changes: Partial<MembershipsTable> = {};
      if (patch.role !== undefined) changes.role = checkOneOf('role', patch.role, [...roles, null]);
      if (patch.disabled !== undefined) changes.disabled = patch.disabled ? 1 : 0;
      if (patch.sso !== undefined) changes.sso = patch.sso ? 1 : 0;
      if (patch.lastSeenAt !== undefined) changes.last_seen_at = patch.lastSeenAt;
      if (Object.keys(changes).length > 0) {
        const result = await context
          .db()
          .updateTable('memberships')
          .set(changes)
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) throw notFound('member', `${userId} of organization ${organizationId}`);
      }
      return get(organizationId, userId);
    },
    async removeMember(organizationId, userId) {
      const result = await context
        .db()
        .deleteFrom('memberships')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listMembers(organizationId, filter = {}, options = {}) {
      let query = select().where('memberships.organization_id', '=', organizationId);
      if (filter.role !== undefined) query = query.where('memberships.role', '=', checkOneOf('role', filter.role, roles));
      const direction = filter.order ?? 'desc';
      return listPage(
        query,
        {
          scope: `members|${organizationId}|${filter.role ?? ''}|${direction}`,
          keys: [
            { column: 'memberships.joined_at', direction, value: (row) => row.joined_at },
            { column: 'memberships.user_id', direction, value: (row) => row.user_id },
          ],
        },
        options,
        (rows) => rows.map(toMember),
      );
    },
  };
}

function toMember(row: MemberRow): MemberRecord {
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
  };
}
