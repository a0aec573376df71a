import { QuireError, isQuireError } from '../../errors/index.ts';
import type { MemberRecord, OrganizationRecord, Role } from '../../store/index.ts';
import type { Actor } from './actor.ts';
import type { ServiceContext } from '../service-context.ts';

/** An organization the actor belongs to, with the actor's membership (its role: null for a guest). */
export interface OrganizationAccess {
  organization: OrganizationRecord;
  member: MemberRecord;
  role: Role | null;
}

/**
 * The organization, if the actor is an active member of it. Otherwise `NOT_FOUND`, worded exactly as for an
 * organization that does not exist, so ids cannot be probed.
 *
 * @example
 * const { organization, role } = await organizationAccess(ctx, actor, organizationId);
 */
export async function organizationAccess(ctx: ServiceContext, actor: Actor, organizationId: string): Promise<OrganizationAccess> {
  let member: MemberRecord;
  try {
    member = await ctx.store.getMember(organizationId, actor.user.id);
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) throw organizationNotFound(organizationId);
    throw error;
  }
  if (member.disabled) throw organizationNotFound(organizationId);
  const organization = await ctx.store.getOrganization(organizationId);
  return { organization, member, role: member.role };
}

/**
 * `PERMISSION_DENIED` unless the actor's role in the organization includes one of `allowed`.
 *
 * @example
 * requireOrganizationRole(access, ['admin'], 'update the organization');
 */
export function requireOrganizationRole(access: OrganizationAccess, allowed: readonly Role[], action: string): void {
  if (access.role !== null && allowed.includes(access.role)) return;
  throw new QuireError(
    'PERMISSION_DENIED',
    `you may not ${action}: it needs the ${allowed.join(' or ')} role in organization ${access.organization.id}, and yours is ${access.role ?? 'guest'}`,
    { organization: access.organization.id, role: access.role },
  );
}

/**
 * The `NOT_FOUND` answered for an organization that does not exist or that the actor is not a member of.
 *
 * @example
 * throw organizationNotFound('org-1');
 */
export function organizationNotFound(organizationId: string): QuireError {
  return new QuireError('NOT_FOUND', `organization ${organizationId} does not exist, or you are not a member of it`, { kind: 'organization', id: organizationId });
}
