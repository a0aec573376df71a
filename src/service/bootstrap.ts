import { isQuireError } from '../errors/index.ts';
import type { OrganizationRecord, Store, UserRecord } from '../store/index.ts';
import { readAllPages } from './content/read-all-pages.ts';

/** The e-mail address of the admin user `quire serve` creates on first start. */
export const adminEmail = 'admin@localhost';

/** What `bootstrap` found or made: the first organization, its admin, and a token of the admin. */
export interface BootstrapResult {
  organization: OrganizationRecord;
  user: UserRecord;
  /** The token to hand to the operator: `existingToken` when it is still valid, otherwise a new one. */
  token: string;
  /** What this call created (all false on a later start that reuses everything). */
  created: { organization: boolean; user: boolean; token: boolean };
}

/**
 * Makes sure the service has an organization, an admin user (`admin@localhost`) who administers it, and a
 * token for that admin. Idempotent: a later call finds them again, and returns `existingToken` (the one
 * written to `DIR/admin-token` last time) when the store still accepts it; otherwise it mints a new token for
 * the same admin. Several processes starting at once on one database end up with one admin and one
 * organization (the loser of a race retries and finds the winner's).
 *
 * @example
 * const { token, organization, created } = await bootstrap(store, { existingToken: await readAdminToken(".quire") });
 * if (created.token) await writeTokenFile(token);
 */
export async function bootstrap(store: Store, options: { existingToken?: string; organizationTitle?: string } = {}): Promise<BootstrapResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await bootstrapOnce(store, options);
    } catch (error) {
      // Another process created the admin at the same moment: the second attempt finds it.
      if (attempt < 3 && (isQuireError(error, 'CONFLICT') || isQuireError(error, 'STORE_CONFLICT'))) continue;
      throw error;
    }
  }
}

async function bootstrapOnce(store: Store, options: { existingToken?: string; organizationTitle?: string }): Promise<BootstrapResult> {
  if (options.existingToken !== undefined) {
    const record = await store.findApiToken(options.existingToken);
    if (record !== undefined) {
      const user = await store.getUser(record.userId);
      const organization = await administeredOrganization(store, user.id);
      if (organization !== undefined) return { organization, user, token: options.existingToken, created: { organization: false, user: false, token: false } };
    }
  }
  return store.transaction(async (tx) => {
    const existing = await tx.findUserByEmail(adminEmail);
    const user = existing ?? (await tx.createUser({ displayName: 'Admin', email: adminEmail }));
    let organization = await administeredOrganization(tx, user.id);
    const createOrganization = organization === undefined;
    if (organization === undefined) {
      organization = await tx.createOrganization({ title: options.organizationTitle ?? 'Quire' });
      await tx.putMember(organization.id, user.id, { role: 'admin' });
    }
    const { token } = await tx.createApiToken({ userId: user.id, label: 'quire serve (admin)' });
    return { organization, user, token, created: { organization: createOrganization, user: existing === undefined, token: true } };
  });
}

/**
 * The oldest organization `userId` is an admin of, if any.
 *
 * @example
 * const org = await administeredOrganization(store, admin.id);
 */
export async function administeredOrganization(store: Store, userId: string): Promise<OrganizationRecord | undefined> {
  const organizations = await readAllPages((options) => store.listOrganizations({ memberId: userId }, options));
  for (const organization of organizations) {
    const member = await store.getMember(organization.id, userId);
    if (member.role === 'admin' && !member.disabled) return organization;
  }
  return undefined;
}
