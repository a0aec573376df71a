// The service's use cases over a Store: no HTTP in here. src/server maps routes onto these.
export { checkGitBatchChanges, defaultMaxFileBytes, maxFileBytesOf, maxGitBatchChangesOf, systemClock, type Clock, type ServiceContext } from './service-context.ts';
export { uploadBlob, type BlobUploadClaims } from './content/upload-blob.ts';
export { authenticate, type Actor } from './access/actor.ts';
export { atLeast } from './access/role-rank.ts';
export { organizationAccess, organizationNotFound, requireOrganizationRole, type OrganizationAccess } from './access/organization-access.ts';
export {
  absentWhenNotFound,
  collectionAccess,
  contentNotFound,
  ContentLevels,
  requireLevel,
  requireParent,
  spaceAccess,
  type CollectionAccess,
  type SpaceAccess,
} from './access/content-access.ts';
export { collectionPermissions, organizationPermissions, spacePermissions } from './access/permissions.ts';
export type {
  CollectionPermissions,
  OrganizationPermissions,
  PublishedCollection,
  PublishedGitSync,
  PublishedList,
  PublishedOrganization,
  PublishedSpace,
  PublishedUser,
  SpacePermissions,
} from './published-shapes.ts';
export { resourceUrls } from './resource-urls.ts';
export { toPublishedCollection, toPublishedOrganization, toPublishedSpace, toPublishedUser } from './to-published.ts';
export { toPublishedList } from './list-page.ts';
export { readAllPages } from './content/read-all-pages.ts';
export { placeInLevel, rekeySiblings, type ContentLevel, type ContentPointer, type ContentPosition, type Placement } from './content/content-position.ts';
export { getAuthenticatedUser } from './organizations/users.ts';
export { getOrganization, listOrganizations, updateOrganization, type OrganizationUpdate } from './organizations/organizations.ts';
export { listOrganizationsForEmailDomain } from './organizations/organizations.ts';
export { getMember, listMembers, memberOf, removeMember, setSsoMember, updateMember, type MemberRemoval } from './organizations/members.ts';
export {
  createInviteLink,
  deleteInvite,
  getInviteLink,
  inviteJoinUrl,
  inviteUsers,
  joinWithInvite,
  listEmailInvites,
  listInviteLinks,
  updateInviteLink,
  type EmailInvite,
  type InviteUsersRequest,
  type InviteUsersResult,
} from './organizations/organization-invites.ts';
export {
  createSpace,
  deleteSpace,
  duplicateSpace,
  getSpace,
  listSpacesInCollection,
  listSpacesInOrganization,
  moveSpace,
  purgeExpiredSpaces,
  restoreSpace,
  transferSpace,
  updateSpace,
  type ContentMove,
  type DeleteOutcome,
  type SpaceCreation,
  type SpaceUpdate,
} from './spaces/spaces.ts';
export { defaultOrphanGraceMs, discardOrphanRevisions, orphanGraceOption } from './content/orphan-revisions.ts';
export {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  moveCollection,
  transferCollection,
  updateCollection,
  type CollectionCreation,
  type CollectionUpdate,
} from './spaces/collections.ts';
export { adminEmail, administeredOrganization, bootstrap, type BootstrapResult } from './bootstrap.ts';
export { mintApiToken, type MintedToken, type TokenRequest } from './tokens/mint-api-token.ts';
// Space content, change requests, merges, and Quire's extensions (docs/api-extensions.md).
export type {
  PublishedChangeRequest,
  PublishedContentUpdate,
  PublishedContentUpdateChange,
  PublishedFile,
  PublishedGitBlob,
  PublishedGitCommit,
  PublishedJsonDocument,
  PublishedPage,
  PublishedQuireServerInfo,
  PublishedUploadedBlob,
  PublishedReusableContent,
  PublishedRevision,
  PublishedRevisionBundle,
  PublishedRevisionDirectory,
  PublishedRevisionInfo,
} from './content/published-content-shapes.ts';
export { changeRequestContent, revisionContent, spaceContent, type ContentLocation } from './content/content-location.ts';
export { getContentFile, getContentRevision, listContentFiles, listContentPages, type ContentReadOptions } from './content/content-revisions.ts';
export { getContentPage, getContentPageByPath, getPageDocument, type PageReadOptions } from './content/content-pages.ts';
export { getContentReusableContent, getReusableContentDocument } from './content/reusable-contents.ts';
export { openFileDownload, type FileDownload } from './content/file-downloads.ts';
export {
  createChangeRequest,
  getChangeRequest,
  listChangeRequests,
  patchChangeRequest,
  type ChangeRequestCreation,
  type ChangeRequestListOptions,
  type ChangeRequestUpdate,
} from './change-requests/change-requests.ts';
export { updateChangeRequestContent, type ContentUpdateOptions } from './change-requests/change-request-content.ts';
export { mergeChangeRequest, type MergeOutcome } from './change-requests/merge-change-request.ts';
export { updateChangeRequestFromSpace } from './change-requests/update-change-request.ts';
export { listSpaceRevisions, setRevisionGit } from './content/revision-history.ts';
export { listSyncPoints, setSyncPoint, type PublishedSyncPoint, type SyncPointBody } from './spaces/sync-points.ts';
export { getRevisionDirectory } from './content/revision-directory.ts';
export { getRevisionBundle, getRevisionBundleJson } from './content/revision-bundle.ts';
export { getQuireServerInfo, quireExtensions, quireVersion } from './quire-server-info.ts';
export { createSite, deleteSite, getSite, listSites, setSitePublished, updateSite, type SiteCreation, type SiteListQuery, type SiteUpdate } from './sites/sites.ts';
export { createSiteSection, deleteSiteSection, listSiteSections, updateSiteSection, type SiteSectionAddition, type SiteSectionUpdate } from './sites/site-sections.ts';
export {
  createSiteSectionGroup,
  deleteSiteSectionGroup,
  listSiteSectionGroups,
  setSectionGroupMembership,
  updateSiteSectionGroup,
  type SiteSectionGroupCreation,
  type SiteSectionGroupUpdate,
} from './sites/site-section-groups.ts';
export { createSiteSpace, deleteSiteSpace, listSiteSpaces, updateSiteSpace, type SiteSpaceAddition, type SiteSpaceUpdate } from './sites/site-spaces.ts';
export { getSiteStructure, sortSiteStructure, type StructurePointer, type StructurePosition } from './sites/site-structure.ts';
export { createSiteShareLink, deleteSiteShareLink, listSiteShareLinks, updateSiteShareLink } from './sites/site-share-links.ts';
export {
  deleteSiteSpaceCustomization,
  getSiteCustomization,
  getSiteSpaceCustomization,
  overrideSiteSpaceCustomization,
  putSiteCustomization,
} from './sites/site-customization.ts';
export { checkCustomization, defaultCustomization } from './sites/customization-settings.ts';
export { getSiteAdaptiveSchema, listSiteAdaptiveTemplateConditions, putSiteAdaptiveSchema } from './sites/site-adaptive-schema.ts';
export { getPublishedSite } from './sites/published-site.ts';
export type * from './sites/published-site-shapes.ts';
export {
  createOwnApiToken,
  defaultApiTokenLabel,
  listOrganizationApiTokens,
  listOwnApiTokens,
  listStoredApiTokens,
  revokeOrganizationApiToken,
  revokeOwnApiToken,
  tokenNotFound,
  type ApiTokenCreation,
  type PublishedApiToken,
  type PublishedCreatedApiToken,
} from './tokens/api-tokens.ts';
export { maxTokenLifetimeDays, resolveTokenExpiry, type TokenExpiryNames, type TokenExpiryRequest } from './tokens/token-expiry.ts';
export {
  checkSigningKeyPolicy,
  currentSigningKey,
  defaultSigningKeyPolicy,
  getJsonWebKeySet,
  jwksMaxAgeSeconds,
  signClaims,
  visitorClaimsLifetimeMs,
  type JsonWebKeySet,
  type SignedClaimsTarget,
  type SigningKeyPolicy,
} from './tokens/signing-keys.ts';
export { pingOrganization, type MemberVisitorClaims, type PublishedPing } from './organizations/organization-ping.ts';
export { addUser, listOrganizationMembers, type AddedUser, type UserAddition } from './organizations/add-user.ts';
export {
  deleteComment,
  deleteCommentReply,
  getComment,
  getCommentReply,
  listCommenters,
  listCommentReplies,
  listComments,
  postComment,
  postCommentReply,
  updateComment,
  updateCommentReply,
  type CommentBodyInput,
  type CommentListQuery,
  type CommentPlace,
  type CommentPost,
  type CommentReadOptions,
  type CommentReplyUpdate,
  type CommentUpdate,
  type PublishedComment,
  type PublishedCommentPage,
  type PublishedCommentReply,
  type PublishedEmojiReaction,
} from './comments/comments.ts';
export {
  addTeamMember,
  createTeam,
  deleteTeam,
  getTeam,
  listMemberTeams,
  listTeamMembers,
  listTeams,
  ownsTeam,
  removeTeamMember,
  updateTeam,
  updateTeamMembers,
  type PublishedMemberTeam,
  type TeamMembersUpdate,
} from './organizations/teams.ts';
export { toPublishedTeam, toPublishedTeamMember, type PublishedTeam, type PublishedTeamMember, type PublishedTeamRole } from './organizations/to-published-team.ts';
export { toPublishedMember, type PublishedMember } from './organizations/to-published-member.ts';
export {
  inviteToContent,
  listPermissionsAggregate,
  listSpacesForOrganizationMember,
  listTeamPermissions,
  listUserPermissions,
  removeTeamPermission,
  removeUserPermission,
  updateTeamPermission,
  updateUserPermission,
  type ContentInvitation,
  type ContentTarget,
  type PublishedMemberContentPermission,
  type PublishedPermissionTeam,
  type PublishedTeamContentPermission,
  type PublishedUserContentPermission,
} from './access/content-permissions.ts';
export {
  checkImportRequest,
  defaultImportSettings,
  importChangeRequestContent,
  importSettingsFromEnv,
  importSpaceContent,
  importWebsite,
  type ContentImportBody,
  type ContentImportResult,
  type ImportSettings,
  type WebsiteImportOutcome,
} from './import/content-import.ts';
export {
  linkGraphOf,
  listFileBacklinks,
  listPageLinks,
  listSpaceLinks,
  recordBatchLinks,
  type LinkListOptions,
  type LinkStats,
  type LinkTargetReference,
  type PageLocationReference,
  type PublishedLink,
  type PublishedLinkList,
} from './links/links.ts';
export {
  checkSearchQuery,
  maxSearchQueryLength,
  refreshSearchIndex,
  refreshSearchIndexAfterCommit,
  searchOrganizationContent,
  searchSpaceContent,
  type SearchRefresh,
} from './search/search.ts';
export { changeRequestPdfUrl, getChangeRequestPdf, openChangeRequestPdf, printJob, type ChangeRequestPdfDownload, type ChangeRequestPdfQuery } from './change-requests/change-request-pdf.ts';
export { createPdfPrinter, defaultChromiumPath, type PaperFormat, type PdfPrinter, type PdfPrinterOptions, type PrintJob, type PrintResource } from './change-requests/pdf-printer.ts';
export { cancelImportRun, createImportRunner, getImportRun, listImportRuns, startImportRun, type ImportRunner, type ImportRunQuery, type PublishedImportRun, type StartImportRunBody } from './import/import-runs.ts';
export {
  createTranslation,
  deleteTranslation,
  getTranslation,
  listTranslations,
  toPublishedTranslation,
  updateTranslation,
  type PublishedTranslation,
  type TranslationInput,
} from './translations/translations.ts';
export { createSamlProvider, deleteSamlProvider, getSamlProvider, listSamlProviders, listSsoProviderLogins, updateSamlProvider, type SamlProviderInput } from './sso/saml-providers.ts';
export type { PublishedSamlProvider, PublishedSsoProviderLogin } from './sso/to-published-saml-provider.ts';
export { acceptSamlResponse, samlMetadata, samlSessionLifetimeMs, startSamlLogin, type SamlSession } from './sso/saml-login.ts';
export { createOpenApiProcessor, openApiSettingsFromEnv, outcomeOf, type OpenApiProcessingOptions, type OpenApiProcessor } from './openapi/openapi-processing.ts';
export {
  createOpenApiSpec,
  deleteOpenApiSpec,
  getOpenApiSpec,
  getOpenApiSpecVersion,
  getOpenApiSpecVersionContent,
  listOpenApiSpecs,
  listOpenApiSpecVersions,
  putOpenApiSpec,
  updateOpenApiSpec,
  type OpenApiSpecSourceBody,
  type PublishedOpenApiSpec,
  type PublishedOpenApiSpecContent,
  type PublishedOpenApiSpecVersion,
} from './openapi/openapi-specs.ts';
export {
  disableIntegrationDevelopmentMode,
  getIntegration,
  getIntegrationEvent,
  getIntegrationInstallation,
  getIntegrationScript,
  getIntegrationContentInstallation,
  updateIntegrationContentInstallation,
  getIntegrationAsset,
  installIntegration,
  installIntegrationOnContent,
  listIntegrationContentInstallations,
  listIntegrationEvents,
  listIntegrationInstallations,
  listIntegrations,
  publishIntegration,
  setIntegrationDevelopmentMode,
  unpublishIntegration,
  updateIntegrationInstallation,
  type InstallationUpdateBody,
  type IntegrationListQuery,
  type PublishIntegrationBody,
} from './integrations/integrations.ts';
export { decodeRenderRequest, renderIntegrationUI, type RenderedIntegrationUI, type RenderIntegrationUIRequest } from './integrations/integration-render.ts';
export {
  defaultIntegrationDeliveryOptions,
  queueIntegrationEvent,
  queueSpaceContentUpdated,
  startIntegrationDeliveryLoop,
  type IntegrationDeliveryLoop,
  type IntegrationDeliveryOptions,
} from './integrations/integration-deliveries.ts';
export { integrationSigningSecret } from './integrations/integration-environment.ts';
export { locateGitPaths } from './content/git-paths.ts';
export type { PublishedGitPathLocation, PublishedGitPathLocations } from './content/published-content-shapes.ts';
