import { isQuireError, QuireError } from '../../errors/index.ts';
import type { ListOptions, MemberFilter, MemberRecord, Role } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole, type OrganizationAccess } from '../access/organization-access.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { toPublishedMember, type PublishedMember } from './to-published-member.ts';

/** Removing a member: `removed` (205), `absent` (204, the user was not a member) or `requested` of the admins (202). */
export type MemberRemoval = 'removed' | 'absent' | 'requested';

/**
 * The members of an organization (`GET /v1/orgs/{organizationId}/members`), for any member but a guest (the
 * published `permissions.listMembers`).
 *
 * @example
 * const { items } = await listMembers(ctx, actor, 'org-1', { role: 'guest', sort: 'name', order: 'asc' }, { limit: 100 });
 */
export async function listMembers(ctx: ServiceContext, actor: Actor, organizationId: string, filter: MemberFilter, options: ListOptions = {}): Promise<PublishedList<PublishedMember>> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireListMembers(access);
  const page = await ctx.store.listMembers(organizationId, filter, options);
  // One count query per page, not per member.
  const counts = await ctx.store.countMemberships(organizationId, page.items.map((member) => member.user.id));
  return toPublishedList(page, (member) => toPublishedMember(member, counts.get(member.user.id) ?? { spaces: 0, teams: 0 }, ctx.baseUrl));
}

/**
 * One member (`GET /v1/orgs/{organizationId}/members/{userId}`): any member may read its own membership; reading
 * another's needs more than the guest role. `NOT_FOUND` when the user is not a member.
 *
 * @example
 * const member = await getMember(ctx, actor, 'org-1', 'user-1');
 */
export async function getMember(ctx: ServiceContext, actor: Actor, organizationId: string, userId: string): Promise<PublishedMember> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (userId !== actor.user.id) requireListMembers(access);
  return published(ctx, await memberOf(ctx, organizationId, userId));
}

/**
 * Changes a member's role (`PATCH /v1/orgs/{organizationId}/members/{userId}`; null makes it a guest); only
 * admins may. The last admin cannot be demoted (`CONFLICT`, checked with the write in one transaction).
 *
 * @example
 * await updateMember(ctx, actor, 'org-1', 'user-1', { role: 'edit' });
 */
export async function updateMember(ctx: ServiceContext, actor: Actor, organizationId: string, userId: string, update: { role?: Role | null }): Promise<PublishedMember> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `change the role of member ${userId}`);
  const member = await memberOf(ctx, organizationId, userId);
  if (update.role === undefined) return published(ctx, member);
  return published(ctx, await ctx.store.updateMember(organizationId, userId, { role: update.role }));
}

/**
 * Removes a member (`DELETE /v1/orgs/{organizationId}/members/{userId}`): admins may remove anyone, any member may
 * leave. Another member (not a guest) asking to remove someone records the request for the admins instead
 * (`requested`, the published 202 "sent to the organization administrators"): `quire user list` shows it, and an
 * admin removes the member or not. The last admin can neither be removed nor leave (`CONFLICT`).
 *
 * @example
 * await removeMember(ctx, actor, 'org-1', 'user-1') // → 'removed'
 */
export async function removeMember(ctx: ServiceContext, actor: Actor, organizationId: string, userId: string): Promise<MemberRemoval> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (userId === actor.user.id || access.role === 'admin') return (await ctx.store.removeMember(organizationId, userId)) ? 'removed' : 'absent';
  requireOrganizationRole(access, ['admin', 'create', 'edit', 'review', 'comment', 'read'], `ask the admins to remove member ${userId} (guests may only leave)`);
  try {
    await ctx.store.updateMember(organizationId, userId, { removalRequest: { requestedBy: actor.user.id, requestedAt: ctx.clock().toISOString() } });
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) return 'absent';
    throw error;
  }
  return 'requested';
}

/**
 * Makes a user an SSO member (`POST /v1/orgs/{organizationId}/members/{userId}/sso`); only admins may. A user who
 * is not a member yet joins with the organization's `defaultRole`; a member keeps its role. `NOT_FOUND` when the
 * user does not exist.
 *
 * @example
 * const member = await setSsoMember(ctx, actor, 'org-1', 'user-1');
 */
export async function setSsoMember(ctx: ServiceContext, actor: Actor, organizationId: string, userId: string): Promise<PublishedMember> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `make user ${userId} an SSO member`);
  await ctx.store.getUser(userId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) throw new QuireError('NOT_FOUND', `user ${userId} does not exist`, { kind: 'user', id: userId });
    throw error;
  });
  const member = await ctx.store.transaction(async (tx) => {
    const existing = await tx.getMember(organizationId, userId).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    if (existing === undefined) return tx.putMember(organizationId, userId, { role: access.organization.defaultRole, sso: true });
    return tx.updateMember(organizationId, userId, { sso: true });
  });
  return published(ctx, member);
}

/**
 * The member, or `NOT_FOUND` worded for a member.
 *
 * @example
 * const member = await memberOf(ctx, 'org-1', 'user-1');
 */
export async function memberOf(ctx: ServiceContext, organizationId: string, userId: string): Promise<MemberRecord> {
  try {
    return await ctx.store.getMember(organizationId, userId);
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) {
      throw new QuireError('NOT_FOUND', `member ${userId} does not exist in organization ${organizationId}`, { kind: 'member', id: userId });
    }
    throw error;
  }
}

async function published(ctx: ServiceContext, member: MemberRecord): Promise<PublishedMember> {
  const counts = await ctx.store.countMemberships(member.organizationId, [member.user.id]);
  return toPublishedMember(member, counts.get(member.user.id) ?? { spaces: 0, teams: 0 }, ctx.baseUrl);
}

function requireListMembers(access: OrganizationAccess): void {
  if (access.role === null) {
    throw new QuireError('PERMISSION_DENIED', `you may not list the members of organization ${access.organization.id}: guests may only read their own membership`, {
      organization: access.organization.id,
      role: null,
    });
  }
}
