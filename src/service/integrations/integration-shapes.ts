import type { IntegrationContentInstallationRecord, IntegrationEventRecord, IntegrationInstallationRecord, IntegrationRecord, OrganizationRecord, Role } from '../../store/index.ts';
import { toPublishedOrganization } from '../to-published.ts';

/*
 * The published shapes of integrations (`Integration`, `IntegrationInstallation`, `IntegrationSpaceInstallation`,
 * `IntegrationSiteInstallation`, `IntegrationEvent`). Quire has no web application: `app` points at the API
 * location, and the public endpoints at the integration's (or installation's) address under it.
 */

function integrationUrl(baseUrl: string, name: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/integrations/${encodeURIComponent(name)}`;
}

/**
 * The published `Integration` (without its script and secrets, which only the runtime gets).
 *
 * @example
 * toPublishedIntegration(record, owner, 'admin', baseUrl).version // → 2
 */
export function toPublishedIntegration(integration: IntegrationRecord, owner: OrganizationRecord, role: Role | null, baseUrl: string) {
  const location = integrationUrl(baseUrl, integration.name);
  return {
    object: 'integration' as const,
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary === undefined ? {} : { summary: integration.summary }),
    previewImages: integration.previewImages.map((hash) => `${location}/assets/${hash}`),
    target: integration.target,
    verified: false,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks as Record<string, unknown>[],
    contentSources: integration.contentSources as Record<string, unknown>[],
    configurations: integration.configurations,
    externalLinks: integration.externalLinks as Record<string, unknown>[],
    owner: toPublishedOrganization(owner, role, baseUrl),
    urls: {
      location,
      app: location,
      assets: `${location}/assets`,
      publicEndpoint: `${location}/public`,
      publicContentEndpoint: `${location}/public`,
      ...(integration.iconBlob === undefined ? {} : { icon: `${location}/assets/${integration.iconBlob}` }),
    },
    permissions: { admin: role === 'admin' && owner.id === integration.organizationId },
    ...(integration.contentSecurityPolicy === undefined ? {} : { contentSecurityPolicy: integration.contentSecurityPolicy }),
  };
}
export type PublishedIntegration = ReturnType<typeof toPublishedIntegration>;

/**
 * The published `IntegrationInstallation`.
 *
 * @example
 * toPublishedInstallation('hello', installation, baseUrl).target // → { organization: 'org-1' }
 */
export function toPublishedInstallation(name: string, installation: IntegrationInstallationRecord, baseUrl: string) {
  const location = `${integrationUrl(baseUrl, name)}/installations/${encodeURIComponent(installation.id)}`;
  return {
    id: installation.id,
    status: installation.status,
    space_selection: installation.spaceSelection,
    site_selection: installation.siteSelection,
    spaces: installation.spaces,
    configuration: installation.configuration,
    createdAt: installation.createdAt,
    updatedAt: installation.updatedAt,
    urls: { location, app: location, publicEndpoint: `${location}/public`, publicContentEndpoint: `${location}/public` },
    externalIds: installation.externalIds,
    target: { organization: installation.organizationId },
  };
}
export type PublishedInstallation = ReturnType<typeof toPublishedInstallation>;

/**
 * The published `IntegrationSpaceInstallation` or `IntegrationSiteInstallation`: `space` (or `site`) is the id,
 * or the expanded object when asked for (`extended`).
 *
 * @example
 * toPublishedContentInstallation('hello', row, baseUrl, space.id).space // → 'space-1'
 */
export function toPublishedContentInstallation(name: string, installation: IntegrationContentInstallationRecord, baseUrl: string, target: unknown): PublishedContentInstallation {
  const location = `${integrationUrl(baseUrl, name)}/installations/${encodeURIComponent(installation.installationId)}/${installation.kind}s/${encodeURIComponent(installation.targetId)}`;
  return {
    integration: name,
    installation: installation.installationId,
    status: installation.status,
    configuration: installation.configuration,
    externalIds: installation.externalIds,
    urls: { location, publicEndpoint: `${location}/public`, publicContentEndpoint: `${location}/public` },
    ...(installation.kind === 'space' ? { space: target } : { site: target }),
  };
}
export interface PublishedContentInstallation {
  integration: string;
  installation: string;
  status: IntegrationContentInstallationRecord['status'];
  configuration: Record<string, unknown>;
  externalIds: string[];
  urls: { location: string; publicEndpoint: string; publicContentEndpoint: string };
  /** The space (its id, or the Space) of a space installation. */
  space?: unknown;
  /** The site (its id, or the Site) of a site installation. */
  site?: unknown;
}

/**
 * The published `IntegrationEvent`, and its trace.
 *
 * @example
 * toPublishedEvent(event).payload.type // → 'installation_setup'
 */
export function toPublishedEvent(event: IntegrationEventRecord) {
  return {
    id: event.id,
    integrationId: event.integrationId,
    ...(event.installationId === undefined ? {} : { installationId: event.installationId }),
    createdAt: event.createdAt,
    payload: event.payload,
    status: event.status,
  };
}
export type PublishedEvent = ReturnType<typeof toPublishedEvent>;
