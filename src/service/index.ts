// The service's use cases over a Store: no HTTP in here. src/server maps routes onto these.
export { defaultMaxFileBytes, maxFileBytesOf, systemClock, type Clock, type ServiceContext } from './service-context.ts';
export { uploadBlob, type BlobUploadClaims } from './upload-blob.ts';
export { authenticate, type Actor } from './actor.ts';
export { atLeast } from './role-rank.ts';
export { organizationAccess, organizationNotFound, requireOrganizationRole, type OrganizationAccess } from './organization-access.ts';
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
} from './content-access.ts';
export { collectionPermissions, organizationPermissions, spacePermissions } from './permissions.ts';
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
export { readAllPages } from './read-all-pages.ts';
export { placeInLevel, rekeySiblings, type ContentLevel, type ContentPointer, type ContentPosition, type Placement } from './content-position.ts';
export { getAuthenticatedUser } from './users.ts';
export { getOrganization, listOrganizations, updateOrganization, type OrganizationUpdate } from './organizations.ts';
export { listOrganizationsForEmailDomain } from './organizations.ts';
export { getMember, listMembers, memberOf, removeMember, setSsoMember, updateMember, type MemberRemoval } from './members.ts';
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
} from './organization-invites.ts';
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
} from './spaces.ts';
export { defaultOrphanGraceMs, discardOrphanRevisions, orphanGraceOption } from './orphan-revisions.ts';
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
} from './collections.ts';
export { adminEmail, administeredOrganization, bootstrap, type BootstrapResult } from './bootstrap.ts';
export { mintApiToken, type MintedToken, type TokenRequest } from './mint-api-token.ts';
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
  PublishedRevisionDirectory,
  PublishedRevisionInfo,
} from './published-content-shapes.ts';
export { changeRequestContent, revisionContent, spaceContent, type ContentLocation } from './content-location.ts';
export { getContentFile, getContentRevision, listContentFiles, listContentPages, type ContentReadOptions } from './content-revisions.ts';
export { getContentPage, getContentPageByPath, getPageDocument, type PageReadOptions } from './content-pages.ts';
export { getContentReusableContent, getReusableContentDocument } from './reusable-contents.ts';
export { openFileDownload, type FileDownload } from './file-downloads.ts';
export {
  createChangeRequest,
  getChangeRequest,
  listChangeRequests,
  patchChangeRequest,
  type ChangeRequestCreation,
  type ChangeRequestListOptions,
  type ChangeRequestUpdate,
} from './change-requests.ts';
export { updateChangeRequestContent, type ContentUpdateOptions } from './change-request-content.ts';
export { mergeChangeRequest, type MergeOutcome } from './merge-change-request.ts';
export { updateChangeRequestFromSpace } from './update-change-request.ts';
export { listSpaceRevisions, setRevisionGit } from './revision-history.ts';
export { listSyncPoints, setSyncPoint, type PublishedSyncPoint, type SyncPointBody } from './sync-points.ts';
export { getRevisionDirectory } from './revision-directory.ts';
export { getQuireServerInfo, quireExtensions, quireVersion } from './quire-server-info.ts';
export { createSite, deleteSite, getSite, listSites, setSitePublished, updateSite, type SiteCreation, type SiteListQuery, type SiteUpdate } from './sites.ts';
export { createSiteSection, deleteSiteSection, listSiteSections, updateSiteSection, type SiteSectionAddition, type SiteSectionUpdate } from './site-sections.ts';
export {
  createSiteSectionGroup,
  deleteSiteSectionGroup,
  listSiteSectionGroups,
  setSectionGroupMembership,
  updateSiteSectionGroup,
  type SiteSectionGroupCreation,
  type SiteSectionGroupUpdate,
} from './site-section-groups.ts';
export { createSiteSpace, deleteSiteSpace, listSiteSpaces, updateSiteSpace, type SiteSpaceAddition, type SiteSpaceUpdate } from './site-spaces.ts';
export { getSiteStructure, sortSiteStructure, type StructurePointer, type StructurePosition } from './site-structure.ts';
export { createSiteShareLink, deleteSiteShareLink, listSiteShareLinks, updateSiteShareLink } from './site-share-links.ts';
export {
  deleteSiteSpaceCustomization,
  getSiteCustomization,
  getSiteSpaceCustomization,
  overrideSiteSpaceCustomization,
  putSiteCustomization,
} from './site-customization.ts';
export { checkCustomization, defaultCustomization } from './customization-settings.ts';
export { getSiteAdaptiveSchema, listSiteAdaptiveTemplateConditions, putSiteAdaptiveSchema } from './site-adaptive-schema.ts';
export { getPublishedSite } from './published-site.ts';
export type * from './published-site-shapes.ts';
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
} from './api-tokens.ts';
export { maxTokenLifetimeDays, resolveTokenExpiry, type TokenExpiryNames, type TokenExpiryRequest } from './token-expiry.ts';
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
} from './signing-keys.ts';
export { pingOrganization, type MemberVisitorClaims, type PublishedPing } from './organization-ping.ts';
export { addUser, listOrganizationMembers, type AddedUser, type UserAddition } from './add-user.ts';
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
} from './comments.ts';
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
} from './teams.ts';
export { toPublishedTeam, toPublishedTeamMember, type PublishedTeam, type PublishedTeamMember, type PublishedTeamRole } from './to-published-team.ts';
export { toPublishedMember, type PublishedMember } from './to-published-member.ts';
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
} from './content-permissions.ts';
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
} from './content-import.ts';
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
} from './links.ts';
export {
  checkSearchQuery,
  maxSearchQueryLength,
  refreshSearchIndex,
  refreshSearchIndexAfterCommit,
  searchOrganizationContent,
  searchSpaceContent,
  type SearchRefresh,
} from './search.ts';
export { changeRequestPdfUrl, getChangeRequestPdf, openChangeRequestPdf, printJob, type ChangeRequestPdfDownload, type ChangeRequestPdfQuery } from './change-request-pdf.ts';
export { createPdfPrinter, defaultChromiumPath, type PaperFormat, type PdfPrinter, type PdfPrinterOptions, type PrintJob, type PrintResource } from './pdf-printer.ts';
export { cancelImportRun, createImportRunner, getImportRun, listImportRuns, startImportRun, type ImportRunner, type ImportRunQuery, type PublishedImportRun, type StartImportRunBody } from './import-runs.ts';
export {
  createTranslation,
  deleteTranslation,
  getTranslation,
  listTranslations,
  toPublishedTranslation,
  updateTranslation,
  type PublishedTranslation,
  type TranslationInput,
} from './translations.ts';
export { createSamlProvider, deleteSamlProvider, getSamlProvider, listSamlProviders, listSsoProviderLogins, updateSamlProvider, type SamlProviderInput } from './saml-providers.ts';
export type { PublishedSamlProvider, PublishedSsoProviderLogin } from './to-published-saml-provider.ts';
export { acceptSamlResponse, samlMetadata, samlSessionLifetimeMs, startSamlLogin, type SamlSession } from './saml-login.ts';
export { createOpenApiProcessor, openApiSettingsFromEnv, outcomeOf, type OpenApiProcessingOptions, type OpenApiProcessor } from './openapi-processing.ts';
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
} from './openapi-specs.ts';
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
} from './integrations.ts';
export { decodeRenderRequest, renderIntegrationUI, type RenderedIntegrationUI, type RenderIntegrationUIRequest } from './integration-render.ts';
export {
  defaultIntegrationDeliveryOptions,
  queueIntegrationEvent,
  queueSpaceContentUpdated,
  startIntegrationDeliveryLoop,
  type IntegrationDeliveryLoop,
  type IntegrationDeliveryOptions,
} from './integration-deliveries.ts';
export { integrationSigningSecret } from './integration-environment.ts';
