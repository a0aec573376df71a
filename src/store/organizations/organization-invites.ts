import { QuireError } from '../../errors/index.ts';
import type { OrganizationInvitesTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound, roles, type RoleOrGuest } from '../field-checks.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';

/** `link`: anyone holding the id may join (the published invite links); `email`: one address may, once. */
export type OrganizationInviteKind = 'link' | 'email';

/** An invite to an organization. Its id is what a join link carries. */
export interface OrganizationInviteRecord {
  id: string;
  organizationId: string;
  kind: OrganizationInviteKind;
  /** Lower-cased; only on `email` invites. */
  email?: string;
  /** The role the invited user gets; null: guest. */
  role: RoleOrGuest;
  /** Whether the user joins as an SSO member. */
  sso: boolean;
  /** The user who made it, when known. */
  createdBy?: string;
  createdAt: string;
}

export interface NewOrganizationInvite {
  organizationId: string;
  kind: OrganizationInviteKind;
  /** Required for `email` invites, refused on `link` ones. */
  email?: string;
  role: RoleOrGuest;
  sso?: boolean;
  createdBy?: string;
}

export interface OrganizationInviteStore {
  /**
   * Makes an invite. An `email` invite for an address that already has one in the organization replaces its role
   * and `sso` and keeps its id (one pending invite per address).
   *
   * @example
   * const link = await store.putOrganizationInvite({ organizationId: org.id, kind: 'link', role: 'read' });
   */
  putOrganizationInvite(input: NewOrganizationInvite): Promise<OrganizationInviteRecord>;
  /** `NOT_FOUND` when the organization has no invite with this id. */
  getOrganizationInvite(organizationId: string, inviteId: string): Promise<OrganizationInviteRecord>;
  /** Changes the role an invite gives; `NOT_FOUND` when there is none. */
  updateOrganizationInvite(organizationId: string, inviteId: string, patch: { role: RoleOrGuest }): Promise<OrganizationInviteRecord>;
  /** Deletes an invite; false when there was none. */
  deleteOrganizationInvite(organizationId: string, inviteId: string): Promise<boolean>;
  /** An organization's invites of one kind, oldest first. */
  listOrganizationInvites(organizationId: string, filter: { kind: OrganizationInviteKind }, options?: ListOptions): Promise<ListPage<OrganizationInviteRecord>>;
}

const kinds: readonly OrganizationInviteKind[] = ['link', 'email'];

/**
 * The organization invite methods of a Store.
 *
 * @example
 * const invites = organizationInviteStore(context);
 */
export function organizationInviteStore(context: StoreContext): OrganizationInviteStore {
  const get = async (organizationId: string, inviteId: string): Promise<OrganizationInviteRecord> => {
    const row = await context.db().selectFrom('organization_invites').selectAll().where('organization_id', '=', organizationId).where('id', '=', inviteId).executeTakeFirst();
    if (row === undefined) throw notFound('invite', `${inviteId} of organization ${organizationId}`);
    return toInvite(row);
  };
  return {
    async putOrganizationInvite(input) {
      const kind = checkOneOf('kind', input.kind, kinds);
      const role = checkOneOf('role', input.role, [...roles, null]);
      let email: string | null = null;
      if (kind === 'email') email = checkText('email', input.email, { min: 3, max: 320 }).toLowerCase();
      else if (input.email !== undefined) throw new QuireError('INVALID_ARGUMENT', 'email is only for e-mail invites: a link invite is for whoever holds it', { field: 'email' });
      const row: OrganizationInvitesTable = {
        id: context.newId(),
        organization_id: input.organizationId,
        kind,
        email,
        role,
        sso: input.sso === true ? 1 : 0,
        created_by: input.createdBy ?? null,
        created_at: context.timestamp(),
      };
      if (email === null) {
        await context.db().insertInto('organization_invites').values(row).execute();
        return toInvite(row);
      }
      // One statement, so two invites of the same address at once leave one pending invite.
      await context
        .db()
        .insertInto('organization_invites')
        .values(row)
        .onConflict((conflict) => conflict.columns(['organization_id', 'email']).doUpdateSet({ role, sso: row.sso }))
        .execute();
      const stored = await context.db().selectFrom('organization_invites').selectAll().where('organization_id', '=', input.organizationId).where('email', '=', email).executeTakeFirstOrThrow();
      return toInvite(stored);
    },
    getOrganizationInvite: get,
    async updateOrganizationInvite(organizationId, inviteId, patch) {
      const role = checkOneOf('role', patch.role, [...roles, null]);
      const result = await context.db().updateTable('organization_invites').set({ role }).where('organization_id', '=', organizationId).where('id', '=', inviteId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('invite', `${inviteId} of organization ${organizationId}`);
      return get(organizationId, inviteId);
    },
    async deleteOrganizationInvite(organizationId, inviteId) {
      const result = await context.db().deleteFrom('organization_invites').where('organization_id', '=', organizationId).where('id', '=', inviteId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    listOrganizationInvites(organizationId, filter, options = {}) {
      const kind = checkOneOf('kind', filter.kind, kinds);
      const query = context.db().selectFrom('organization_invites').selectAll().where('organization_id', '=', organizationId).where('kind', '=', kind);
      return listPage(
        query,
        {
          scope: `organization-invites|${organizationId}|${kind}`,
          keys: [
            { column: 'created_at', direction: 'asc', value: (row) => row.created_at },
            { column: 'id', direction: 'asc', value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toInvite),
      );
    },
  };
}

function toInvite(row: OrganizationInvitesTable): OrganizationInviteRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    kind: row.kind as OrganizationInviteKind,
    ...(row.email === null ? {} : { email: row.email }),
    role: row.role as RoleOrGuest,
    sso: row.sso === 1,
    ...(row.created_by === null ? {} : { createdBy: row.created_by }),
    createdAt: row.created_at,
  };
}
