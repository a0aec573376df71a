// The one table the authorization matrix is generated from: for each route of the people side of the API
// (members, organization settings, invites, teams, comments, space and collection permissions), what a caller
// needs, and what it answers on success. `expectedStatus` turns a row and a caller into the status the route
// must answer; authorization-matrix.test.ts calls every row as every caller.
import { atLeast } from '../../src/service/access/role-rank.ts';
import type { Role } from '../../src/store/index.ts';

/** The callers: a member of the organization with each role, a guest (role null), and a member of another organization. */
export const callers = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const;
export type Caller = (typeof callers)[number];

/**
 * What a route needs of its caller.
 * - `organization`: `any` member (guests too), a `member` that is not a guest, or the organization's `admin`.
 * - `space` / `collection`: at least this level on the content (its default level is `inherit`, so a member's
 *   level is its role; guests have none and do not see it).
 * - `author`: only the author of the comment or reply (the organization's admin wrote them).
 * - `anyone`: any authenticated user, of any organization.
 * - `publisher`: an admin of the organization that publishes the (public) integration; everyone else sees the
 *   integration, so is refused with 403, members of other organizations too.
 */
export type Needs =
  | { organization: 'any' | 'member' | 'admin' }
  | { organizationRole: Role }
  | { space: Role }
  | { collection: Role }
  | { author: true }
  | { anyone: true }
  | { publisher: true };

/** Ids a row's request is made of: the shared world, and what the row's `prepare` made for this one call. */
export interface MatrixIds {
  organization: string;
  space: string;
  collection: string;
  changeRequest: string;
  team: string;
  comment: string;
  reply: string;
  changeRequestComment: string;
  /** A member with the `read` role, made for this call (a target to change, add or remove). */
  target: { id: string; email: string };
  /** A team made for this call. */
  freshTeam: string;
  /** The id of what `prepare` made for this call (an invite, a comment, ...). */
  made: string;
  /** A public integration the organization publishes, installed on the organization, on `space` and on `site`. */
  integration: string;
  /** The integration's installation on the organization. */
  installation: string;
  /** A site of the organization (the integration is installed on it). */
  site: string;
  /** An event of the integration (its installation's setup). */
  integrationEvent: string;
}

export interface MatrixRow {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (ids: MatrixIds) => string;
  body?: (ids: MatrixIds) => unknown;
  needs: Needs;
  success: number;
  /** The admin's success status, where it differs (an admin does what others may only ask for). */
  adminSuccess?: number;
  /** What this row makes, as the admin, before each call (its id goes in `ids.made`). */
  prepare?: 'comment' | 'reply' | 'changeRequestComment' | 'linkInvite' | 'teamWithTarget' | 'spaceGrant' | 'collectionGrant' | 'spaceTeamGrant' | 'collectionTeamGrant' | 'translation' | 'integration' | 'samlProvider';
}

const org = (ids: MatrixIds) => `/v1/orgs/${ids.organization}`;
const space = (ids: MatrixIds) => `/v1/spaces/${ids.space}`;
const collection = (ids: MatrixIds) => `/v1/collections/${ids.collection}`;
const changeRequest = (ids: MatrixIds) => `${space(ids)}/change-requests/${ids.changeRequest}`;

/** The OpenAPI specification of the matrix's `matrix` spec (made by the world) and of the ones it creates. */
export const matrixSpec = "openapi: 3.1.0\ninfo: {title: Matrix, version: '1'}\npaths: {}\n";

export const matrix: readonly MatrixRow[] = [
  // Organizations and members.
  { operation: 'getOrganizationById', method: 'GET', path: org, needs: { organization: 'any' }, success: 200 },
  { operation: 'updateOrganizationById', method: 'PATCH', path: org, body: () => ({ inviteLinks: true }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'getOrganizationsForEmailDomain', method: 'GET', path: () => '/v1/email-domains/matrix.test/orgs', needs: { anyone: true }, success: 200 },
  { operation: 'listMembersInOrganizationById', method: 'GET', path: (ids) => `${org(ids)}/members`, needs: { organization: 'member' }, success: 200 },
  { operation: 'getMemberInOrganizationById', method: 'GET', path: (ids) => `${org(ids)}/members/${ids.target.id}`, needs: { organization: 'member' }, success: 200 },
  { operation: 'updateMemberInOrganizationById', method: 'PATCH', path: (ids) => `${org(ids)}/members/${ids.target.id}`, body: () => ({ role: 'comment' }), needs: { organization: 'admin' }, success: 200 },
  // Admins remove (205); other members ask the admins to (202, recorded for them); guests may only leave.
  { operation: 'removeMemberFromOrganizationById', method: 'DELETE', path: (ids) => `${org(ids)}/members/${ids.target.id}`, needs: { organization: 'member' }, success: 202, adminSuccess: 205 },
  { operation: 'setUserAsSSOMemberForOrganization', method: 'POST', path: (ids) => `${org(ids)}/members/${ids.target.id}/sso`, needs: { organization: 'admin' }, success: 200 },
  { operation: 'listSpacesForOrganizationMember', method: 'GET', path: (ids) => `${org(ids)}/members/${ids.target.id}/spaces`, needs: { organization: 'member' }, success: 200 },
  { operation: 'listTeamsForOrganizationMember', method: 'GET', path: (ids) => `${org(ids)}/members/${ids.target.id}/teams`, needs: { organization: 'member' }, success: 200 },
  { operation: 'updateOrganizationMemberLastSeenAt', method: 'POST', path: (ids) => `${org(ids)}/ping`, needs: { organization: 'any' }, success: 200 },

  // Invites.
  { operation: 'inviteUsersToOrganization', method: 'POST', path: (ids) => `${org(ids)}/invites`, body: (ids) => ({ emails: [`invited-${ids.made}@matrix.test`], role: 'read' }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'listOrganizationInviteLinks', method: 'GET', path: (ids) => `${org(ids)}/link-invites`, needs: { organization: 'admin' }, success: 200 },
  { operation: 'createOrganizationInvite', method: 'POST', path: (ids) => `${org(ids)}/link-invites`, body: () => ({ role: 'read' }), needs: { organization: 'admin' }, success: 201 },
  { operation: 'getOrganizationInviteLink', method: 'GET', path: (ids) => `${org(ids)}/link-invites/${ids.made}`, needs: { organization: 'admin' }, success: 200, prepare: 'linkInvite' },
  { operation: 'updateOrganizationInviteById', method: 'PATCH', path: (ids) => `${org(ids)}/link-invites/${ids.made}`, body: () => ({ role: 'comment' }), needs: { organization: 'admin' }, success: 200, prepare: 'linkInvite' },
  { operation: 'deleteOrganizationInviteById', method: 'DELETE', path: (ids) => `${org(ids)}/link-invites/${ids.made}`, needs: { organization: 'admin' }, success: 205, prepare: 'linkInvite' },

  // Teams.
  { operation: 'listTeamsInOrganizationById', method: 'GET', path: (ids) => `${org(ids)}/teams`, needs: { organization: 'member' }, success: 200 },
  { operation: 'createOrganizationTeam', method: 'PUT', path: (ids) => `${org(ids)}/teams`, body: () => ({ title: 'Matrix team' }), needs: { organization: 'admin' }, success: 201 },
  { operation: 'getTeamInOrganizationById', method: 'GET', path: (ids) => `${org(ids)}/teams/${ids.team}`, needs: { organization: 'member' }, success: 200 },
  { operation: 'updateTeamInOrganizationById', method: 'PATCH', path: (ids) => `${org(ids)}/teams/${ids.freshTeam}`, body: () => ({ title: 'Renamed' }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'removeTeamFromOrganizationById', method: 'DELETE', path: (ids) => `${org(ids)}/teams/${ids.freshTeam}`, needs: { organization: 'admin' }, success: 205 },
  { operation: 'listTeamMembersInOrganizationById', method: 'GET', path: (ids) => `${org(ids)}/teams/${ids.team}/members`, needs: { organization: 'member' }, success: 200 },
  { operation: 'updateMembersInOrganizationTeam', method: 'PUT', path: (ids) => `${org(ids)}/teams/${ids.freshTeam}/members`, body: (ids) => ({ add: [ids.target.id] }), needs: { organization: 'admin' }, success: 204 },
  { operation: 'addMemberToOrganizationTeamById', method: 'PUT', path: (ids) => `${org(ids)}/teams/${ids.freshTeam}/members/${ids.target.id}`, body: () => ({}), needs: { organization: 'admin' }, success: 204 },
  { operation: 'deleteMemberFromOrganizationTeamById', method: 'DELETE', path: (ids) => `${org(ids)}/teams/${ids.made}/members/${ids.target.id}`, needs: { organization: 'admin' }, success: 205, prepare: 'teamWithTarget' },

  // Space comments and replies.
  { operation: 'listCommentsInSpace', method: 'GET', path: (ids) => `${space(ids)}/comments`, needs: { space: 'read' }, success: 200 },
  { operation: 'postCommentInSpace', method: 'POST', path: (ids) => `${space(ids)}/comments`, body: () => ({ body: { markdown: 'A remark.' } }), needs: { space: 'comment' }, success: 200 },
  { operation: 'getCommentInSpace', method: 'GET', path: (ids) => `${space(ids)}/comments/${ids.comment}`, needs: { space: 'read' }, success: 200 },
  { operation: 'updateCommentInSpace', method: 'PUT', path: (ids) => `${space(ids)}/comments/${ids.made}`, body: () => ({ body: { markdown: 'Edited.' } }), needs: { author: true }, success: 200, prepare: 'comment' },
  { operation: 'deleteCommentInSpace', method: 'DELETE', path: (ids) => `${space(ids)}/comments/${ids.made}`, needs: { author: true }, success: 205, prepare: 'comment' },
  { operation: 'listCommentRepliesInSpace', method: 'GET', path: (ids) => `${space(ids)}/comments/${ids.comment}/replies`, needs: { space: 'read' }, success: 200 },
  { operation: 'postCommentReplyInSpace', method: 'POST', path: (ids) => `${space(ids)}/comments/${ids.comment}/replies`, body: () => ({ body: { markdown: 'Agreed.' } }), needs: { space: 'comment' }, success: 200 },
  { operation: 'getCommentReplyInSpace', method: 'GET', path: (ids) => `${space(ids)}/comments/${ids.comment}/replies/${ids.reply}`, needs: { space: 'read' }, success: 200 },
  { operation: 'updateCommentReplyInSpace', method: 'PUT', path: (ids) => `${space(ids)}/comments/${ids.comment}/replies/${ids.made}`, body: () => ({ body: { markdown: 'Edited.' } }), needs: { author: true }, success: 200, prepare: 'reply' },
  { operation: 'deleteCommentReplyInSpace', method: 'DELETE', path: (ids) => `${space(ids)}/comments/${ids.comment}/replies/${ids.made}`, needs: { author: true }, success: 205, prepare: 'reply' },
  { operation: 'listCommentersInSpace', method: 'GET', path: (ids) => `${space(ids)}/commenters`, needs: { space: 'read' }, success: 200 },

  // Change request comments.
  { operation: 'listCommentsInChangeRequest', method: 'GET', path: (ids) => `${changeRequest(ids)}/comments`, needs: { space: 'read' }, success: 200 },
  { operation: 'postCommentInChangeRequest', method: 'POST', path: (ids) => `${changeRequest(ids)}/comments`, body: () => ({ body: { markdown: 'A review.' } }), needs: { space: 'comment' }, success: 200 },
  { operation: 'getCommentInChangeRequest', method: 'GET', path: (ids) => `${changeRequest(ids)}/comments/${ids.changeRequestComment}`, needs: { space: 'read' }, success: 200 },
  { operation: 'updateCommentInChangeRequest', method: 'PUT', path: (ids) => `${changeRequest(ids)}/comments/${ids.made}`, body: () => ({ body: { markdown: 'Edited.' } }), needs: { author: true }, success: 200, prepare: 'changeRequestComment' },
  { operation: 'deleteCommentInChangeRequest', method: 'DELETE', path: (ids) => `${changeRequest(ids)}/comments/${ids.made}`, needs: { author: true }, success: 205, prepare: 'changeRequestComment' },
  { operation: 'listCommentersInChangeRequest', method: 'GET', path: (ids) => `${changeRequest(ids)}/commenters`, needs: { space: 'read' }, success: 200 },

  // Space permissions.
  { operation: 'listPermissionsAggregateInSpace', method: 'GET', path: (ids) => `${space(ids)}/permissions/aggregate`, needs: { space: 'read' }, success: 200 },
  { operation: 'listUserPermissionsInSpace', method: 'GET', path: (ids) => `${space(ids)}/permissions/users`, needs: { space: 'read' }, success: 200 },
  { operation: 'listTeamPermissionsInSpace', method: 'GET', path: (ids) => `${space(ids)}/permissions/teams`, needs: { space: 'read' }, success: 200 },
  { operation: 'inviteToSpace', method: 'POST', path: (ids) => `${space(ids)}/permissions`, body: (ids) => ({ users: [ids.target.id], role: 'read' }), needs: { space: 'admin' }, success: 204 },
  { operation: 'updateUserPermissionInSpace', method: 'PATCH', path: (ids) => `${space(ids)}/permissions/users/${ids.target.id}`, body: () => ({ role: 'comment' }), needs: { space: 'admin' }, success: 204, prepare: 'spaceGrant' },
  { operation: 'removeUserFromSpace', method: 'DELETE', path: (ids) => `${space(ids)}/permissions/users/${ids.target.id}`, needs: { space: 'admin' }, success: 205, prepare: 'spaceGrant' },
  { operation: 'updateTeamPermissionInSpace', method: 'PATCH', path: (ids) => `${space(ids)}/permissions/teams/${ids.freshTeam}`, body: () => ({ role: 'comment' }), needs: { space: 'admin' }, success: 204, prepare: 'spaceTeamGrant' },
  { operation: 'removeTeamFromSpace', method: 'DELETE', path: (ids) => `${space(ids)}/permissions/teams/${ids.freshTeam}`, needs: { space: 'admin' }, success: 205, prepare: 'spaceTeamGrant' },

  // Collection permissions.
  { operation: 'listPermissionsAggregateInCollection', method: 'GET', path: (ids) => `${collection(ids)}/permissions/aggregate`, needs: { collection: 'read' }, success: 200 },
  { operation: 'listUserPermissionsInCollection', method: 'GET', path: (ids) => `${collection(ids)}/permissions/users`, needs: { collection: 'read' }, success: 200 },
  { operation: 'listTeamPermissionsInCollection', method: 'GET', path: (ids) => `${collection(ids)}/permissions/teams`, needs: { collection: 'read' }, success: 200 },
  { operation: 'inviteToCollection', method: 'POST', path: (ids) => `${collection(ids)}/permissions`, body: (ids) => ({ users: [ids.target.id], role: 'read' }), needs: { collection: 'admin' }, success: 204 },
  { operation: 'updateUserPermissionInCollection', method: 'PATCH', path: (ids) => `${collection(ids)}/permissions/users/${ids.target.id}`, body: () => ({ role: 'comment' }), needs: { collection: 'admin' }, success: 204, prepare: 'collectionGrant' },
  { operation: 'removeUserFromCollection', method: 'DELETE', path: (ids) => `${collection(ids)}/permissions/users/${ids.target.id}`, needs: { collection: 'admin' }, success: 205, prepare: 'collectionGrant' },
  { operation: 'updateTeamPermissionInCollection', method: 'PATCH', path: (ids) => `${collection(ids)}/permissions/teams/${ids.freshTeam}`, body: () => ({ role: 'comment' }), needs: { collection: 'admin' }, success: 204, prepare: 'collectionTeamGrant' },
  { operation: 'removeTeamFromCollection', method: 'DELETE', path: (ids) => `${collection(ids)}/permissions/teams/${ids.freshTeam}`, needs: { collection: 'admin' }, success: 205, prepare: 'collectionTeamGrant' },

  // Search: a space's content needs read on it; an organization's searches what the caller reads (guests too).
  { operation: 'searchSpaceContent', method: 'GET', path: (ids) => `${space(ids)}/search?query=matrix`, needs: { space: 'read' }, success: 200 },
  { operation: 'searchOrganizationContent', method: 'GET', path: (ids) => `${org(ids)}/search?query=matrix`, needs: { organization: 'any' }, success: 200 },

  // Translations: members with a role read them; admins make, change and delete them.
  { operation: 'listTranslations', method: 'GET', path: (ids) => `${org(ids)}/translations`, needs: { organization: 'member' }, success: 200 },
  { operation: 'createTranslation', method: 'POST', path: (ids) => `${org(ids)}/translations`, body: (ids) => ({ source: { space: ids.space, language: 'en' }, language: 'fr' }), needs: { organization: 'admin' }, success: 201 },
  { operation: 'getTranslation', method: 'GET', path: (ids) => `${org(ids)}/translations/${ids.made}`, needs: { organization: 'member' }, success: 200, prepare: 'translation' },
  { operation: 'updateTranslation', method: 'PUT', path: (ids) => `${org(ids)}/translations/${ids.made}`, body: () => ({ title: 'Matrix' }), needs: { organization: 'admin' }, success: 200, prepare: 'translation' },
  { operation: 'deleteTranslation', method: 'DELETE', path: (ids) => `${org(ids)}/translations/${ids.made}`, needs: { organization: 'admin' }, success: 205, prepare: 'translation' },

  // SAML providers: only admins manage them; the sign-in entries are public.
  { operation: 'listSAMLProvidersInOrganizationById', method: 'GET', path: (ids) => `${org(ids)}/saml`, needs: { organization: 'admin' }, success: 200 },
  { operation: 'createOrganizationSAMLProvider', method: 'POST', path: (ids) => `${org(ids)}/saml`, body: () => ({ label: 'Matrix IdP' }), needs: { organization: 'admin' }, success: 201 },
  { operation: 'deleteOrganizationSAMLProvider', method: 'DELETE', path: (ids) => `${org(ids)}/saml/no-such-provider`, needs: { organization: 'admin' }, success: 204 },
  { operation: 'getOrganizationSAMLProviderById', method: 'GET', path: (ids) => `${org(ids)}/saml/${ids.made}`, needs: { organization: 'admin' }, success: 200, prepare: 'samlProvider' },
  { operation: 'updateOrganizationSAMLProvider', method: 'PATCH', path: (ids) => `${org(ids)}/saml/${ids.made}`, body: () => ({ label: 'Renamed IdP' }), needs: { organization: 'admin' }, success: 200, prepare: 'samlProvider' },
  { operation: 'listSSOProviderLoginsInOrganization', method: 'GET', path: (ids) => `${org(ids)}/sso`, needs: { anyone: true }, success: 200 },

  // OpenAPI specs: every member reads, guests too; the create role and above write (`createOpenAPISpec`).
  { operation: 'listOpenAPISpecs', method: 'GET', path: (ids) => `${org(ids)}/openapi`, needs: { organization: 'any' }, success: 200 },
  { operation: 'createOpenAPISpec', method: 'POST', path: (ids) => `${org(ids)}/openapi`, body: (ids) => ({ slug: `matrix-${ids.target.id.toLowerCase().replace(/[^a-z0-9]/g, '')}`, source: { text: matrixSpec } }), needs: { organizationRole: 'create' }, success: 201 },
  { operation: 'getOpenAPISpecBySlug', method: 'GET', path: (ids) => `${org(ids)}/openapi/matrix`, needs: { organization: 'any' }, success: 200 },
  { operation: 'listOpenAPISpecVersions', method: 'GET', path: (ids) => `${org(ids)}/openapi/matrix/versions`, needs: { organization: 'any' }, success: 200 },
  { operation: 'createOrUpdateOpenAPISpecBySlug', method: 'PUT', path: (ids) => `${org(ids)}/openapi/matrix`, body: () => ({ source: { text: matrixSpec } }), needs: { organizationRole: 'create' }, success: 200 },
  { operation: 'updateOpenAPISpecBySlug', method: 'PATCH', path: (ids) => `${org(ids)}/openapi/matrix`, body: () => ({ visibility: 'private' }), needs: { organizationRole: 'create' }, success: 200 },
  { operation: 'deleteOpenAPISpecBySlug', method: 'DELETE', path: (ids) => `${org(ids)}/openapi/no-such-spec`, needs: { organizationRole: 'create' }, success: 204 },
  // Integrations: anyone reads a public one and lists; its publisher's admins publish, unpublish, read its events
  // and run it in development; the admins of an organization install it there and configure the installations
  // (the lists of installations answer everyone, with the installations of the organizations they administer).
  { operation: 'listIntegrations', method: 'GET', path: () => '/v1/integrations', needs: { anyone: true }, success: 200 },
  { operation: 'getIntegrationByName', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}`, needs: { anyone: true }, success: 200 },
  { operation: 'publishIntegration', method: 'POST', path: (ids) => `/v1/integrations/matrix-${ids.made}`, body: (ids) => ({ title: 'Matrix', description: '', scopes: [], script: 'export default {};', organization: ids.organization }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'unpublishIntegration', method: 'DELETE', path: (ids) => `/v1/integrations/${ids.made}`, needs: { publisher: true }, success: 205, prepare: 'integration' },
  { operation: 'listIntegrationInstallations', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/installations`, needs: { anyone: true }, success: 200 },
  { operation: 'installIntegration', method: 'POST', path: (ids) => `/v1/integrations/${ids.made}/installations`, body: (ids) => ({ organization: ids.organization }), needs: { organization: 'admin' }, success: 201, prepare: 'integration' },
  { operation: 'getIntegrationInstallationById', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}`, needs: { organization: 'admin' }, success: 200 },
  { operation: 'updateIntegrationInstallation', method: 'PATCH', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}`, body: () => ({ configuration: {} }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'installIntegrationOnSpace', method: 'POST', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}/spaces`, body: (ids) => ({ space: ids.space }), needs: { organization: 'admin' }, success: 201 },
  { operation: 'getIntegrationSpaceInstallation', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}/spaces/${ids.space}`, needs: { organization: 'admin' }, success: 200 },
  { operation: 'updateIntegrationSpaceInstallation', method: 'PATCH', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}/spaces/${ids.space}`, body: () => ({ configuration: {} }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'installIntegrationOnSite', method: 'POST', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}/sites`, body: (ids) => ({ siteId: ids.site }), needs: { organization: 'admin' }, success: 201 },
  { operation: 'getIntegrationSiteInstallation', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}/sites/${ids.site}`, needs: { organization: 'admin' }, success: 200 },
  { operation: 'updateIntegrationSiteInstallation', method: 'PATCH', path: (ids) => `/v1/integrations/${ids.integration}/installations/${ids.installation}/sites/${ids.site}`, body: () => ({ configuration: {} }), needs: { organization: 'admin' }, success: 200 },
  { operation: 'listIntegrationSpaceInstallations', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/spaces`, needs: { anyone: true }, success: 200 },
  { operation: 'listIntegrationSiteInstallations', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/sites`, needs: { anyone: true }, success: 200 },
  { operation: 'listIntegrationEvents', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/events`, needs: { publisher: true }, success: 200 },
  { operation: 'getIntegrationEvent', method: 'GET', path: (ids) => `/v1/integrations/${ids.integration}/events/${ids.integrationEvent}`, needs: { publisher: true }, success: 200 },
  { operation: 'setIntegrationDevelopmentMode', method: 'PUT', path: (ids) => `/v1/integrations/${ids.integration}/dev`, body: () => ({ tunnelUrl: 'https://matrix.example.com' }), needs: { publisher: true }, success: 204 },
  { operation: 'disableIntegrationDevelopmentMode', method: 'DELETE', path: (ids) => `/v1/integrations/${ids.integration}/dev`, needs: { publisher: true }, success: 205 },
];

/**
 * The status a caller must get from a row: its success status when the caller has what the row needs; else 404
 * when the caller may not even see the organization or the content, and 403 when it sees it but may not do this.
 *
 * @example
 * expectedStatus({ needs: { space: 'comment' }, success: 200 }, 'read') // → 403
 */
export function expectedStatus(row: Pick<MatrixRow, 'needs' | 'success' | 'adminSuccess'>, caller: Caller): number {
  const { needs } = row;
  const success = caller === 'admin' ? (row.adminSuccess ?? row.success) : row.success;
  if ('anyone' in needs) return success;
  if ('publisher' in needs) return caller === 'admin' ? success : 403;
  if (caller === 'outsider') return 404;
  const role: Role | null = caller === 'guest' ? null : caller;
  if ('organizationRole' in needs) return role !== null && atLeast(role, needs.organizationRole) ? success : 403;
  if ('organization' in needs) {
    if (needs.organization === 'any') return success;
    if (needs.organization === 'member') return role === null ? 403 : success;
    return role === 'admin' ? success : 403;
  }
  // Content: guests have no level on content whose default level is `inherit`, so they do not see it.
  if (role === null) return 404;
  if ('author' in needs) return role === 'admin' ? success : 403;
  const needed = 'space' in needs ? needs.space : needs.collection;
  return atLeast(role, needed) ? success : 403;
}
