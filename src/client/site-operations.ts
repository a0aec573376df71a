/** Internal: published sites (published tag `sites`). */
import type { PublishedContentSite, Site, SiteSpace } from '@gitbook/api';
import type { Transport } from './transport.ts';

/** getPublishedContentSite: `GET /v1/orgs/{organizationId}/sites/{siteId}/published?shareKey`. */
export function getPublishedSite(transport: Transport, organizationId: string, siteId: string, shareKey: string | undefined): Promise<PublishedContentSite> {
  return transport.json<PublishedContentSite>({
    method: 'GET',
    route: '/v1/orgs/{organizationId}/sites/{siteId}/published',
    params: { organizationId, siteId },
    query: { shareKey },
  });
}

/** The body of createSite that Quire uses: a title and who may read the site. */
export interface SiteCreation {
  title: string;
  visibility?: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
}

/** createSite: `POST /v1/orgs/{organizationId}/sites`. */
export function createSite(transport: Transport, organizationId: string, body: SiteCreation): Promise<Site> {
  return transport.json<Site>({ method: 'POST', route: '/v1/orgs/{organizationId}/sites', params: { organizationId }, body });
}

/** addSpaceToSite: `POST /v1/orgs/{organizationId}/sites/{siteId}/site-spaces`. */
export function addSpaceToSite(transport: Transport, organizationId: string, siteId: string, spaceId: string): Promise<SiteSpace> {
  return transport.json<SiteSpace>({ method: 'POST', route: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces', params: { organizationId, siteId }, body: { spaceId } });
}

/** publishSite: `POST /v1/orgs/{organizationId}/sites/{siteId}/publish`. */
export function publishSite(transport: Transport, organizationId: string, siteId: string): Promise<Site> {
  return transport.json<Site>({ method: 'POST', route: '/v1/orgs/{organizationId}/sites/{siteId}/publish', params: { organizationId, siteId } });
}
