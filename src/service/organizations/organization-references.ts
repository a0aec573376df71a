import { isQuireError, QuireError } from '../../errors/index.ts';
import type { SiteRecord, Store } from '../../store/index.ts';

/**
 * The site `siteId` when it belongs to `organizationId`; otherwise a 400 naming `field`, the same whether the
 * site does not exist or belongs to another organization (so the answer tells nothing of other organizations).
 * For references an organization stores to its own content, such as `defaultContent`.
 *
 * @example
 * await requireSiteOfOrganization(store, 'org-1', 'site-1', 'defaultContent.site');
 */
export async function requireSiteOfOrganization(store: Store, organizationId: string, siteId: string, field: string): Promise<SiteRecord> {
  const site = await store.getSite(siteId).catch((error: unknown) => {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  });
  if (site === undefined || site.organizationId !== organizationId) {
    throw new QuireError('INVALID_ARGUMENT', `${field}: site ${siteId} is not a site of organization ${organizationId}`, { field });
  }
  return site;
}
