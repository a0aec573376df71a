// The service's use cases over a Store: no HTTP in here. src/server maps routes onto these.
export { systemClock, type Clock, type ServiceContext } from './service-context.ts';
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
export { getRevisionDirectory } from './revision-directory.ts';
export { getQuireServerInfo, quireExtensions, quireVersion } from './quire-server-info.ts';
