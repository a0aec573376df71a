import { Type } from 'typebox';
import { FreeObject } from './free-object.ts';
import { OrganizationSchema } from './organization.ts';

/*
 * Schemas of the integration routes: the published `PublishIntegration`, `Integration`, `IntegrationInstallation`,
 * `IntegrationSpaceInstallation` / `IntegrationSiteInstallation` and `IntegrationEvent`, with the published
 * enums. Nested objects the service passes through as published (blocks, configurations) are free objects.
 */

const Timestamp = Type.String({ format: 'date-time' });
const Anything = Type.Unsafe<unknown>({});

export const IntegrationName = Type.String({ pattern: '^[a-zA-Z0-9-_.]+$', minLength: 1, maxLength: 100 });
export const IntegrationScope = Type.Union(
  [
    'space:content:read',
    'space:content:write',
    'space:metadata:read',
    'space:metadata:write',
    'space:git:sync',
    'page:feedback:read',
    'site:metadata:read',
    'site:views:read',
    'site:script:inject',
    'site:script:cookies',
    'site:visitor:auth',
    'site:visitor:claims',
    'site:adaptive:read',
    'site:adaptive:write',
    'conversations:ingest',
    'openapi:read',
    'openapi:write',
  ].map((scope) => Type.Literal(scope)),
);
export const IntegrationTarget = Type.Union([Type.Literal('all'), Type.Literal('site'), Type.Literal('space'), Type.Literal('organization')]);
export const IntegrationCategory = Type.Union(['analytics', 'collaboration', 'content', 'marketing', 'visitor-auth', 'other'].map((category) => Type.Literal(category)));
const Visibility = Type.Union([Type.Literal('public'), Type.Literal('private'), Type.Literal('unlisted')]);
const InstallationStatus = Type.Union([Type.Literal('active'), Type.Literal('pending'), Type.Literal('paused')]);
const Selection = Type.Union([Type.Literal('all'), Type.Literal('selected')]);
const ExternalIds = Type.Array(Type.String(), { maxItems: 5 });
const ContentSecurityPolicy = Type.Union([Type.String(), Type.Record(Type.String(), Type.String())]);
const Block = Type.Object(
  { id: Type.String(), title: Type.String({ minLength: 2, maxLength: 40 }), description: Type.Optional(Type.String({ maxLength: 150 })), icon: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
const ContentSource = Type.Object({ id: Type.String(), title: Type.String({ minLength: 2, maxLength: 40 }), configuration: Type.Object({ componentId: Type.String() }) }, { additionalProperties: true });
const ExternalLink = Type.Object({ url: Type.String({ maxLength: 2048 }), label: Type.String() });

/** The body of `publishIntegration`. */
export const PublishIntegrationBody = Type.Object({
  runtime: Type.Optional(Type.Union([Type.Literal('v1'), Type.Literal('v2')])),
  icon: Type.Optional(Type.String()),
  title: Type.String({ minLength: 2, maxLength: 30 }),
  description: Type.String({ maxLength: 100 }),
  summary: Type.Optional(Type.String({ maxLength: 2048 })),
  previewImages: Type.Optional(Type.Array(Type.String(), { maxItems: 3 })),
  visibility: Type.Optional(Visibility),
  target: Type.Optional(IntegrationTarget),
  scopes: Type.Array(IntegrationScope),
  categories: Type.Optional(Type.Array(IntegrationCategory)),
  blocks: Type.Optional(Type.Array(Block)),
  contentSources: Type.Optional(Type.Array(ContentSource)),
  externalLinks: Type.Optional(Type.Array(ExternalLink, { maxItems: 5 })),
  configurations: Type.Optional(Type.Record(Type.String(), FreeObject)),
  script: Type.String(),
  organization: Type.String({ minLength: 1 }),
  secrets: Type.Optional(Type.Record(Type.String(), Type.String(), { maxProperties: 20 })),
  contentSecurityPolicy: Type.Optional(ContentSecurityPolicy),
});

/** The published `Integration`. */
export const IntegrationSchema = Type.Object({
  object: Type.Literal('integration'),
  name: Type.String(),
  version: Type.Number(),
  title: Type.String(),
  description: Type.String(),
  summary: Type.Optional(Type.String()),
  previewImages: Type.Array(Type.String()),
  target: IntegrationTarget,
  verified: Type.Boolean(),
  visibility: Visibility,
  scopes: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  blocks: Type.Array(FreeObject),
  contentSources: Type.Array(FreeObject),
  configurations: FreeObject,
  externalLinks: Type.Array(FreeObject),
  owner: OrganizationSchema,
  urls: Type.Object({
    location: Type.String(),
    app: Type.String(),
    assets: Type.String(),
    publicEndpoint: Type.String(),
    publicContentEndpoint: Type.String(),
    icon: Type.Optional(Type.String()),
  }),
  permissions: Type.Object({ admin: Type.Boolean() }),
  contentSecurityPolicy: Type.Optional(ContentSecurityPolicy),
});

/** The published `IntegrationInstallation`. */
export const IntegrationInstallationSchema = Type.Object({
  id: Type.String(),
  status: InstallationStatus,
  space_selection: Selection,
  site_selection: Selection,
  spaces: Type.Number(),
  configuration: FreeObject,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  urls: Type.Object({ location: Type.String(), app: Type.String(), publicEndpoint: Type.String(), publicContentEndpoint: Type.String() }),
  externalIds: ExternalIds,
  target: Type.Object({ organization: Type.String() }),
});

const ContentInstallationBase = {
  integration: Type.String(),
  installation: Type.String(),
  status: InstallationStatus,
  configuration: FreeObject,
  externalIds: ExternalIds,
  urls: Type.Object({ location: Type.String(), publicEndpoint: Type.String(), publicContentEndpoint: Type.String() }),
};
/** The published `IntegrationSpaceInstallation`: `space` an id, or the Space when expanded. */
export const IntegrationSpaceInstallationSchema = Type.Object({ ...ContentInstallationBase, space: Type.Optional(Anything) });
/** The published `IntegrationSiteInstallation`: `site` an id, or the Site when expanded. */
export const IntegrationSiteInstallationSchema = Type.Object({ ...ContentInstallationBase, site: Type.Optional(Anything) });

/** The published `IntegrationEvent`. */
export const IntegrationEventSchema = Type.Object({
  id: Type.String(),
  integrationId: Type.String(),
  installationId: Type.Optional(Type.String()),
  createdAt: Timestamp,
  payload: FreeObject,
  status: Type.Union([Type.Literal('success'), Type.Literal('failed')]),
});

/** `getIntegrationEvent`'s answer: the event and its trace logs. */
export const IntegrationEventWithTrace = Type.Object({
  event: IntegrationEventSchema,
  trace: Type.Object({
    logs: Type.Array(Type.Object({ message: Type.String(), timestamp: Timestamp, level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]) })),
  }),
});

/** The body of `updateIntegrationInstallation`. */
export const InstallationUpdateBody = Type.Object({
  externalIds: Type.Optional(ExternalIds),
  configuration: Type.Optional(FreeObject),
  space_selection: Type.Optional(Selection),
  site_selection: Type.Optional(Selection),
});

/** The body of `setIntegrationDevelopmentMode`. */
export const DevelopmentModeBody = Type.Object({ tunnelUrl: Type.String({ minLength: 1, maxLength: 256 }), all: Type.Optional(Type.Boolean()) });

/** The body of `updateIntegrationSpaceInstallation` and `updateIntegrationSiteInstallation`. */
export const ContentInstallationUpdateBody = Type.Object({ externalIds: Type.Optional(ExternalIds), configuration: Type.Optional(FreeObject) });
