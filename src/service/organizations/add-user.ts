import { QuireError, isQuireError } from '../../errors/index.ts';
import type { MemberRecord, OrganizationRecord, RoleOrGuest, Store, UserRecord } from '../../store/index.ts';
import { adminEmail, administeredOrganization } from '../bootstrap.ts';
import { readAllPages } from '../content/read-all-pages.ts';

/** Who to add, and where: an e-mail address, and the organization (default: the one `quire serve` created). */
export interface UserAddition {
  email: string;
  /** The display name (default: the part of the address before `@`); for a user who exists, it is changed. */
  displayName?: string;
  /** The role in the organization (null: guest). Default: unchanged for a member, `read` for a new one. */
  role?: RoleOrGuest;
  organization?: string;
}

/** The user and the membership `addUser` made or found. */
export interface AddedUser {
  user: UserRecord;
  organization: OrganizationRecord;
  member: MemberRecord;
  createdUser: boolean;
  createdMember: boolean;
}

/**
 * Adds a person for self-hosters (`quire user add`): creates the user with that e-mail address when there is
 * none, and makes it a member of the organization (or sets its role, when one is given). Idempotent: adding an
 * existing member again changes nothing but what is given. `INVALID_ARGUMENT` naming the field for an address
 * or name that cannot be; `NOT_FOUND` for an organization that does not exist, or for the default one before
 * `quire serve` ran once.
 *
 * @example
 * const { user, member, createdUser } = await addUser(store, { email: 'ada@example.com', role: 'edit' });
 */
export async function addUser(store: Store, addition: UserAddition): Promise<AddedUser> {
  const email = checkEmail(addition.email);
  const displayName = addition.displayName === undefined ? undefined : checkDisplayName(addition.displayName);
  const organization = await organizationOf(store, addition.organization);
  return store.transaction(async (tx) => {
    const found = await tx.findUserByEmail(email);
    let user = found ?? (await tx.createUser({ displayName: displayName ?? email.slice(0, email.indexOf('@')), email }));
    if (found !== undefined && displayName !== undefined && displayName !== found.displayName) user = await tx.updateUser(found.id, { displayName });
    const existing = await tx.getMember(organization.id, user.id).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    const member =
      existing !== undefined && (addition.role === undefined || addition.role === existing.role)
        ? existing
        : await tx.putMember(organization.id, user.id, { role: addition.role === undefined ? 'read' : addition.role });
    return { user, organization, member, createdUser: found === undefined, createdMember: existing === undefined };
  });
}

/**
 * The members of an organization (default: the one `quire serve` created), oldest first, with their users,
 * roles and `lastSeenAt`.
 *
 * @example
 * const { organization, members } = await listOrganizationMembers(store);
 */
export async function listOrganizationMembers(store: Store, organizationId?: string): Promise<{ organization: OrganizationRecord; members: MemberRecord[] }> {
  const organization = await organizationOf(store, organizationId);
  const members = await readAllPages((options) => store.listMembers(organization.id, { order: 'asc' }, options));
  return { organization, members };
}

async function organizationOf(store: Store, organizationId: string | undefined): Promise<OrganizationRecord> {
  if (organizationId !== undefined) return store.getOrganization(organizationId);
  const admin = await store.findUserByEmail(adminEmail);
  const found = admin === undefined ? undefined : await administeredOrganization(store, admin.id);
  if (found === undefined) throw new QuireError('NOT_FOUND', 'there is no organization yet: start quire serve once on this data, or pass --org', { field: 'organization' });
  return found;
}

/** One address, `local@domain`, with no space or control character: what an invitation or a sign-in would use. */
function checkEmail(value: unknown): string {
  if (typeof value !== 'string' || value.length > 320 || !/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(value)) {
    throw new QuireError('INVALID_ARGUMENT', `email must be an e-mail address (name@example.com), not ${JSON.stringify(value)}`, { field: 'email' });
  }
  return value;
}

function checkDisplayName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || [...value].length > 200 || /[\p{Cc}\p{Cs}]/u.test(value)) {
    throw new QuireError('INVALID_ARGUMENT', `name must be 1 to 200 characters with no control character, not ${JSON.stringify(value)}`, { field: 'name' });
  }
  return value;
}
