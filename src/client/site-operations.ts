/** Internal: published sites (published tag `sites`). */
import type { PublishedContentSite, Site, SiteSection, SiteSpace } from '@gitbook/api';
import { listRequest } from './list-request.ts';
import type { Transport } from './transport.ts';

/** listSites: `GET /v1/orgs/{organizationId}/sites`, a List<Site>. */
export function listSites(transport: Transport, organizationId: string, limit: number | undefined): AsyncGenerator<Site, void, undefined> {
  return listRequest<Site>(transport, { method: 'GET', route: '/v1/orgs/{organizationId}/sites', params: { organizationId } }, limit);
}

/** getSiteById: `GET /v1/orgs/{organizationId}/sites/{siteId}`. */
export function getSite(transport: Transport, organizationId: string, siteId: string): Promise<Site> {
  return transport.json<Site>({ method: 'GET', route: '/v1/orgs/{organizationId}/sites/{siteId}', params: { organizationId, siteId } });
}

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

/** addSectionToSite: `POST /v1/orgs/{organizationId}/sites/{siteId}/sections`, a section whose first site space shows `spaceId`. */
export function addSectionToSite(transport: Transport, organizationId: string, siteId: string, spaceId: string, title: string | undefined): Promise<SiteSection> {
  return transport.json<SiteSection>({
    method: 'POST',
    route: '/v1/orgs/{organizationId}/sites/{siteId}/sections',
    params: { organizationId, siteId },
    body: title === undefined ? { spaceId } : { spaceId, title },
  });
}

/** publishSite: `POST /v1/orgs/{organizationId}/sites/{siteId}/publish`. */
export function publishSite(transport: Transport, organizationId: string, siteId: string): Promise<Site> {
  return transport.json<Site>({ method: 'POST', route: '/v1/orgs/{organizationId}/sites/{siteId}/publish', params: { organizationId, siteId } });
}

/** unpublishSite: `POST /v1/orgs/{organizationId}/sites/{siteId}/unpublish`. */
export function unpublishSite(transport: Transport, organizationId: string, siteId: string): Promise<Site> {
  return transport.json<Site>({ method: 'POST', route: '/v1/orgs/{organizationId}/sites/{siteId}/unpublish', params: { organizationId, siteId } });
}
