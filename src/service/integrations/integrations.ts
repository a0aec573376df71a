import { QuireError, isQuireError } from '../../errors/index.ts';
import type {
  ContentHash,
  IntegrationContentInstallationRecord,
  IntegrationContentKind,
  IntegrationEventLogRecord,
  IntegrationInstallationRecord,
  IntegrationInstallationStatus,
  IntegrationRecord,
  IntegrationTarget,
  IntegrationVisibility,
  ListOptions,
  OrganizationRecord,
} from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { integrationAssetType } from './integration-assets.ts';
import { queueIntegrationEvent } from './integration-deliveries.ts';
import { checkConfiguration, checkConfigurations, configurationProblem } from './integration-configuration.ts';
import {
  toPublishedContentInstallation,
  toPublishedEvent,
  toPublishedInstallation,
  toPublishedIntegration,
  type PublishedContentInstallation,
  type PublishedEvent,
  type PublishedInstallation,
  type PublishedIntegration,
} from './integration-shapes.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { siteAccess } from '../access/site-access.ts';
import { getSite } from '../sites/sites.ts';
import { getSpace, type DeleteOutcome } from '../spaces/spaces.ts';

/*
 * Integrations. Who may do what:
 * - anyone signed in lists and reads public and unlisted integrations (unlisted ones are not listed); private
 *   ones only the members of the organization that publishes them;
 * - an admin of an organization publishes under it (a name is one organization's: another's is a 409), and
 *   unpublishes, turns development mode on and off, and reads the events of its integrations;
 * - an admin of an organization installs an integration on it (a private one only on its own organization),
 *   configures the installation, and installs it on the organization's spaces and sites;
 * - the installations listed are those on organizations the caller is an admin of, every one for the
 *   publisher's admins.
 * Installing, and changing an installation's configuration, records an `installation_setup` event; on a space or
 * a site, a `space_installation_setup` or `site_installation_setup` event.
 */

/** The body of `publishIntegration` (the published `PublishIntegration`). */
export interface PublishIntegrationBody {
  runtime?: string;
  icon?: string;
  title: string;
  description: string;
  summary?: string;
  previewImages?: string[];
  visibility?: IntegrationVisibility;
  target?: IntegrationTarget;
  scopes: string[];
  categories?: string[];
  blocks?: unknown[];
  contentSources?: unknown[];
  externalLinks?: unknown[];
  configurations?: Record<string, unknown>;
  script: string;
  organization: string;
  secrets?: Record<string, string>;
  contentSecurityPolicy?: string | Record<string, string>;
}

/** The filters of `listIntegrations`. */
export interface IntegrationListQuery {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: IntegrationTarget;
}

/** The body of `updateIntegrationInstallation`. */
export interface InstallationUpdateBody {
  configuration?: Record<string, unknown>;
  externalIds?: string[];
  space_selection?: 'all' | 'selected';
  site_selection?: 'all' | 'selected';
}

/**
 * The integrations the caller may see (`GET /v1/integrations`), by name, with every published filter.
 *
 * @example
 * const { items } = await listIntegrations(ctx, actor, { category: 'analytics' });
 */
export async function listIntegrations(ctx: ServiceContext, actor: Actor, query: IntegrationListQuery = {}, options: ListOptions = {}): Promise<PublishedList<PublishedIntegration>> {
  const organizations = (await ctx.store.listOrganizations({ memberId: actor.user.id }, { limit: 1000 })).items;
  const page = await ctx.store.listIntegrations({ ...query, visibleTo: organizations.map((organization) => organization.id) }, options);
  const shown = await toPublishedList(page, async (integration) => present(ctx, actor, integration));
  return shown;
}

/**
 * An integration by name (`GET /v1/integrations/{integrationName}`); a private one only for the members of its
 * organization (404 for others).
 *
 * @example
 * const integration = await getIntegration(ctx, actor, 'hello-block');
 */
export async function getIntegration(ctx: ServiceContext, actor: Actor, name: string): Promise<PublishedIntegration> {
  return present(ctx, actor, await visibleIntegration(ctx, actor, name));
}

/**
 * Publishes an integration (`POST /v1/integrations/{integrationName}`): version 1, or the next version of the
 * caller's organization's integration of that name. The caller must be an admin of `organization` (an id, or
 * the organization's hostname); `configurations` must be usable schemas; the script is stored as a blob.
 *
 * @example
 * const published = await publishIntegration(ctx, actor, 'hello-block', { organization: orgId, title: 'Hello', description: '', scopes: [], script });
 */
export async function publishIntegration(ctx: ServiceContext, actor: Actor, name: string, body: PublishIntegrationBody): Promise<PublishedIntegration> {
  const organization = await resolveOrganization(ctx, actor, body.organization);
  const access = await organizationAccess(ctx, actor, organization.id);
  requireOrganizationRole(access, ['admin'], `publish integrations under organization ${organization.id}`);
  const configurations = body.configurations ?? {};
  checkConfigurations(configurations);
  const encoder = new TextEncoder();
  const script = await ctx.store.putBlob(encoder.encode(body.script));
  const icon = body.icon === undefined ? undefined : await ctx.store.putBlob(base64('icon', body.icon));
  const previewImages = [];
  for (const [index, image] of (body.previewImages ?? []).entries()) previewImages.push((await ctx.store.putBlob(base64(`previewImages.${index}`, image))).hash);
  const integration = await ctx.store.publishIntegration({
    name,
    organizationId: organization.id,
    publishedBy: actor.user.id,
    script: { blob: script.hash, size: script.size },
    runtime: body.runtime ?? 'v1',
    title: body.title,
    description: body.description,
    summary: body.summary,
    iconBlob: icon?.hash,
    previewImages,
    visibility: body.visibility ?? 'public',
    target: body.target ?? 'all',
    scopes: body.scopes,
    categories: body.categories ?? [],
    blocks: body.blocks ?? [],
    contentSources: body.contentSources ?? [],
    externalLinks: body.externalLinks ?? [],
    configurations,
    secrets: body.secrets ?? {},
    contentSecurityPolicy: body.contentSecurityPolicy,
  });
  return toPublishedIntegration(integration, access.organization, access.role, ctx.baseUrl);
}

/**
 * The script of an integration's version (the latest without `version`), as published: the seam the runtime
 * reads. Only the publishing organization's admins may read it.
 *
 * @example
 * const { script, version } = await getIntegrationScript(ctx, actor, 'hello-block');
 */
export async function getIntegrationScript(ctx: ServiceContext, actor: Actor, name: string, version?: number): Promise<{ version: number; script: string }> {
  await ownedIntegration(ctx, actor, name, 'read the script of');
  const stored = await ctx.store.getIntegrationScript(name, version);
  return { version: stored.version, script: new TextDecoder().decode(await ctx.store.getBlob(stored.blob)) };
}

/**
 * An asset of an integration's latest version (`GET .../assets/{hash}`, the `urls.icon` and `previewImages` URLs
 * of the published Integration), for whoever may see the integration; only its icon and preview images are
 * served (another hash is a 404, even when the store holds that blob).
 *
 * @example
 * const { bytes, mediaType } = await getIntegrationAsset(ctx, actor, 'hello-block', iconHash);
 */
export async function getIntegrationAsset(ctx: ServiceContext, actor: Actor, name: string, hash: string): Promise<{ bytes: Uint8Array; mediaType: string }> {
  const integration = await visibleIntegration(ctx, actor, name);
  if (integration.iconBlob !== hash && !integration.previewImages.includes(hash)) {
    throw new QuireError('NOT_FOUND', `integration ${name} has no asset ${hash}`, { kind: 'asset', id: hash });
  }
  const bytes = await ctx.store.getBlob(hash as ContentHash);
  return { bytes, mediaType: integrationAssetType(bytes) };
}

/**
 * Unpublishes an integration (`DELETE /v1/integrations/{integrationName}`): `deleted` (205), or `absent` (204).
 *
 * @example
 * await unpublishIntegration(ctx, actor, 'hello-block'); // → 'deleted'
 */
export async function unpublishIntegration(ctx: ServiceContext, actor: Actor, name: string): Promise<DeleteOutcome> {
  try {
    await ownedIntegration(ctx, actor, name, 'unpublish');
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) return 'absent';
    throw error;
  }
  return (await ctx.store.deleteIntegration(name)) ? 'deleted' : 'absent';
}

/**
 * Turns development mode on (`PUT .../dev`): events go to `tunnelUrl` (https, or http on a loopback address),
 * from the owner organization only, or from every organization with `all`.
 *
 * @example
 * await setIntegrationDevelopmentMode(ctx, actor, 'hello-block', { tunnelUrl: 'https://x.trycloudflare.com' });
 */
export async function setIntegrationDevelopmentMode(ctx: ServiceContext, actor: Actor, name: string, body: { tunnelUrl: string; all?: boolean }): Promise<void> {
  await ownedIntegration(ctx, actor, name, 'turn development mode on for');
  checkTunnelUrl(body.tunnelUrl);
  await ctx.store.setIntegrationDevelopment(name, { tunnelUrl: body.tunnelUrl, all: body.all ?? false });
}

/**
 * Turns development mode off (`DELETE .../dev`).
 *
 * @example
 * await disableIntegrationDevelopmentMode(ctx, actor, 'hello-block');
 */
export async function disableIntegrationDevelopmentMode(ctx: ServiceContext, actor: Actor, name: string): Promise<void> {
  await ownedIntegration(ctx, actor, name, 'turn development mode off for');
  await ctx.store.setIntegrationDevelopment(name, null);
}

/**
 * Installs an integration on an organization (`POST .../installations`, 201). Status `pending` while the
 * account configuration misses required properties, else `active`; records `installation_setup`.
 *
 * @example
 * const installation = await installIntegration(ctx, actor, 'hello-block', { organization: orgId });
 */
export async function installIntegration(ctx: ServiceContext, actor: Actor, name: string, body: { organization: string }): Promise<PublishedInstallation> {
  const integration = await visibleIntegration(ctx, actor, name);
  const access = await organizationAccess(ctx, actor, body.organization);
  requireOrganizationRole(access, ['admin'], `install integrations on organization ${body.organization}`);
  if (integration.visibility === 'private' && integration.organizationId !== body.organization) {
    throw new QuireError('PERMISSION_DENIED', `organization: integration ${name} is private to the organization that publishes it`, { field: 'organization' });
  }
  const status: IntegrationInstallationStatus = configurationProblem(integration.configurations, 'account', {}) === undefined ? 'active' : 'pending';
  const installation = await ctx.store.createIntegrationInstallation({ integrationId: integration.id, organizationId: body.organization, status, configuration: {} });
  await recordInstallationSetup(ctx, integration, installation);
  return toPublishedInstallation(name, installation, ctx.baseUrl);
}

/**
 * An installation of an integration (`GET .../installations/{installationId}`), for the admins of its organization.
 *
 * @example
 * const installation = await getIntegrationInstallation(ctx, actor, 'hello-block', installationId);
 */
export async function getIntegrationInstallation(ctx: ServiceContext, actor: Actor, name: string, installationId: string): Promise<PublishedInstallation> {
  const { installation } = await administeredInstallation(ctx, actor, name, installationId);
  return toPublishedInstallation(name, installation, ctx.baseUrl);
}

/**
 * Changes an installation (`PATCH .../installations/{installationId}`): its configuration, validated against the
 * integration's account schema (400 naming the field), its external ids and selections. A configuration change
 * activates a pending installation and records `installation_setup` with the previous status and configuration.
 *
 * @example
 * await updateIntegrationInstallation(ctx, actor, 'hello-block', installationId, { configuration: { greeting: 'hi' } });
 */
export async function updateIntegrationInstallation(ctx: ServiceContext, actor: Actor, name: string, installationId: string, body: InstallationUpdateBody): Promise<PublishedInstallation> {
  const { integration, installation } = await administeredInstallation(ctx, actor, name, installationId);
  if (body.configuration !== undefined) checkConfiguration(integration.configurations, 'account', body.configuration);
  const updated = await ctx.store.updateIntegrationInstallation(integration.id, installation.id, {
    ...(body.configuration === undefined ? {} : { configuration: body.configuration, status: 'active' as const }),
    ...(body.externalIds === undefined ? {} : { externalIds: body.externalIds }),
    ...(body.space_selection === undefined ? {} : { spaceSelection: body.space_selection }),
    ...(body.site_selection === undefined ? {} : { siteSelection: body.site_selection }),
  });
  if (body.configuration !== undefined) await recordInstallationSetup(ctx, integration, updated, installation);
  return toPublishedInstallation(name, updated, ctx.baseUrl);
}

/**
 * The installations of an integration (`GET .../installations`): on organizations the caller is an admin of
 * (every one for the publisher's admins), with the `externalId` filter.
 *
 * @example
 * const { items } = await listIntegrationInstallations(ctx, actor, 'hello-block');
 */
export async function listIntegrationInstallations(ctx: ServiceContext, actor: Actor, name: string, filter: { externalId?: string }, options: ListOptions = {}): Promise<PublishedList<PublishedInstallation>> {
  const integration = await visibleIntegration(ctx, actor, name);
  const organizationIds = await installationScope(ctx, actor, integration);
  const page = await ctx.store.listIntegrationInstallations(integration.id, { ...filter, ...(organizationIds === undefined ? {} : { organizationIds }) }, options);
  return toPublishedList(page, (installation) => toPublishedInstallation(name, installation, ctx.baseUrl));
}

/**
 * Installs an organization installation on a space of that organization (`POST .../spaces`, 201); the caller
 * must be an admin of the organization and see the space. With `extended`, `space` is the Space.
 *
 * @example
 * await installIntegrationOnContent(ctx, actor, 'hello-block', installationId, 'space', spaceId);
 */
export async function installIntegrationOnContent(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  installationId: string,
  kind: IntegrationContentKind,
  targetId: string,
  extended = false,
): Promise<PublishedContentInstallation> {
  const { integration, installation } = await administeredInstallation(ctx, actor, name, installationId);
  if (integration.target !== 'all' && integration.target !== kind) {
    throw new QuireError('INVALID_ARGUMENT', `${kind === 'space' ? 'space' : 'siteId'}: integration ${name} installs on ${integration.target} only`, { field: kind === 'space' ? 'space' : 'siteId' });
  }
  if (kind === 'space') {
    const { space } = await spaceAccess(ctx, actor, targetId);
    if (space.organizationId !== installation.organizationId) throw new QuireError('NOT_FOUND', `space ${targetId} is not in organization ${installation.organizationId}`, { kind: 'space', id: targetId });
  } else {
    await siteAccess(ctx, actor, installation.organizationId, targetId, 'admin');
  }
  const status = contentStatus(integration, installation, kind, {});
  const stored = await ctx.store.putIntegrationContentInstallation({ installationId, integrationId: integration.id, kind, targetId, status });
  await recordContentInstallationSetup(ctx, integration, stored);
  return toPublishedContentInstallation(name, stored, ctx.baseUrl, extended ? await expandTarget(ctx, actor, stored.kind, installation.organizationId, targetId) : targetId);
}

/**
 * A space (or site) installation (`GET .../installations/{installationId}/spaces/{spaceId}`, `.../sites/{siteId}`),
 * for the admins of the installation's organization; with `extended`, `space` (or `site`) is the Space (or Site).
 *
 * @example
 * const installed = await getIntegrationContentInstallation(ctx, actor, 'hello-block', installationId, 'space', spaceId);
 */
export async function getIntegrationContentInstallation(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  installationId: string,
  kind: IntegrationContentKind,
  targetId: string,
  extended = false,
): Promise<PublishedContentInstallation> {
  const { installation } = await administeredInstallation(ctx, actor, name, installationId);
  const stored = await ctx.store.getIntegrationContentInstallation(installationId, kind, targetId);
  return toPublishedContentInstallation(name, stored, ctx.baseUrl, extended ? await expandTarget(ctx, actor, kind, installation.organizationId, targetId) : targetId);
}

/**
 * Changes a space (or site) installation (`PATCH .../spaces/{spaceId}`, `.../sites/{siteId}`): its configuration,
 * validated against the integration's `space` (or `site`) schema (400 naming the field), and its external ids.
 * A configuration change activates it (while its organization installation is active) and records
 * `space_installation_setup` (or `site_installation_setup`) with the previous status and configuration.
 *
 * @example
 * await updateIntegrationContentInstallation(ctx, actor, 'hello-block', installationId, 'space', spaceId, { configuration: { channel: 'docs' } });
 */
export async function updateIntegrationContentInstallation(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  installationId: string,
  kind: IntegrationContentKind,
  targetId: string,
  body: { configuration?: Record<string, unknown>; externalIds?: string[] },
  extended = false,
): Promise<PublishedContentInstallation> {
  const { integration, installation } = await administeredInstallation(ctx, actor, name, installationId);
  const previous = await ctx.store.getIntegrationContentInstallation(installationId, kind, targetId);
  if (body.configuration !== undefined) checkConfiguration(integration.configurations, kind, body.configuration);
  const updated = await ctx.store.updateIntegrationContentInstallation(installationId, kind, targetId, {
    ...(body.configuration === undefined ? {} : { configuration: body.configuration, status: contentStatus(integration, installation, kind, body.configuration) }),
    ...(body.externalIds === undefined ? {} : { externalIds: body.externalIds }),
  });
  if (body.configuration !== undefined) await recordContentInstallationSetup(ctx, integration, updated, previous);
  return toPublishedContentInstallation(name, updated, ctx.baseUrl, extended ? await expandTarget(ctx, actor, kind, installation.organizationId, targetId) : targetId);
}

// A space (or site) installation is active when its organization installation is and its configuration is complete.
function contentStatus(integration: IntegrationRecord, installation: IntegrationInstallationRecord, kind: IntegrationContentKind, configuration: Record<string, unknown>): IntegrationInstallationStatus {
  if (installation.status !== 'active') return installation.status;
  return configurationProblem(integration.configurations, kind, configuration) === undefined ? 'active' : 'pending';
}

/**
 * The space (or site) installations of an integration (`GET .../spaces`, `GET .../sites`), with `externalId`,
 * and `extended` to give each Space (or Site) instead of its id.
 *
 * @example
 * const { items } = await listIntegrationContentInstallations(ctx, actor, 'hello-block', 'space', { extended: true });
 */
export async function listIntegrationContentInstallations(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  kind: IntegrationContentKind,
  filter: { externalId?: string; extended?: boolean },
  options: ListOptions = {},
): Promise<PublishedList<PublishedContentInstallation>> {
  const integration = await visibleIntegration(ctx, actor, name);
  const organizationIds = await installationScope(ctx, actor, integration);
  const page = await ctx.store.listIntegrationContentInstallations(
    integration.id,
    kind,
    { ...(filter.externalId === undefined ? {} : { externalId: filter.externalId }), ...(organizationIds === undefined ? {} : { organizationIds }) },
    options,
  );
  return toPublishedList(page, async (item) => {
    if (filter.extended !== true) return toPublishedContentInstallation(name, item, ctx.baseUrl, item.targetId);
    const installation = await ctx.store.getIntegrationInstallation(integration.id, item.installationId);
    return toPublishedContentInstallation(name, item, ctx.baseUrl, await expandTarget(ctx, actor, kind, installation.organizationId, item.targetId));
  });
}

/**
 * The events of an integration (`GET .../events`), newest first, for the publisher's admins.
 *
 * @example
 * const { items } = await listIntegrationEvents(ctx, actor, 'hello-block');
 */
export async function listIntegrationEvents(ctx: ServiceContext, actor: Actor, name: string, options: ListOptions = {}): Promise<PublishedList<PublishedEvent>> {
  const integration = await ownedIntegration(ctx, actor, name, 'read the events of');
  return toPublishedList(await ctx.store.listIntegrationEvents(integration.id, options), toPublishedEvent);
}

/**
 * An event of an integration with its trace logs (`GET .../events/{eventId}`).
 *
 * @example
 * const { event, trace } = await getIntegrationEvent(ctx, actor, 'hello-block', eventId);
 */
export async function getIntegrationEvent(ctx: ServiceContext, actor: Actor, name: string, eventId: string): Promise<{ event: PublishedEvent; trace: { logs: IntegrationEventLogRecord[] } }> {
  const integration = await ownedIntegration(ctx, actor, name, 'read the events of');
  const event = await ctx.store.getIntegrationEvent(integration.id, eventId);
  return { event: toPublishedEvent(event), trace: { logs: event.logs } };
}

async function present(ctx: ServiceContext, actor: Actor, integration: IntegrationRecord): Promise<PublishedIntegration> {
  const owner = await ctx.store.getOrganization(integration.organizationId);
  const member = await ctx.store.getMember(owner.id, actor.user.id).catch(() => undefined);
  const role = member === undefined || member.disabled ? null : member.role;
  return toPublishedIntegration(integration, owner, role, ctx.baseUrl);
}

async function visibleIntegration(ctx: ServiceContext, actor: Actor, name: string): Promise<IntegrationRecord> {
  const integration = await ctx.store.getIntegration(name);
  if (integration.visibility !== 'private') return integration;
  const member = await ctx.store.getMember(integration.organizationId, actor.user.id).catch(() => undefined);
  if (member === undefined || member.disabled) throw new QuireError('NOT_FOUND', `integration ${name} does not exist`, { kind: 'integration', id: name });
  return integration;
}

async function ownedIntegration(ctx: ServiceContext, actor: Actor, name: string, action: string): Promise<IntegrationRecord> {
  const integration = await visibleIntegration(ctx, actor, name);
  const access = await organizationAccess(ctx, actor, integration.organizationId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) {
      throw new QuireError('PERMISSION_DENIED', `you may not ${action} integration ${name}: it needs the admin role in the organization that publishes it`, { integration: name });
    }
    throw error;
  });
  requireOrganizationRole(access, ['admin'], `${action} integration ${name}`);
  return integration;
}

async function administeredInstallation(ctx: ServiceContext, actor: Actor, name: string, installationId: string): Promise<{ integration: IntegrationRecord; installation: IntegrationInstallationRecord }> {
  const integration = await visibleIntegration(ctx, actor, name);
  const installation = await ctx.store.getIntegrationInstallation(integration.id, installationId);
  const access = await organizationAccess(ctx, actor, installation.organizationId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) throw new QuireError('NOT_FOUND', `installation ${installationId} does not exist`, { kind: 'installation', id: installationId });
    throw error;
  });
  requireOrganizationRole(access, ['admin'], `configure the installation of integration ${name} on organization ${installation.organizationId}`);
  return { integration, installation };
}

// The organizations whose installations the caller sees; undefined: every one (the publisher's admins).
async function installationScope(ctx: ServiceContext, actor: Actor, integration: IntegrationRecord): Promise<string[] | undefined> {
  const organizations = (await ctx.store.listOrganizations({ memberId: actor.user.id }, { limit: 1000 })).items;
  const administered: string[] = [];
  for (const organization of organizations) {
    const member = await ctx.store.getMember(organization.id, actor.user.id);
    if (!member.disabled && member.role === 'admin') administered.push(organization.id);
  }
  return administered.includes(integration.organizationId) ? undefined : administered;
}

async function expandTarget(ctx: ServiceContext, actor: Actor, kind: IntegrationContentKind, organizationId: string, targetId: string): Promise<unknown> {
  try {
    return kind === 'space' ? await getSpace(ctx, actor, targetId) : await getSite(ctx, actor, organizationId, targetId);
  } catch (error) {
    // A space or site deleted since, or one the caller may not see: its id.
    if (isQuireError(error, 'NOT_FOUND')) return targetId;
    throw error;
  }
}

async function recordInstallationSetup(ctx: ServiceContext, integration: IntegrationRecord, installation: IntegrationInstallationRecord, previous?: IntegrationInstallationRecord): Promise<void> {
  const eventId = `evt-${installation.id}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const payload = {
    eventId,
    type: 'installation_setup',
    installationId: installation.id,
    status: installation.status,
    ...(previous === undefined ? {} : { previous: { status: previous.status, configuration: previous.configuration } }),
  };
  // Delivered to the script (or the development tunnel) in the background; recorded with its status once delivered.
  await queueIntegrationEvent(ctx, { integrationId: integration.id, installationId: installation.id, payload });
}

// The published `SpaceInstallationSetupEvent` / `SiteInstallationSetupEvent`.
async function recordContentInstallationSetup(ctx: ServiceContext, integration: IntegrationRecord, installed: IntegrationContentInstallationRecord, previous?: IntegrationContentInstallationRecord): Promise<void> {
  const type = `${installed.kind}_installation_setup`;
  const eventId = `evt-${installed.installationId}-${installed.kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const payload = {
    eventId,
    type,
    installationId: installed.installationId,
    ...(installed.kind === 'space' ? { spaceId: installed.targetId } : { siteId: installed.targetId }),
    status: installed.status,
    ...(previous === undefined ? {} : { previous: { status: previous.status, configuration: previous.configuration } }),
  };
  // Delivered to the script (or the development tunnel) in the background, as the organization's installation setup is.
  await queueIntegrationEvent(ctx, { integrationId: integration.id, installationId: installed.installationId, payload });
}

async function resolveOrganization(ctx: ServiceContext, actor: Actor, idOrSubdomain: string): Promise<OrganizationRecord> {
  const organizations = (await ctx.store.listOrganizations({ memberId: actor.user.id }, { limit: 1000 })).items;
  const found =
    organizations.find((organization) => organization.id === idOrSubdomain) ??
    organizations.find((organization) => organization.hostname !== undefined && (organization.hostname === idOrSubdomain || organization.hostname.startsWith(`${idOrSubdomain}.`)));
  if (found === undefined) {
    throw new QuireError('NOT_FOUND', `organization ${idOrSubdomain} does not exist, or you are not a member of it`, { kind: 'organization', id: idOrSubdomain, field: 'organization' });
  }
  return found;
}

function checkTunnelUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new QuireError('INVALID_ARGUMENT', `tunnelUrl: ${JSON.stringify(value)} is not a URL`, { field: 'tunnelUrl' });
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return;
  throw new QuireError('INVALID_ARGUMENT', `tunnelUrl: must be https, or http on a loopback address, not ${JSON.stringify(value)}`, { field: 'tunnelUrl' });
}

function base64(field: string, value: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new QuireError('INVALID_ARGUMENT', `${field}: must be base64`, { field });
  return Buffer.from(value, 'base64');
}
