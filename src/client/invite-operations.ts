/** Internal: organization invites (published tag `organization-invites`, and Quire's list of pending e-mail invites). */
import type { InviteLinkToOrganization, InviteUsersToOrganization } from '@gitbook/api';
import { listRequest } from './list-request.ts';
import type { Transport } from './transport.ts';

/** A pending e-mail invite and the link its user joins through (docs/api-extensions.md `email-invites`). */
export interface EmailInviteInfo {
  id: string;
  email: string;
  role: string | null;
  url: string;
}

/** inviteUsersToOrganization's answer, with Quire's `invites` (absent from other servers). */
export interface InviteUsersAnswer {
  users: string[];
  invited: number;
  invites?: EmailInviteInfo[];
}

/** inviteUsersToOrganization: `POST /v1/orgs/{organizationId}/invites`. Retried: inviting an address again changes nothing. */
export function inviteUsers(transport: Transport, organizationId: string, body: InviteUsersToOrganization): Promise<InviteUsersAnswer> {
  return transport.json<InviteUsersAnswer>({ method: 'POST', route: '/v1/orgs/{organizationId}/invites', params: { organizationId }, body, retrySafe: true });
}

/** Quire's `GET /v1/orgs/{organizationId}/email-invites`, a List of pending e-mail invites. */
export function listEmailInvites(transport: Transport, organizationId: string): AsyncGenerator<EmailInviteInfo, void, undefined> {
  return listRequest<EmailInviteInfo>(transport, { method: 'GET', route: '/v1/orgs/{organizationId}/email-invites', params: { organizationId } }, 1000);
}

/** listOrganizationInviteLinks: `GET /v1/orgs/{organizationId}/link-invites`. */
export function listInviteLinks(transport: Transport, organizationId: string): AsyncGenerator<InviteLinkToOrganization, void, undefined> {
  return listRequest<InviteLinkToOrganization>(transport, { method: 'GET', route: '/v1/orgs/{organizationId}/link-invites', params: { organizationId } }, 1000);
}

/** deleteOrganizationInviteById: `DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}` (links and e-mail invites). */
export async function deleteInvite(transport: Transport, organizationId: string, inviteId: string): Promise<void> {
  await transport.json<undefined>({ method: 'DELETE', route: '/v1/orgs/{organizationId}/link-invites/{inviteId}', params: { organizationId, inviteId }, retrySafe: true });
}
