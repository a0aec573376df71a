import type { MemberRecord, RoleOrGuest } from '../../store/index.ts';
import type { PublishedUser } from '../published-shapes.ts';
import { toPublishedUser } from '../to-published.ts';

/** The published `OrganizationMember`, with its role as a plain string union (the package types it with an enum). */
export interface PublishedMember {
  object: 'member';
  id: string;
  role: RoleOrGuest;
  user: PublishedUser;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  spaces: number;
  teams: number;
  sites: number;
}

/**
 * A membership as the published `OrganizationMember`. `spaces` and `teams` are counted by the caller (explicit
 * space grants, teams of the organization); Quire has no per-site grants for members, so `sites` is 0.
 *
 * @example
 * toPublishedMember(member, { spaces: 0, teams: 2 }, baseUrl).teams // → 2
 */
export function toPublishedMember(member: MemberRecord, counts: { spaces: number; teams: number }, baseUrl: string): PublishedMember {
  return {
    object: 'member',
    id: member.user.id,
    role: member.role,
    user: toPublishedUser(member.user, baseUrl),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt === undefined ? {} : { lastSeenAt: member.lastSeenAt }),
    sso: member.sso,
    spaces: counts.spaces,
    teams: counts.teams,
    sites: 0,
  };
}
