// The public surface of the store: openStore, the Store interface and its records. Internals (the object
// encoding, the context, the SQL schema) stay inside.
export { openStore } from './open-store.ts';
export type { PostgresStoreOptions, SqliteStoreOptions, Store, StoreOptions, StoreStats } from './store.ts';
export type { StoreDialect } from './store-dialect.ts';
export type { ListOptions, ListPage } from './pagination.ts';
export { defaultListLimit, maxListLimit } from './pagination.ts';
export { checkUtcTimestamp } from './field-checks.ts';
export { positionBetween, isPositionKey } from './revisions/position-key.ts';
export { documentIdFor } from './revisions/documents.ts';
export { sha256Hex, isContentHash, type ContentHash } from './blobs/content-hash.ts';
export { spaceRetentionMs } from './spaces/spaces.ts';
export type { BlobInfo } from './blobs/blob-folder.ts';
export { describeBytes, fileTooLarge, type BlobExpectation, type WrittenBlob } from './blobs/blob-stream-write.ts';
export type { UserRecord, NewUser, UserPatch } from './organizations/users.ts';
export type { OrganizationRecord, NewOrganization, OrganizationPatch } from './organizations/organizations.ts';
export type { MemberRecord, MemberPatch } from './organizations/members.ts';
export type { MemberCounts, MemberFilter } from './organizations/members.ts';
export type { NewOrganizationInvite, OrganizationInviteKind, OrganizationInviteRecord } from './organizations/organization-invites.ts';
export type { ApiTokenFilter, ApiTokenLookup, ApiTokenRecord } from './tokens/api-tokens.ts';
export type { CollectionRecord, NewCollection, CollectionPatch, CollectionFilter } from './spaces/collections.ts';
export type { SpaceRecord, NewSpace, SpacePatch, SpaceFilter } from './spaces/spaces.ts';
export type { ChangeRequestRecord, NewChangeRequest, ChangeRequestPatch, ChangeRequestFilter } from './change-requests/change-requests.ts';
export type {
  RevisionContent,
  RevisionInfo,
  RevisionType,
  StoredChildPage,
  StoredPage,
  StoredRevision,
  StoredRevisionFile,
} from './revisions/revision-content.ts';
export type { ChangeRequestState, DefaultLevel, EditMode, Role, RoleOrGuest, Visibility } from './field-checks.ts';
export type { SiteRecord, NewSite, SitePatch, SiteFilter, SiteType, SiteVisibility, SiteAgentsContext } from './sites/sites.ts';
export { siteTypes, siteVisibilities, siteAgentsContexts } from './sites/sites.ts';
export type { SiteSectionRecord, NewSiteSection, SiteSectionPatch } from './sites/site-sections.ts';
export type { SiteSectionGroupRecord, NewSiteSectionGroup, SiteSectionGroupPatch } from './sites/site-section-groups.ts';
export type { SiteSpaceRecord, NewSiteSpace, SiteSpacePatch, SiteSpaceFilter } from './sites/site-spaces.ts';
export type { SiteShareLinkRecord, NewSiteShareLink } from './sites/site-share-links.ts';
export type { StoredCustomization } from './sites/site-customizations.ts';
export type { StoredAdaptiveSchema } from './sites/site-adaptive-schemas.ts';
export type { SiteTree } from './sites/site-tree.ts';
export type { SyncPointRecord } from './spaces/sync-points.ts';
export type { NewSigningKey, PublicSigningKeyRecord, SigningKeyRecord, StoredJwk } from './tokens/signing-keys.ts';
export type { CommentFilter, CommentPatch, CommentRecord, CommentReplyPatch, CommentReplyRecord, CommentScope, NewComment, ReactionChange, ReactionRecord, TableCellRef } from './comments/comments.ts';
export { checkEmoji, maxCommentBodyLength } from './comments/comments.ts';
export type { NewTeam, TeamFilter, TeamMemberChange, TeamMemberRecord, TeamRecord, TeamRole } from './organizations/teams.ts';
export { teamRoles, teamTitleLimits } from './organizations/teams.ts';
export type {
  ContentKind,
  GrantedContent,
  GrantedTeamRecord,
  ReachingGrant,
  TeamContentPermissionRecord,
  UserContentPermissionRecord,
} from './spaces/content-permissions.ts';
export type { SearchHits, SearchIndexPage, SearchIndexUpdate, SearchPageHit, SearchSectionHit, SearchStore } from './search/search.ts';
export type { ChangeRequestPdfKey, ChangeRequestPdfRecord, NewChangeRequestPdf } from './change-requests/change-request-pdfs.ts';
export type { ImportRunChange, ImportRunFilter, ImportRunPage, ImportRunRecord, ImportRunStatus, NewImportRun } from './import/import-runs.ts';
export { activeImportRunStatuses } from './import/import-runs.ts';
export type { NewTranslation, TranslationInstructions, TranslationPatch, TranslationRecord, TranslationStatus, TranslationStore } from './translations/translations.ts';
export { translationTitleLimits } from './translations/translations.ts';
export type { NewSamlProvider, SamlProviderFields, SamlProviderRecord, SamlRequestRecord } from './sso/saml-providers.ts';
export { samlProviderLimits } from './sso/saml-providers.ts';
export type { OpenApiProcessingOutcome, OpenApiSpecProblem, OpenApiSpecProcessingState, OpenApiSpecRecord, OpenApiSpecSourceRecord, OpenApiSpecVersionContent, OpenApiSpecVersionRecord, OpenApiSpecVisibility } from './openapi/openapi-specs.ts';
export type {
  IntegrationContentInstallationRecord,
  IntegrationContentKind,
  IntegrationEventLogRecord,
  IntegrationEventRecord,
  IntegrationFields,
  IntegrationFilter,
  IntegrationInstallationChange,
  IntegrationInstallationRecord,
  IntegrationInstallationStatus,
  IntegrationPublication,
  IntegrationRecord,
  IntegrationScriptRecord,
  IntegrationTarget,
  IntegrationVisibility,
  NewIntegrationEvent,
} from './integrations/integrations.ts';
export { integrationNamePattern } from './integrations/integrations.ts';
export type { IntegrationDeliveryRecord, NewIntegrationDelivery, SpaceIntegrationInstallation } from './integrations/integration-deliveries.ts';
export { maxGitPathsPerLookup, type GitPathLocationRecord } from './revisions/git-paths.ts';
