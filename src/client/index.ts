export { ApiClient, createApiClient, type ApiClientOptions } from './api-client.ts';
export {
  ApiInvalidResponseError,
  ApiRequestError,
  ApiUnreachableError,
  type ApiInvalidResponseErrorData,
  type ApiRequestErrorData,
  type ApiUnreachableErrorData,
  type RequestTarget,
} from './api-errors.ts';
export type {
  ChangeRequestListOptions,
  ChangeRequestPatch,
  ContentUpdateResult,
  MergeChangeRequestResult,
  UpdateChangeRequestResult,
} from './change-request-operations.ts';
export { EncodedContentChanges } from './encoded-content-changes.ts';
export { apiName, explainApiFailure, type ApiNaming } from './api-failure-message.ts';
export { systemClock, type Clock, type RandomSource } from './clock.ts';
export type { ContentLocation } from './content-location.ts';
export type { PageReadOptions, RevisionReadOptions } from './content-operations.ts';
export { paginate, type FetchListPage, type ListPage, type ListSource } from './paginate.ts';
export type { RequestCounts } from './request-counter.ts';
export { attemptsVariable, defaultRetryPolicy, type RetryPolicy } from './retry-policy.ts';
export type {
  ApiTokenCreation,
  ApiTokenInfo,
  ContentChange,
  CreatedApiToken,
  QuireContentChange,
  QuireDeleteFileChange,
  QuireDeleteReusableContentChange,
  QuireExtension,
  QuireServerInfo,
  QuireSetDirectoryChange,
  QuireUpdateFileChange,
  QuireUpsertReusableContentChange,
  RevisionBundleAnswer,
  RevisionDirectory,
  RevisionInfo,
  SyncPointInfo,
  SyncPointRecording,
  UploadedBlob,
  GitPathLocationInfo,
  GitPathLocationsInfo,
} from './quire-extensions.ts';
export type { EmailInviteInfo, InviteUsersAnswer } from './invite-operations.ts';
