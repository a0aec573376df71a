// The public surface of the store: openStore, the Store interface and its records. Internals (the object
// encoding, the context, the SQL schema) stay inside.
export { openStore } from './open-store.ts';
export type { PostgresStoreOptions, SqliteStoreOptions, Store, StoreOptions, StoreStats } from './store.ts';
export type { StoreDialect } from './store-dialect.ts';
export type { ListOptions, ListPage } from './pagination.ts';
export { defaultListLimit, maxListLimit } from './pagination.ts';
export { checkUtcTimestamp } from './field-checks.ts';
export { positionBetween, isPositionKey } from './position-key.ts';
export { documentIdFor } from './documents.ts';
export { sha256Hex, isContentHash, type ContentHash } from './content-hash.ts';
export { spaceRetentionMs } from './spaces.ts';
export type { BlobInfo } from './blob-folder.ts';
export { describeBytes, fileTooLarge, type BlobExpectation, type WrittenBlob } from './blob-stream-write.ts';
export type { UserRecord, NewUser, UserPatch } from './users.ts';
export type { OrganizationRecord, NewOrganization, OrganizationPatch } from './organizations.ts';
export type { MemberRecord, MemberPatch } from './members.ts';
export type { MemberCounts, MemberFilter } from './members.ts';
export type { NewOrganizationInvite, OrganizationInviteKind, OrganizationInviteRecord } from './organization-invites.ts';
export type { ApiTokenFilter, ApiTokenLookup, ApiTokenRecord } from './api-tokens.ts';
export type { CollectionRecord, NewCollection, CollectionPatch, CollectionFilter } from './collections.ts';
export type { SpaceRecord, NewSpace, SpacePatch, SpaceFilter } from './spaces.ts';
export type { ChangeRequestRecord, NewChangeRequest, ChangeRequestPatch, ChangeRequestFilter } from './change-requests.ts';
export type {
  RevisionContent,
  RevisionInfo,
  RevisionType,
  StoredChildPage,
  StoredPage,
  StoredRevision,
  StoredRevisionFile,
} from './revision-content.ts';
export type { ChangeRequestState, DefaultLevel, EditMode, Role, RoleOrGuest, Visibility } from './field-checks.ts';
export type { SiteRecord, NewSite, SitePatch, SiteFilter, SiteType, SiteVisibility, SiteAgentsContext } from './sites.ts';
export { siteTypes, siteVisibilities, siteAgentsContexts } from './sites.ts';
export type { SiteSectionRecord, NewSiteSection, SiteSectionPatch } from './site-sections.ts';
export type { SiteSectionGroupRecord, NewSiteSectionGroup, SiteSectionGroupPatch } from './site-section-groups.ts';
export type { SiteSpaceRecord, NewSiteSpace, SiteSpacePatch, SiteSpaceFilter } from './site-spaces.ts';
export type { SiteShareLinkRecord, NewSiteShareLink } from './site-share-links.ts';
export type { StoredCustomization } from './site-customizations.ts';
export type { StoredAdaptiveSchema } from './site-adaptive-schemas.ts';
export type { SiteTree } from './site-tree.ts';
export type { SyncPointRecord } from './sync-points.ts';
export type { NewSigningKey, PublicSigningKeyRecord, SigningKeyRecord, StoredJwk } from './signing-keys.ts';
export type { CommentFilter, CommentPatch, CommentRecord, CommentReplyPatch, CommentReplyRecord, CommentScope, NewComment, ReactionChange, ReactionRecord, TableCellRef } from './comments.ts';
export { checkEmoji, maxCommentBodyLength } from './comments.ts';
export type { NewTeam, TeamFilter, TeamMemberChange, TeamMemberRecord, TeamRecord, TeamRole } from './teams.ts';
export { teamRoles, teamTitleLimits } from './teams.ts';
export type {
  ContentKind,
  GrantedContent,
  GrantedTeamRecord,
  ReachingGrant,
  TeamContentPermissionRecord,
  UserContentPermissionRecord,
} from './content-permissions.ts';
export type { SearchHits, SearchIndexPage, SearchIndexUpdate, SearchPageHit, SearchSectionHit, SearchStore } from './search.ts';
export type { ChangeRequestPdfKey, ChangeRequestPdfRecord, NewChangeRequestPdf } from './change-request-pdfs.ts';
export type { ImportRunChange, ImportRunFilter, ImportRunPage, ImportRunRecord, ImportRunStatus, NewImportRun } from './import-runs.ts';
export { activeImportRunStatuses } from './import-runs.ts';
export type { NewTranslation, TranslationInstructions, TranslationPatch, TranslationRecord, TranslationStatus, TranslationStore } from './translations.ts';
export { translationTitleLimits } from './translations.ts';
export type { NewSamlProvider, SamlProviderFields, SamlProviderRecord, SamlRequestRecord } from './saml-providers.ts';
export { samlProviderLimits } from './saml-providers.ts';
export type { OpenApiProcessingOutcome, OpenApiSpecProblem, OpenApiSpecProcessingState, OpenApiSpecRecord, OpenApiSpecSourceRecord, OpenApiSpecVersionContent, OpenApiSpecVersionRecord, OpenApiSpecVisibility } from './openapi-specs.ts';
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
} from './integrations.ts';
export { integrationNamePattern } from './integrations.ts';
export type { IntegrationDeliveryRecord, NewIntegrationDelivery, SpaceIntegrationInstallation } from './integration-deliveries.ts';
