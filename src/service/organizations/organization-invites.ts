import type { InviteLinkToOrganization } from '@gitbook/api';
import { isQuireError, QuireError } from '../../errors/index.ts';
import type { ListOptions, OrganizationInviteRecord, Role, RoleOrGuest } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedList } from '../published-shapes.ts';
import { resourceUrls } from '../resource-urls.ts';
import { atLeast } from '../access/role-rank.ts';
import type { ServiceContext } from '../service-context.ts';

/*
 * Invites to an organization. Link invites are the published `InviteLinkToOrganization`: reusable, without an
 * expiry (the published shape has neither a use count nor an end date), usable while the organization has
 * `inviteLinks` on. E-mail invites come from inviteUsersToOrganization: Quire sends no mail, so the answer carries
 * each invite's join link (`invites`, an extension), and the invited user, once it has an account and a token with
 * that e-mail address, joins with joinOrganizationWithInvite; the invite is then used up. Both are managed by the
 * organization's admins only.
 */

/** One e-mail invite made by `inviteUsers`, with the address to join through. */
export interface EmailInvite {
  id: string;
  email: string;
  role: RoleOrGuest;
  /** `POST` here with the invited user's token to join (joinOrganizationWithInvite). */
  url: string;
}

/** What `inviteUsers` answers: the published shape, plus `invites` (Quire's extension: the join links). */
export interface InviteUsersResult {
  /** Users added to the organization by this call: none, since every invite waits for its user to accept it. */
  users: string[];
  /** How many invites were made (addresses of existing members are skipped). */
  invited: number;
  invites: EmailInvite[];
}

/** The published `InviteUsersToOrganization` body. */
export interface InviteUsersRequest {
  emails: (string | { email: string; role: Role | null })[];
  role?: Role | null;
  sso?: boolean;
}

/**
 * The join link of an invite: where its user `POST`s to join.
 *
 * @example
 * inviteJoinUrl('http://127.0.0.1:8787', 'org-1', 'inv-1') // → 'http://127.0.0.1:8787/v1/orgs/org-1/invites/inv-1'
 */
export function inviteJoinUrl(baseUrl: string, organizationId: string, inviteId: string): string {
  return `${resourceUrls.organization(baseUrl, organizationId)}/invites/${encodeURIComponent(inviteId)}`;
}

/**
 * Invites users by e-mail address (`POST /v1/orgs/{organizationId}/invites`, inviteUsersToOrganization); only
 * admins may. Each address gets one pending invite with its own role, else `role`, else the organization's
 * `defaultRole`; inviting an address again replaces its role. Addresses of current members are skipped.
 *
 * @example
 * const { invites } = await inviteUsers(ctx, actor, 'org-1', { emails: ['ada@example.com'], role: 'edit' });
 */
export async function inviteUsers(ctx: ServiceContext, actor: Actor, organizationId: string, request: InviteUsersRequest): Promise<InviteUsersResult> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `invite users to organization ${organizationId}`);
  const entries = request.emails.map((entry, index) => {
    const email = typeof entry === 'string' ? entry : entry.email;
    const role = typeof entry === 'string' || entry.role === undefined ? (request.role === undefined ? access.organization.defaultRole : request.role) : entry.role;
    return { email: checkEmail(`emails/${index}`, email), given: typeof email === 'string' ? email.trim() : '', role };
  });
  if (entries.length === 0) throw new QuireError('INVALID_ARGUMENT', 'emails must name at least one address', { field: 'emails' });
  const invites: EmailInvite[] = [];
  await ctx.store.transaction(async (tx) => {
    for (const entry of entries) {
      if (await isMemberByEmail(ctx, organizationId, [entry.given, entry.email])) continue;
      const invite = await tx.putOrganizationInvite({ organizationId, kind: 'email', email: entry.email, role: entry.role, sso: request.sso === true, createdBy: actor.user.id });
      if (!invites.some((made) => made.id === invite.id)) invites.push({ id: invite.id, email: entry.email, role: invite.role, url: inviteJoinUrl(ctx.baseUrl, organizationId, invite.id) });
    }
  });
  return { users: [], invited: invites.length, invites };
}

/**
 * The organization's invite links (`GET /v1/orgs/{organizationId}/link-invites`), oldest first; admins only.
 *
 * @example
 * const { items } = await listInviteLinks(ctx, actor, 'org-1');
 */
export async function listInviteLinks(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<InviteLinkToOrganization>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `list the invite links of organization ${organizationId}`);
  const page = await ctx.store.listOrganizationInvites(organizationId, { kind: 'link' }, options);
  return toPublishedList(page, (invite) => toPublishedInviteLink(invite, access.role));
}

/**
 * Makes an invite link (`POST /v1/orgs/{organizationId}/link-invites`, createOrganizationInvite: 201) giving
 * `role`; admins only. Links to one space or collection (the published `level` bodies) are not made: a 400
 * naming the field.
 *
 * @example
 * const link = await createInviteLink(ctx, actor, 'org-1', { role: 'edit' });
 */
export async function createInviteLink(ctx: ServiceContext, actor: Actor, organizationId: string, body: { role?: Role | null; space?: string; collection?: string }): Promise<InviteLinkToOrganization> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `create invite links in organization ${organizationId}`);
  const content = body.space !== undefined ? 'space' : body.collection !== undefined ? 'collection' : undefined;
  if (content !== undefined) {
    throw new QuireError('INVALID_ARGUMENT', `${content}: Quire makes invite links to the organization only ({ "role": ... }), not to one ${content}`, { field: content });
  }
  if (body.role === undefined) throw new QuireError('INVALID_ARGUMENT', 'role is required: the role the invite link gives (null for guests)', { field: 'role' });
  const invite = await ctx.store.putOrganizationInvite({ organizationId, kind: 'link', role: body.role, createdBy: actor.user.id });
  return toPublishedInviteLink(invite, access.role);
}

/**
 * One invite link (`GET /v1/orgs/{organizationId}/link-invites/{inviteId}`); admins only.
 *
 * @example
 * const link = await getInviteLink(ctx, actor, 'org-1', 'inv-1');
 */
export async function getInviteLink(ctx: ServiceContext, actor: Actor, organizationId: string, inviteId: string): Promise<InviteLinkToOrganization> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `read the invite links of organization ${organizationId}`);
  return toPublishedInviteLink(await linkOf(ctx, organizationId, inviteId), access.role);
}

/**
 * Changes the role an invite link gives (`PATCH /v1/orgs/{organizationId}/link-invites/{inviteId}`); admins only.
 * The published `level` body is for space and collection links, which Quire does not make: a 400.
 *
 * @example
 * await updateInviteLink(ctx, actor, 'org-1', 'inv-1', { role: 'read' });
 */
export async function updateInviteLink(ctx: ServiceContext, actor: Actor, organizationId: string, inviteId: string, body: { role?: Role | null; level?: Role | null }): Promise<InviteLinkToOrganization> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `change the invite links of organization ${organizationId}`);
  await linkOf(ctx, organizationId, inviteId);
  if (body.role === undefined) {
    const field = body.level === undefined ? 'role' : 'level';
    throw new QuireError('INVALID_ARGUMENT', `${field}: an organization invite link takes { "role": ... } (level is for space and collection links)`, { field });
  }
  return toPublishedInviteLink(await ctx.store.updateOrganizationInvite(organizationId, inviteId, { role: body.role }), access.role);
}

/**
 * Deletes an invite, a link or a pending e-mail invite (`DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}`):
 * `deleted` (205) or `absent` (204); admins only.
 *
 * @example
 * await deleteInvite(ctx, actor, 'org-1', 'inv-1') // → 'deleted'
 */
export async function deleteInvite(ctx: ServiceContext, actor: Actor, organizationId: string, inviteId: string): Promise<'deleted' | 'absent'> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `delete invites of organization ${organizationId}`);
  return (await ctx.store.deleteOrganizationInvite(organizationId, inviteId)) ? 'deleted' : 'absent';
}

/**
 * The pending e-mail invites of an organization (what `quire invite list` shows), oldest first; admins only.
 *
 * @example
 * const { items } = await listEmailInvites(ctx, actor, 'org-1');
 */
export async function listEmailInvites(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<EmailInvite>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `list the invites of organization ${organizationId}`);
  const page = await ctx.store.listOrganizationInvites(organizationId, { kind: 'email' }, options);
  return toPublishedList(page, (invite) => ({ id: invite.id, email: invite.email ?? '', role: invite.role, url: inviteJoinUrl(ctx.baseUrl, organizationId, invite.id) }));
}

/**
 * Joins an organization with an invite (`POST /v1/orgs/{organizationId}/invites/{inviteId}`,
 * joinOrganizationWithInvite), as the caller. A link invite works for anyone holding it while the organization
 * has `inviteLinks` on (else 403); an e-mail invite only for the user with that address, once (it is then used
 * up: 404 afterwards). A member who joins again keeps the higher of its role and the invite's: an invite never
 * lowers a role. Unknown invites answer 404, also to users who are not members.
 *
 * @example
 * await joinWithInvite(ctx, actor, 'org-1', 'inv-1') // → {}
 */
export async function joinWithInvite(ctx: ServiceContext, actor: Actor, organizationId: string, inviteId: string): Promise<Record<string, never>> {
  await ctx.store.transaction(async (tx) => {
    const invite = await tx.getOrganizationInvite(organizationId, inviteId).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) throw inviteNotFound(organizationId, inviteId);
      throw error;
    });
    if (invite.kind === 'link') {
      const organization = await tx.getOrganization(organizationId);
      if (!organization.inviteLinks) {
        throw new QuireError('PERMISSION_DENIED', `invite links are turned off in organization ${organizationId} (inviteLinks is false): an admin can turn them on, or invite you by e-mail`, {
          organization: organizationId,
          field: 'inviteLinks',
        });
      }
    } else {
      if (actor.user.email?.toLowerCase() !== invite.email) {
        throw new QuireError('PERMISSION_DENIED', `invite ${inviteId} is for another e-mail address than yours: join with the account it was sent to`, { organization: organizationId });
      }
      // Used up in the same transaction, so two joins at once cannot both use it.
      if (!(await tx.deleteOrganizationInvite(organizationId, inviteId))) throw inviteNotFound(organizationId, inviteId);
    }
    const current = await tx.getMember(organizationId, actor.user.id).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    if (current === undefined) {
      await tx.putMember(organizationId, actor.user.id, { role: invite.role, sso: invite.sso });
    } else if (invite.role !== null && !atLeast(current.role, invite.role)) {
      await tx.updateMember(organizationId, actor.user.id, { role: invite.role, ...(invite.sso ? { sso: true } : {}) });
    }
  });
  return {};
}

function toPublishedInviteLink(invite: OrganizationInviteRecord, viewerRole: Role | null): InviteLinkToOrganization {
  return {
    object: 'invite',
    id: invite.id,
    role: invite.role as InviteLinkToOrganization['role'],
    // Published: "redundant if the requesting user already has all necessary permissions".
    redundant: invite.role === null ? true : atLeast(viewerRole, invite.role),
  };
}

async function linkOf(ctx: ServiceContext, organizationId: string, inviteId: string): Promise<OrganizationInviteRecord> {
  const invite = await ctx.store.getOrganizationInvite(organizationId, inviteId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (invite === undefined || invite.kind !== 'link') throw inviteNotFound(organizationId, inviteId);
  return invite;
}

function inviteNotFound(organizationId: string, inviteId: string): QuireError {
  return new QuireError('NOT_FOUND', `invite ${inviteId} does not exist in organization ${organizationId} (or it was used or revoked)`, { kind: 'invite', id: inviteId });
}

/** Whether a user with one of `emails` (the address as given, and lower-cased: accounts keep their case) is a member. */
async function isMemberByEmail(ctx: ServiceContext, organizationId: string, emails: readonly string[]): Promise<boolean> {
  for (const email of new Set(emails)) {
    const user = await ctx.store.findUserByEmail(email);
    if (user === undefined) continue;
    const member = await ctx.store.getMember(organizationId, user.id).then(
      () => true,
      (error: unknown) => {
        if (isQuireError(error, 'NOT_FOUND')) return false;
        throw error;
      },
    );
    if (member) return true;
  }
  return false;
}

/** An e-mail address, lower-cased: `local@domain`, one line, at most 320 characters. */
function checkEmail(field: string, value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (email.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be an e-mail address such as ada@example.com, not ${JSON.stringify(value)}`, { field });
  }
  return email;
}
