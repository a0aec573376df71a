import type { Actor } from '../access/actor.ts';
import { organizationAccess } from '../access/organization-access.ts';
import type { ServiceContext } from '../service-context.ts';
import { signClaims } from '../tokens/signing-keys.ts';

/**
 * What `POST /v1/orgs/{organizationId}/ping` answers: the visitor-claims JWT under the published name
 * (`gitbookVisitorClaims`) and under the seed's (`serviceVisitorClaims`), the same token.
 */
export interface PublishedPing {
  gitbookVisitorClaims: string;
  serviceVisitorClaims: string;
}

/**
 * The claims a visitor-claims token carries about a member, besides `iss`, `sub` (the user id), `aud` (the
 * organization id), `iat` and `exp`: what adaptive content and visitor-auth sites may test
 * (`visitor.claims.role == "edit"`).
 */
export interface MemberVisitorClaims {
  /** The organization id (as `aud`), for readers that do not check the audience. */
  organization: string;
  /** The member's role in it, `guest` for a guest. */
  role: string;
  /** The user's display name. */
  name: string;
  email?: string;
}

/**
 * updateOrganizationMemberLastSeenAt: records that the calling member is active now (`lastSeenAt`) and answers
 * the member's visitor claims as a JWT signed with the service's current key (verifiable with the JWKS at
 * `/.well-known/jwks.json`). Any active member may ping, a guest too; for anyone else the organization does not
 * exist (404).
 *
 * @example
 * const { gitbookVisitorClaims } = await pingOrganization(ctx, actor, organizationId);
 */
export async function pingOrganization(ctx: ServiceContext, actor: Actor, organizationId: string): Promise<PublishedPing> {
  const access = await organizationAccess(ctx, actor, organizationId);
  const member = await ctx.store.updateMember(access.organization.id, actor.user.id, { lastSeenAt: ctx.clock().toISOString() });
  const claims: MemberVisitorClaims = {
    organization: access.organization.id,
    role: member.role ?? 'guest',
    name: member.user.displayName,
    ...(member.user.email === undefined ? {} : { email: member.user.email }),
  };
  const token = await signClaims(ctx, { ...claims }, { subject: actor.user.id, audience: access.organization.id });
  return { gitbookVisitorClaims: token, serviceVisitorClaims: token };
}
