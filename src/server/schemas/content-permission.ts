import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';
import { MemberRole, MemberRoleOrGuest } from './roles.ts';
import { SpaceSchema } from './space.ts';
import { UserSchema } from './user.ts';

/** The most users or teams one invitation names (a bound on the work of one request). */
export const maxInvitees = 1000;

/** `InviteUsersAndTeams`: a role, and users and/or teams (at least one of the two lists, checked by the service). */
export const InviteBody = Type.Object(
  {
    role: MemberRoleOrGuest,
    users: Type.Optional(Type.Array(EntityId, { minItems: 1, maxItems: maxInvitees })),
    teams: Type.Optional(Type.Array(EntityId, { minItems: 1, maxItems: maxInvitees })),
  },
  { additionalProperties: false },
);

/** The body of update{User,Team}PermissionIn{Space,Collection}: `{ role }` (optional in the published schema; the service asks for it). */
export const PermissionUpdateBody = Type.Object({ role: Type.Optional(MemberRoleOrGuest) }, { additionalProperties: false });

/** `UserContentPermission`. */
export const UserContentPermissionSchema = Type.Object({ permission: MemberRole, user: UserSchema });

/** The published `OrganizationTeam`. */
export const TeamSchema = Type.Object({
  object: Type.Literal('team'),
  id: Type.String(),
  title: Type.String(),
  members: Type.Integer(),
  spaces: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
  permissions: Type.Object({ admin: Type.Boolean(), view: Type.Boolean() }),
});

/** An item of listTeamPermissionsIn{Space,Collection}. */
export const TeamContentPermissionSchema = Type.Object({ permission: MemberRole, team: TeamSchema });

/** `MemberContentPermission`. */
export const MemberContentPermissionSchema = Type.Object({ permission: MemberRole, space: SpaceSchema });
