import { QuireError, isQuireError } from '../../errors/index.ts';
import type { ListOptions, RoleOrGuest, SamlProviderFields, SamlProviderRecord } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { toPublishedList } from '../list-page.ts';
import { organizationAccess, organizationNotFound, requireOrganizationRole } from '../access/organization-access.ts';
import type { PublishedList } from '../published-shapes.ts';
import { readAllPages } from '../content/read-all-pages.ts';
import { checkSamlCertificate, checkSamlUrl } from './saml-provider-fields.ts';
import { samlServiceUrls } from './saml-service-urls.ts';
import type { ServiceContext } from '../service-context.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';
import { samlProviderStatus, toPublishedSamlProvider, type PublishedSamlProvider, type PublishedSsoProviderLogin } from './to-published-saml-provider.ts';

/*
 * SAML identity providers of an organization (the seed's "Single sign-on" rows). Only the organization's admins
 * list, read, create, change and delete them: a provider decides who becomes a member, with which role. The
 * sign-in entries (`GET .../sso`) are public, like a sign-in page.
 */

/** The body of `createOrganizationSAMLProvider` and `updateOrganizationSAMLProvider`. */
export interface SamlProviderInput {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  /** A team id of the organization. */
  defaultTeam?: string;
  defaultRole?: RoleOrGuest;
}

/**
 * The providers of an organization, oldest first (`GET /v1/orgs/{organizationId}/saml`).
 *
 * @example
 * const { items } = await listSamlProviders(ctx, actor, orgId);
 */
export async function listSamlProviders(ctx: ServiceContext, actor: Actor, organizationId: string, options: ListOptions = {}): Promise<PublishedList<PublishedSamlProvider>> {
  await requireAdmin(ctx, actor, organizationId, `list the SAML providers of organization ${organizationId}`);
  const page = await ctx.store.listSamlProviders(organizationId, options);
  return toPublishedList(page, (provider) => published(ctx, provider));
}

/**
 * Adds a provider (`POST /v1/orgs/{organizationId}/saml`, 201). Only `label` is required; the provider is
 * `pending` until `entityID`, `certificate` and `ssoURL` are set. New members join with `defaultRole` (default
 * `read`). `INVALID_ARGUMENT` naming the field for a certificate that does not parse or has expired, a URL that
 * is not https (or loopback http), or a `defaultTeam` that is not a team of the organization.
 *
 * @example
 * const okta = await createSamlProvider(ctx, actor, orgId, { label: 'Okta', entityID, certificate, ssoURL });
 */
export async function createSamlProvider(ctx: ServiceContext, actor: Actor, organizationId: string, input: SamlProviderInput): Promise<PublishedSamlProvider> {
  await requireAdmin(ctx, actor, organizationId, `add a SAML provider to organization ${organizationId}`);
  if (input.label === undefined) throw new QuireError('INVALID_ARGUMENT', 'label is required', { field: 'label' });
  const provider = await ctx.store.createSamlProvider({ organizationId, label: input.label, ...checkedFields(ctx, input) });
  return published(ctx, provider);
}

/**
 * A provider (`GET /v1/orgs/{organizationId}/saml/{samlProviderId}`); `NOT_FOUND` naming it.
 *
 * @example
 * const provider = await getSamlProvider(ctx, actor, orgId, providerId);
 */
export async function getSamlProvider(ctx: ServiceContext, actor: Actor, organizationId: string, providerId: string): Promise<PublishedSamlProvider> {
  await requireAdmin(ctx, actor, organizationId, `read the SAML providers of organization ${organizationId}`);
  return published(ctx, await providerOf(ctx, organizationId, providerId));
}

/**
 * Changes the fields given (`PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}`), checked as on create.
 *
 * @example
 * await updateSamlProvider(ctx, actor, orgId, providerId, { defaultRole: 'edit' });
 */
export async function updateSamlProvider(ctx: ServiceContext, actor: Actor, organizationId: string, providerId: string, input: SamlProviderInput): Promise<PublishedSamlProvider> {
  await requireAdmin(ctx, actor, organizationId, `change the SAML providers of organization ${organizationId}`);
  const provider = await providerOf(ctx, organizationId, providerId);
  const updated = await ctx.store.updateSamlProvider(provider.id, checkedFields(ctx, input));
  return published(ctx, updated);
}

/**
 * Deletes a provider (`DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}`): `deleted` (205), or `absent`
 * (204) when the organization has no such provider. Sign-ins it started can no longer finish.
 *
 * @example
 * await deleteSamlProvider(ctx, actor, orgId, providerId); // → 'deleted'
 */
export async function deleteSamlProvider(ctx: ServiceContext, actor: Actor, organizationId: string, providerId: string): Promise<DeleteOutcome> {
  await requireAdmin(ctx, actor, organizationId, `delete the SAML providers of organization ${organizationId}`);
  const provider = await providerOf(ctx, organizationId, providerId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (provider === undefined) return 'absent';
  return (await ctx.store.deleteSamlProvider(provider.id)) ? 'deleted' : 'absent';
}

/**
 * The sign-in entries of an organization (`GET /v1/orgs/{organizationId}/sso`): its `active` providers with their
 * start URLs. Public, as a sign-in page is; `NOT_FOUND` for an organization that does not exist.
 *
 * @example
 * const { items } = await listSsoProviderLogins(ctx, orgId); // → [{ id, label: 'Okta', startURL }]
 */
export async function listSsoProviderLogins(ctx: ServiceContext, organizationId: string): Promise<{ items: PublishedSsoProviderLogin[] }> {
  await ctx.store.getOrganization(organizationId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) throw organizationNotFound(organizationId);
    throw error;
  });
  const providers = await readAllPages((options) => ctx.store.listSamlProviders(organizationId, options));
  return {
    items: providers.filter((provider) => samlProviderStatus(provider) === 'active').map((provider) => ({ id: provider.id, label: provider.label, startURL: samlServiceUrls(ctx.baseUrl, provider.id).startURL })),
  };
}

/**
 * A provider of the organization, or `NOT_FOUND` naming it (also for a provider of another organization).
 *
 * @example
 * const provider = await providerOf(ctx, orgId, providerId);
 */
export async function providerOf(ctx: ServiceContext, organizationId: string, providerId: string): Promise<SamlProviderRecord> {
  const provider = await ctx.store.getSamlProvider(providerId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (provider === undefined || provider.organizationId !== organizationId) {
    throw new QuireError('NOT_FOUND', `SAML provider ${providerId} does not exist in organization ${organizationId}`, { kind: 'saml-provider', id: providerId });
  }
  return provider;
}

async function requireAdmin(ctx: ServiceContext, actor: Actor, organizationId: string, action: string): Promise<void> {
  requireOrganizationRole(await organizationAccess(ctx, actor, organizationId), ['admin'], action);
}

function checkedFields(ctx: ServiceContext, input: SamlProviderInput): Partial<SamlProviderFields> {
  const fields: Partial<SamlProviderFields> = {};
  if (input.label !== undefined) fields.label = input.label;
  if (input.entityID !== undefined) fields.entityId = input.entityID;
  if (input.certificate !== undefined) fields.certificate = checkSamlCertificate(input.certificate, ctx.clock());
  if (input.ssoURL !== undefined) fields.ssoUrl = checkSamlUrl('ssoURL', input.ssoURL);
  if (input.defaultTeam !== undefined) fields.defaultTeamId = input.defaultTeam;
  if (input.defaultRole !== undefined) fields.defaultRole = input.defaultRole;
  return fields;
}

async function published(ctx: ServiceContext, provider: SamlProviderRecord): Promise<PublishedSamlProvider> {
  const team = provider.defaultTeamId === null ? undefined : await ctx.store.getTeam(provider.defaultTeamId);
  return toPublishedSamlProvider(provider, team, ctx.baseUrl);
}
