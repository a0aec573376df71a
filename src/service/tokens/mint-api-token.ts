import { QuireError, isQuireError } from '../../errors/index.ts';
import type { ApiTokenRecord, MemberRecord, OrganizationRecord, RoleOrGuest, Store, UserRecord } from '../../store/index.ts';
import { adminEmail, administeredOrganization } from '../bootstrap.ts';

/** Who the token is for: defaults are the admin `quire serve` created and its organization. */
export interface TokenRequest {
  /** A user id, or an e-mail address (a user with that address is created when there is none, unless `createUser` is false). */
  user?: string;
  /** False: an e-mail address no user has is `NOT_FOUND` (`quire token create`, where `quire user add` makes users). Default true. */
  createUser?: boolean;
  /** The organization the user must belong to. */
  organization?: string;
  /** The user's role in the organization (null: guest). Default: unchanged for a member, `read` for a new one. */
  role?: RoleOrGuest;
  label?: string;
  /** When the token expires (UTC ISO timestamp, as `resolveTokenExpiry` gives); absent: never. */
  expiresAt?: string;
}

/** A new token and whom it is for. */
export interface MintedToken {
  token: string;
  record: ApiTokenRecord;
  user: UserRecord;
  organization: OrganizationRecord;
  member: MemberRecord;
  createdUser: boolean;
}

/**
 * Mints an API token for a user of an organization (`quire token create`), making the user a member (and,
 * for an unknown e-mail address, a user, unless `createUser` is false) when needed. `NOT_FOUND` for an unknown user id or organization, or
 * when defaults are asked for before `quire serve` ran once.
 *
 * @example
 * const { token } = await mintApiToken(store, { user: 'ada@example.com', organization: org.id, role: 'edit' });
 */
export async function mintApiToken(store: Store, request: TokenRequest = {}): Promise<MintedToken> {
  const admin = await store.findUserByEmail(adminEmail);
  let user: UserRecord;
  let createdUser = false;
  if (request.user === undefined) {
    if (admin === undefined) throw notBootstrapped('user');
    user = admin;
  } else if (request.user.includes('@')) {
    const found = await store.findUserByEmail(request.user);
    if (found === undefined && request.createUser === false) {
      throw new QuireError('NOT_FOUND', `--user: no user has the e-mail address ${request.user}: add them first with quire user add ${request.user}`, { field: 'user' });
    }
    createdUser = found === undefined;
    user = found ?? (await store.createUser({ displayName: request.user.slice(0, request.user.indexOf('@')) || request.user, email: request.user }));
  } else {
    user = await store.getUser(request.user);
  }
  let organization: OrganizationRecord;
  if (request.organization === undefined) {
    const found = admin === undefined ? undefined : await administeredOrganization(store, admin.id);
    if (found === undefined) throw notBootstrapped('organization');
    organization = found;
  } else {
    organization = await store.getOrganization(request.organization);
  }
  let member = await store.getMember(organization.id, user.id).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (request.role !== undefined || member === undefined) {
    member = await store.putMember(organization.id, user.id, { role: request.role === undefined ? 'read' : request.role });
  }
  const { token, record } = await store.createApiToken({
    userId: user.id,
    label: request.label ?? `quire token create (${organization.id})`,
    ...(request.expiresAt === undefined ? {} : { expiresAt: request.expiresAt }),
  });
  return { token, record, user, organization, member, createdUser };
}

function notBootstrapped(field: 'user' | 'organization'): QuireError {
  return new QuireError('NOT_FOUND', `there is no admin ${field} yet: start quire serve once on this data, or pass --${field}`, { field });
}
