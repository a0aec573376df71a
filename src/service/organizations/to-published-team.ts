import type { OrganizationTeam } from '@gitbook/api';
import type { TeamMemberRecord, TeamRecord, TeamRole } from '../../store/index.ts';
import { toPublishedMember, type PublishedMember } from './to-published-member.ts';

/** The published `OrganizationTeam` (no enum in it, so the package's own type). */
export type PublishedTeam = OrganizationTeam;

/** The published `TeamMember`: a role in a team. */
export interface PublishedTeamRole {
  role: TeamRole;
}

/** The published `OrganizationTeamMember`. */
export interface PublishedTeamMember {
  organization: PublishedMember;
  team: PublishedTeamRole;
  permissions: { view: boolean };
}

/**
 * A team as the published `OrganizationTeam`, seen by a caller who may (`manage`) or may not manage it.
 * Whoever sees a team may list its members, so `view` is always true.
 *
 * @example
 * toPublishedTeam(team, { manage: false }).permissions // → { admin: false, view: true }
 */
export function toPublishedTeam(team: TeamRecord, caller: { manage: boolean }): PublishedTeam {
  return {
    object: 'team',
    id: team.id,
    title: team.title,
    members: team.members,
    spaces: team.spaces,
    createdAt: team.createdAt,
    permissions: { admin: caller.manage, view: true },
  };
}

/**
 * A member of a team as the published `OrganizationTeamMember`.
 *
 * @example
 * toPublishedTeamMember(record, baseUrl).team.role // → 'owner'
 */
export function toPublishedTeamMember(record: TeamMemberRecord, baseUrl: string): PublishedTeamMember {
  return {
    organization: toPublishedMember(record.member, record.counts, baseUrl),
    team: { role: record.role },
    permissions: { view: true },
  };
}
