import { Type } from 'typebox';
import type { TeamRole } from '../../store/index.ts';
import { teamTitleLimits } from '../../store/index.ts';
import { EntityId } from './entity-id.ts';
import { OrganizationMemberSchema } from './organization-member.ts';

const Timestamp = Type.String({ format: 'date-time' });
/** The most users one request may name in a list: a page of the largest list. */
const maxUsersPerRequest = 1000;
/** A user named in a body: an id or an e-mail address. */
const UserName = Type.String({ minLength: 1, maxLength: 320 });

/** `TeamMemberRole`. */
export const TeamMemberRoleSchema = Type.Unsafe<TeamRole>({ type: 'string', enum: ['owner', 'member'] });

/** The published `TeamMember`: `{ role }`. */
export const TeamMemberSchema = Type.Object({ role: TeamMemberRoleSchema }, { additionalProperties: false });

/** The published `OrganizationTeamTitle`: 1 to 64 characters. */
export const TeamTitle = Type.String({ minLength: teamTitleLimits.min, maxLength: teamTitleLimits.max });

/** The published `OrganizationTeam`. */
export const TeamSchema = Type.Object({
  object: Type.Literal('team'),
  id: Type.String(),
  title: Type.String(),
  members: Type.Integer(),
  spaces: Type.Number(),
  createdAt: Timestamp,
  permissions: Type.Object({ admin: Type.Boolean(), view: Type.Boolean() }),
});

/** The published `OrganizationTeamMember`. */
export const TeamMemberItemSchema = Type.Object({
  organization: OrganizationMemberSchema,
  team: TeamMemberSchema,
  permissions: Type.Object({ view: Type.Boolean() }),
});

/** An item of `listTeamsForOrganizationMember`: a team and the member's role in it. */
export const MemberTeamSchema = Type.Object({ team: TeamSchema, member: TeamMemberSchema });

/** `createOrganizationTeam`'s body: a title and the first members (user ids of members of the organization). */
export const TeamCreateBody = Type.Object(
  { title: TeamTitle, members: Type.Optional(Type.Array(EntityId, { maxItems: maxUsersPerRequest })) },
  { additionalProperties: false },
);

/** `updateTeamInOrganizationById`'s body: the new title. */
export const TeamUpdateBody = Type.Object({ title: TeamTitle }, { additionalProperties: false });

/** The published `UpdateMembersInOrganizationTeam`: users by id or e-mail address to add and remove, and roles. */
export const TeamMembersUpdateBody = Type.Object(
  {
    add: Type.Optional(Type.Array(UserName, { maxItems: maxUsersPerRequest })),
    memberships: Type.Optional(
      Type.Record(Type.String(), TeamMemberSchema, { maxProperties: maxUsersPerRequest }),
    ),
    remove: Type.Optional(Type.Array(UserName, { maxItems: maxUsersPerRequest })),
  },
  { additionalProperties: false },
);

/** `addMemberToOrganizationTeamById`'s body (optional as a whole): the role. */
export const TeamMemberPutBody = Type.Object({ role: Type.Optional(TeamMemberRoleSchema) }, { additionalProperties: false });

/**
 * The title filter of the team lists (a case-insensitive substring). One line of text: a query string skips the
 * body's text checks, and PostgreSQL refuses a NUL in text outright.
 */
export const TeamTitleFilter = Type.String({ maxLength: 128, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$' });
