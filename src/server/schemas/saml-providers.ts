import { Type } from 'typebox';
import { samlProviderLimits } from '../../store/index.ts';
import { EntityId } from './entity-id.ts';
import { MemberRoleOrGuest } from './roles.ts';
import { TeamSchema } from './team.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** The published `SAMLProviderLabel`: 1 to 30 characters. */
const Label = Type.String({ minLength: 1, maxLength: samlProviderLimits.label });

/**
 * The body of `createOrganizationSAMLProvider` (`label` required) and, with every field optional,
 * `updateOrganizationSAMLProvider`. The certificate and the URL are checked further by the service (X.509, not
 * expired; https or loopback http), which names the field.
 */
const samlProviderFields = {
  entityID: Type.Optional(Type.String({ minLength: 1, maxLength: samlProviderLimits.entityId })),
  certificate: Type.Optional(Type.String({ minLength: 1, maxLength: samlProviderLimits.certificate })),
  ssoURL: Type.Optional(Type.String({ minLength: 1, maxLength: samlProviderLimits.url })),
  defaultTeam: Type.Optional(EntityId),
  defaultRole: Type.Optional(MemberRoleOrGuest),
};
export const SamlProviderCreateBody = Type.Object({ label: Label, ...samlProviderFields }, { additionalProperties: false });
export const SamlProviderUpdateBody = Type.Object({ label: Type.Optional(Label), ...samlProviderFields }, { additionalProperties: false });

/** The published `OrganizationSAMLProvider`. */
export const SamlProviderSchema = Type.Object({
  object: Type.Literal('saml-provider'),
  id: Type.String(),
  label: Type.String(),
  ssoURL: Type.String(),
  entityID: Type.String(),
  certificate: Type.String(),
  defaultTeam: Type.Optional(TeamSchema),
  defaultRole: MemberRoleOrGuest,
  createdAt: Timestamp,
  status: Type.Union([Type.Literal('active'), Type.Literal('pending')]),
  service: Type.Object({ acsURL: Type.String(), startURL: Type.String(), entityID: Type.String() }),
  urls: Type.Object({ location: Type.String() }),
});

/** The published `OrganizationSSOProviderLogin`, in `{ items }` (not a list envelope). */
export const SsoProviderLoginsSchema = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), startURL: Type.String() })),
});

/** The start URL's query: where to come back to (a path of this server). */
export const SamlStartQuery = Type.Object({ RelayState: Type.Optional(Type.String({ maxLength: 80 })) });

/** The ACS's form (HTTP-POST binding): the base64 response and the RelayState the IdP sends back. */
export const SamlAcsBody = Type.Object({ SAMLResponse: Type.String({ minLength: 1, maxLength: 256 * 1024 }), RelayState: Type.Optional(Type.String()) });

/** What a sign-in answers (docs/sso.md). */
export const SamlSessionSchema = Type.Object({
  object: Type.Literal('saml-session'),
  token: Type.String(),
  expiresAt: Timestamp,
  userId: Type.String(),
  organizationId: Type.String(),
  joined: Type.Boolean(),
  relayState: Type.Union([Type.String(), Type.Null()]),
});
