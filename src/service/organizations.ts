import type { ListOptions, OrganizationPatch, Role } from '../store/index.ts';
import type { Actor } from './actor.ts';
import { organizationAccess, requireOrganizationRole } from './organization-access.ts';
import { requireSiteOfOrganization } from './organization-references.ts';
import type { PublishedList, PublishedOrganization } from './published-shapes.ts';
import type { ServiceContext } from './service-context.ts';
import { toPublishedOrganization } from './to-published.ts';
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
  if (update.emailDomains !== undefined) patch.emailDomains = update.emailDomains;
  if (update.hostname !== undefined) patch.hostname = update.hostname;
  if (update.defaultRole !== undefined) patch.defaultRole = update.defaultRole;
  if (update.defaultContent !== undefined) {
    if (update.defaultContent !== null) await requireSiteOfOrganization(ctx.store, organizationId, update.defaultContent.site, 'defaultContent.site');
    patch.defaultContent = update.defaultContent;
  }
  if (update.logo !== undefined) patch.logoURL = update.logo;
  if (update.sso !== undefined) patch.sso = update.sso;
  if (update.ai !== undefined) patch.ai = update.ai;
  if (update.inviteLinks !== undefined) patch.inviteLinks = update.inviteLinks;
  const organization = await ctx.store.updateOrganization(organizationId, patch);
  return toPublishedOrganization(organization, access.role, ctx.baseUrl, { ownTeam: await ownsTeam(ctx, access.member) });
}
