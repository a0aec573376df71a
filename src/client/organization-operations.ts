/** Internal: organizations and the spaces in them (published tag `organizations`, `spaces`). */
import type { CreateSpace, Organization, Space } from '@gitbook/api';
import { listRequest } from './list-request.ts';
import type { Transport } from './transport.ts';

/** listOrganizationsForAuthenticatedUser: `GET /v1/orgs`, a List<Organization>. */
export function listOrganizations(transport: Transport, limit: number | undefined): AsyncGenerator<Organization, void, undefined> {
  return listRequest<Organization>(transport, { method: 'GET', route: '/v1/orgs' }, limit);
}

/** listSpacesInOrganizationById: `GET /v1/orgs/{organizationId}/spaces`, a List<Space>. */
export function listSpaces(transport: Transport, organizationId: string, limit: number | undefined): AsyncGenerator<Space, void, undefined> {
  return listRequest<Space>(transport, { method: 'GET', route: '/v1/orgs/{organizationId}/spaces', params: { organizationId } }, limit);
}

/** createSpace: `POST /v1/orgs/{organizationId}/spaces` with a CreateSpace body, 201 Space. Not retried once sent: a retry could make two. */
export function createSpace(transport: Transport, organizationId: string, body: CreateSpace): Promise<Space> {
  return transport.json<Space>({ method: 'POST', route: '/v1/orgs/{organizationId}/spaces', params: { organizationId }, body });
}
