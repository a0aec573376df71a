/** Internal: published sites (published tag `sites`). */
import type { PublishedContentSite } from '@gitbook/api';
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
