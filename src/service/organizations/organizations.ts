import { isQuireError, QuireError } from '../../errors/index.ts';
import type { ListOptions, OrganizationPatch, Role } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { organizationAccess, requireOrganizationRole } from '../access/organization-access.ts';
import { requireSiteOfOrganization } from './organization-references.ts';
import type { PublishedList, PublishedOrganization } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { toPublishedOrganization } from '../to-published.ts';
import { ownsTeam } from './teams.ts';

/** The fields of an organization a caller may change (the seed's PATCH body). null removes an optional one. */
export interface OrganizationUpdate {
  title?: string;
  emailDomains?: string[];
  hostname?: string | null;
  defaultRole?: Role | null;
  defaultContent?: { type: 'site'; site: string } | null;
  /** The logo's address (`urls.logo`). */
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

/**
 * The organizations the actor is a member of, oldest first (`GET /v1/orgs`).
 *
 * @example
 * const { items, next } = await listOrganizations(ctx, actor, { limit: 100 });
 */
export async function listOrganizations(ctx: ServiceContext, actor: Actor, options: ListOptions = {}): Promise<PublishedList<PublishedOrganization>> {
  const page = await ctx.store.listOrganizations({ memberId: actor.user.id }, options);
  const items = await Promise.all(
    page.items.map(async (organization) => {
      const member = await ctx.store.getMember(organization.id, actor.user.id);
      return toPublishedOrganization(organization, member.role, ctx.baseUrl, { ownTeam: await ownsTeam(ctx, member) });
    }),
  );
  return { items, count: page.count, ...(page.next === undefined ? {} : { next: page.next }) };
}

/**
 * An organization the actor is a member of (`GET /v1/orgs/{organizationId}`); `NOT_FOUND` otherwise.
 *
 * @example
 * const org = await getOrganization(ctx, actor, 'org-1');
 */
export async function getOrganization(ctx: ServiceContext, actor: Actor, organizationId: string): Promise<PublishedOrganization> {
  const access = await organizationAccess(ctx, actor, organizationId);
  return toPublishedOrganization(access.organization, access.role, ctx.baseUrl, { ownTeam: await ownsTeam(ctx, access.member) });
}

/**
 * Changes an organization's settings (`PATCH /v1/orgs/{organizationId}`); only its admins may. `defaultContent`
 * must name a site of the organization itself (a 400 otherwise: never another organization's).
 *
 * @example
 * await updateOrganization(ctx, actor, 'org-1', { title: 'Acme Docs', inviteLinks: true });
 */
export async function updateOrganization(ctx: ServiceContext, actor: Actor, organizationId: string, update: OrganizationUpdate): Promise<PublishedOrganization> {
  const access = await organizationAccess(ctx, actor, organizationId);
  requireOrganizationRole(access, ['admin'], `update organization ${organizationId}`);
  const patch: OrganizationPatch = {};
  if (update.title !== undefined) patch.title = update.title;
  if (update.emailDomains !== undefined) patch.emailDomains = checkEmailDomains(update.emailDomains);
  if (update.hostname !== undefined) patch.hostname = update.hostname === null ? null : checkHostname(update.hostname);
  if (update.defaultRole !== undefined) patch.defaultRole = update.defaultRole;
  if (update.defaultContent !== undefined) {
    if (update.defaultContent !== null) await requireSiteOfOrganization(ctx.store, organizationId, update.defaultContent.site, 'defaultContent.site');
    patch.defaultContent = update.defaultContent;
  }
  if (update.logo !== undefined) patch.logoURL = update.logo === null ? null : checkLogo(update.logo);
  if (update.sso !== undefined) patch.sso = update.sso;
  if (update.ai !== undefined) patch.ai = update.ai;
  if (update.inviteLinks !== undefined) patch.inviteLinks = update.inviteLinks;
  const organization = await ctx.store.updateOrganization(organizationId, patch);
  return toPublishedOrganization(organization, access.role, ctx.baseUrl, { ownTeam: await ownsTeam(ctx, access.member) });
}

/**
 * The organizations that list `emailDomain` in their `emailDomains` (`GET /v1/email-domains/{emailDomain}/orgs`),
 * as far as the caller may know of them: those it is a member of, and, when the domain is the one of the caller's
 * own e-mail address, every one (the organizations it could ask to join). Any other organization stays unnamed,
 * so the operation cannot be used to learn which organizations exist. A non-member sees no `permissions` but
 * `view`.
 *
 * @example
 * const { organizations } = await listOrganizationsForEmailDomain(ctx, actor, 'acme.test');
 */
export async function listOrganizationsForEmailDomain(ctx: ServiceContext, actor: Actor, emailDomain: string): Promise<{ organizations: PublishedOrganization[] }> {
  const domain = checkDomain('emailDomain', emailDomain);
  const own = actor.user.email?.toLowerCase().split('@').pop() === domain;
  const organizations: PublishedOrganization[] = [];
  for (const organization of await ctx.store.listOrganizationsByEmailDomain(domain)) {
    const access = await organizationAccess(ctx, actor, organization.id).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    if (access !== undefined) organizations.push(toPublishedOrganization(access.organization, access.role, ctx.baseUrl));
    else if (own) organizations.push(outsiderView(toPublishedOrganization(organization, null, ctx.baseUrl)));
  }
  return { organizations };
}

function outsiderView(organization: PublishedOrganization): PublishedOrganization {
  const none = Object.fromEntries(Object.keys(organization.permissions).map((name) => [name, false])) as unknown as PublishedOrganization['permissions'];
  return { ...organization, permissions: { ...none, view: true } };
}

/** A domain name, lower-cased: labels of letters, digits and inner hyphens, at least two of them. */
const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function checkDomain(field: string, value: string): string {
  const domain = value.trim().toLowerCase();
  if (!domainPattern.test(domain) || /^[0-9.]+$/.test(domain)) {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be a domain name such as example.com, not ${JSON.stringify(value)}`, { field });
  }
  return domain;
}

/** Lower-cased domain names, each once, in the order given. */
function checkEmailDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((domain, index) => checkDomain(`emailDomains/${index}`, domain)))];
}

/** `OrganizationHostname`: the `<hostname>` of `<hostname>.<service domain>`, so one DNS label. */
function checkHostname(hostname: string): string {
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(hostname)) {
    throw new QuireError('INVALID_ARGUMENT', `hostname must be one DNS label: lower-case letters, digits and inner hyphens (acme-docs), not ${JSON.stringify(hostname)}`, {
      field: 'hostname',
    });
  }
  return hostname;
}

/** A logo is shown from its address: only http(s) ones (never `javascript:` or `data:`). */
function checkLogo(logo: string): string {
  let protocol: string;
  try {
    protocol = new URL(logo).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new QuireError('INVALID_ARGUMENT', `logo must be an http or https address, not ${JSON.stringify(logo.slice(0, 100))}`, { field: 'logo' });
  }
  return logo;
}
