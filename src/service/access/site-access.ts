import { QuireError, isQuireError } from '../../errors/index.ts';
import type { SiteRecord } from '../../store/index.ts';
import type { Actor } from './actor.ts';
import { ContentLevels } from './content-access.ts';
import { organizationAccess, requireOrganizationRole, type OrganizationAccess } from './organization-access.ts';
import type { ServiceContext } from '../service-context.ts';

/** A site the actor may see, with the actor's organization access and content levels (for the spaces shown). */
export interface SiteAccess {
  site: SiteRecord;
  access: OrganizationAccess;
  levels: ContentLevels;
}

/**
 * A site of the organization that the actor may read (`read`: any member) or manage (`admin`: the
 * organization's admins). A site of another organization, or one that does not exist, is `NOT_FOUND`.
 *
 * @example
 * const { site } = await siteAccess(ctx, actor, organizationId, siteId, 'admin');
 */
export async function siteAccess(ctx: ServiceContext, actor: Actor, organizationId: string, siteId: string, need: 'read' | 'admin'): Promise<SiteAccess> {
  const access = await organizationAccess(ctx, actor, organizationId);
  if (access.role === null) throw siteNotFound(siteId);
  const site = await ctx.store.getSite(siteId).catch((error: unknown) => {
    throw isQuireError(error, 'NOT_FOUND') ? siteNotFound(siteId) : error;
  });
  if (site.organizationId !== organizationId) throw siteNotFound(siteId);
  if (need === 'admin') requireOrganizationRole(access, ['admin'], `manage site ${siteId}`);
  return { site, access, levels: new ContentLevels(ctx, access) };
}

/**
 * The `NOT_FOUND` of a site.
 *
 * @example
 * throw siteNotFound('site-1');
 */
export function siteNotFound(siteId: string): QuireError {
  return new QuireError('NOT_FOUND', `site ${siteId} does not exist in this organization`, { kind: 'site', id: siteId });
}

/**
 * A record of a site (section, group, site space, share link) looked up by id, `NOT_FOUND` unless it belongs to the site.
 *
 * @example
 * const section = await siteChild('site section', siteId, id, () => ctx.store.getSiteSection(id));
 */
export async function siteChild<T extends { siteId: string }>(kind: string, siteId: string, id: string, read: () => Promise<T>): Promise<T> {
  const found = await read().catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (found === undefined || found.siteId !== siteId) throw new QuireError('NOT_FOUND', `${kind} ${id} does not exist in site ${siteId}`, { kind, id });
  return found;
}

/**
 * A child record for a delete: undefined when it does not exist in the site (the delete answers 204).
 *
 * @example
 * const link = await siteChildOrAbsent(siteId, () => ctx.store.getSiteShareLink(id));
 */
export async function siteChildOrAbsent<T extends { siteId: string }>(siteId: string, read: () => Promise<T>): Promise<T | undefined> {
  const found = await read().catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  return found === undefined || found.siteId !== siteId ? undefined : found;
}
