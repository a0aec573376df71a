import { Type } from 'typebox';
import type { Role } from '../../store/index.ts';
import { MemberRoleOrGuest } from './roles.ts';
import { UserSchema } from './user.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** The published `OrganizationMember`. */
export const OrganizationMemberSchema = Type.Object({
  object: Type.Literal('member'),
  id: Type.String(),
  role: MemberRoleOrGuest,
  user: UserSchema,
  disabled: Type.Boolean(),
  joinedAt: Timestamp,
  lastSeenAt: Type.Optional(Timestamp),
  sso: Type.Boolean(),
  spaces: Type.Number(),
  teams: Type.Number(),
  sites: Type.Number(),
});

/** listMembersInOrganizationById's filters: `role` (a role or `guest`), `search`, `sort`, `order`. */
export const MemberListFilters = {
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
  role: Type.Optional(Type.Unsafe<Role | 'guest'>({ type: 'string', enum: ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'] })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.Union([Type.Literal('joinedAt'), Type.Literal('lastSeenAt'), Type.Literal('name')], { default: 'joinedAt' })),
};

/** updateMemberInOrganizationById's body: `role` (null: guest). Closed, so an unknown field is a 400. */
export const MemberUpdateBody = Type.Object({ role: Type.Optional(MemberRoleOrGuest) }, { additionalProperties: false });
