import { Type, type Static } from 'typebox';
import { EntityId } from './entity-id.ts';
import { MemberRoleOrGuest } from './roles.ts';
import { Nullable } from './nullable.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** The published `Organization`, the fields Quire fills. */
export const OrganizationSchema = Type.Object({
  object: Type.Literal('organization'),
  id: Type.String(),
  title: Type.String(),
  createdAt: Timestamp,
  emailDomains: Type.Array(Type.String()),
  hostname: Type.Optional(Type.String()),
  type: Type.String(),
  useCase: Type.Optional(Type.String()),
  communityType: Type.Optional(Type.String()),
  defaultRole: MemberRoleOrGuest,
  defaultContent: Type.Optional(Type.Object({ type: Type.Literal('site'), site: Type.String() })),
  sso: Type.Boolean(),
  ai: Type.Boolean(),
  inviteLinks: Type.Boolean(),
  plan: Type.String(),
  mergeRules: Type.Object({ type: Type.Literal('none') }),
  urls: Type.Object({ location: Type.String({ format: 'uri' }), app: Type.String({ format: 'uri' }), logo: Type.Optional(Type.String({ format: 'uri' })) }),
  trial: Type.Object({ status: Type.Literal('notapplicable'), count: Type.Integer() }),
  customHostname: Type.Optional(Type.String()),
  permissions: Type.Object({
    view: Type.Boolean(),
    access: Type.Boolean(),
    admin: Type.Boolean(),
    ownTeam: Type.Boolean(),
    createContent: Type.Boolean(),
    createOpenAPISpec: Type.Boolean(),
    viewBilling: Type.Boolean(),
    listMembers: Type.Boolean(),
    listTeams: Type.Boolean(),
    listIntegrations: Type.Boolean(),
    listInstallations: Type.Boolean(),
    installIntegration: Type.Boolean(),
  }),
});

/**
 * `updateOrganizationById`'s body, the seed's fields: closed, so an unknown field is a 400. `hostname: null`
 * removes the hostname (an extension). The published `mergeRules` is not accepted: Quire has no merge rules.
 * Titles are 2 to 100 characters (the published maximum is 255; the store keeps 100).
 */
export const OrganizationUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 2, maxLength: 100, pattern: '\\S.*\\S' })),
    emailDomains: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 100 })),
    hostname: Type.Optional(Nullable(Type.String({ minLength: 3, maxLength: 32 }))),
    defaultRole: Type.Optional(MemberRoleOrGuest),
    defaultContent: Type.Optional(
      Type.Union([Type.Object({ type: Type.Literal('site'), site: EntityId }, { additionalProperties: false }), Type.Null()], {
        description: 'a site pointer { "type": "site", "site": "<site id>" }, or null',
      }),
    ),
    logo: Type.Optional(Nullable(Type.String({ format: 'uri', maxLength: 2048 }))),
    sso: Type.Optional(Type.Boolean()),
    ai: Type.Optional(Type.Boolean()),
    inviteLinks: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OrganizationUpdateBody = Static<typeof OrganizationUpdateBody>;
