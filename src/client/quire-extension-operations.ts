/**
 * Internal: the routes of Quire's extensions (docs/api-extensions.md). A server without them answers 404 to
 * `GET /v1/quire`, which `getQuireServerInfo` turns into `undefined`.
 */
import type { GitSyncCommit } from '@gitbook/api';
import { ApiRequestError } from './api-errors.ts';
import { listRequest } from './list-request.ts';
import type { ApiTokenCreation, ApiTokenInfo, CreatedApiToken, GitPathLocationsInfo, QuireServerInfo, RevisionBundleAnswer, RevisionDirectory, RevisionInfo, SyncPointInfo, SyncPointRecording, UploadedBlob } from './quire-extensions.ts';
import type { ApiRequest, Transport } from './transport.ts';

const revision = '/v1/spaces/{spaceId}/revisions/{revisionId}';

/** `GET /v1/quire`; undefined when the server answers 404 (it implements the published API only). */
export async function getQuireServerInfo(transport: Transport): Promise<QuireServerInfo | undefined> {
  try {
    return await transport.json<QuireServerInfo>({ method: 'GET', route: '/v1/quire' });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/** `GET /v1/spaces/{spaceId}/revisions`, newest first, walked page by page as the caller consumes it. */
export function listRevisions(transport: Transport, spaceId: string, limit: number | undefined): AsyncGenerator<RevisionInfo, void, undefined> {
  return listRequest<RevisionInfo>(transport, { method: 'GET', route: '/v1/spaces/{spaceId}/revisions', params: { spaceId } }, limit);
}

/** `GET .../revisions/{revisionId}/directory[?since=]`. */
export function getRevisionDirectory(transport: Transport, spaceId: string, revisionId: string, since: string | undefined): Promise<RevisionDirectory> {
  return transport.json<RevisionDirectory>({ method: 'GET', route: `${revision}/directory`, params: { spaceId, revisionId }, query: { since } });
}

/** `GET .../revisions/{revisionId}/bundle`. */
export function getRevisionBundle(transport: Transport, spaceId: string, revisionId: string): Promise<RevisionBundleAnswer> {
  return transport.json<RevisionBundleAnswer>({ method: 'GET', route: `${revision}/bundle`, params: { spaceId, revisionId } });
}

/** `PUT .../revisions/{revisionId}/git`: records the commit a revision corresponds to. Repeating it is harmless. */
export function setRevisionGit(transport: Transport, spaceId: string, revisionId: string, git: GitSyncCommit): Promise<RevisionInfo> {
  return transport.json<RevisionInfo>({ method: 'PUT', route: `${revision}/git`, params: { spaceId, revisionId }, body: git, retrySafe: true });
}

/** `GET /v1/spaces/{spaceId}/sync-points`: one per repository and ref. */
export async function listSyncPoints(transport: Transport, spaceId: string): Promise<SyncPointInfo[]> {
  const answer = await transport.json<{ items: SyncPointInfo[] }>({ method: 'GET', route: '/v1/spaces/{spaceId}/sync-points', params: { spaceId } });
  return answer.items;
}

/** `PUT /v1/spaces/{spaceId}/sync-points`: records a repository's sync point. Repeating it is harmless. */
export function setSyncPoint(transport: Transport, spaceId: string, point: SyncPointRecording): Promise<SyncPointInfo> {
  return transport.json<SyncPointInfo>({ method: 'PUT', route: '/v1/spaces/{spaceId}/sync-points', params: { spaceId }, body: point, retrySafe: true });
}

/**
 * `POST /v1/spaces/{spaceId}/quire/blobs` (`file-uploads`): the bytes as the raw body, with their size, SHA-256
 * and Git blob id for the server to check. Repeating it is harmless: blobs are stored by content.
 */
export function uploadBlob(transport: Transport, spaceId: string, bytes: Uint8Array, digests: { sha256: string; oid: string }): Promise<UploadedBlob> {
  return transport.json<UploadedBlob>({
    method: 'POST',
    route: '/v1/spaces/{spaceId}/quire/blobs',
    params: { spaceId },
    query: { size: bytes.byteLength, sha256: digests.sha256, oid: digests.oid },
    rawBody: bytes,
    retrySafe: true,
  });
}

/**
 * `GET /v1/quire/tokens` (`api-tokens`): the caller's own tokens; with an organization,
 * `GET /v1/orgs/{organizationId}/quire/tokens`: its members' (admins only). Walked page by page.
 */
export function listApiTokens(transport: Transport, organizationId: string | undefined, limit: number | undefined): AsyncGenerator<ApiTokenInfo, void, undefined> {
  const call: ApiRequest = organizationId === undefined ? { method: 'GET', route: '/v1/quire/tokens' } : { method: 'GET', route: '/v1/orgs/{organizationId}/quire/tokens', params: { organizationId } };
  return listRequest<ApiTokenInfo>(transport, call, limit);
}

/** `POST /v1/quire/tokens`: a token for the caller. Not retried once it may have been sent, so a flaky network cannot make two. */
export function createApiToken(transport: Transport, body: ApiTokenCreation): Promise<CreatedApiToken> {
  return transport.json<CreatedApiToken>({ method: 'POST', route: '/v1/quire/tokens', body });
}

/** `DELETE /v1/quire/tokens/{tokenId}`, or with an organization `DELETE /v1/orgs/{organizationId}/quire/tokens/{tokenId}`. */
export async function revokeApiToken(transport: Transport, tokenId: string, organizationId: string | undefined): Promise<void> {
  const call: ApiRequest =
    organizationId === undefined
      ? { method: 'DELETE', route: '/v1/quire/tokens/{tokenId}', params: { tokenId } }
      : { method: 'DELETE', route: '/v1/orgs/{organizationId}/quire/tokens/{tokenId}', params: { organizationId, tokenId } };
  await transport.json<undefined>(call);
}

/** `POST .../revisions/{revisionId}/git-paths` (`git-paths`): where the revision keeps up to 1,000 paths. Changes nothing: safe to retry. */
export function locateGitPaths(transport: Transport, spaceId: string, revisionId: string, paths: readonly string[]): Promise<GitPathLocationsInfo> {
  return transport.json<GitPathLocationsInfo>({ method: 'POST', route: `${revision}/git-paths`, params: { spaceId, revisionId }, body: { paths }, retrySafe: true });
}
