/**
 * Which content of a space an operation reads: the live content, a fixed revision, or a change request's head.
 * The published API has one route family for each (spaces / revisions / change-requests, tag space-content);
 * the templates below are copied from `@gitbook/api`'s openapi.json.
 */
import { checkId } from './argument-checks.ts';
import { QuireError } from '../errors/index.ts';

/** `{ spaceId }` for the live content, with `revisionId` for a revision, with `changeRequestId` for a change request. */
export type ContentLocation =
  | { readonly spaceId: string; readonly revisionId?: undefined; readonly changeRequestId?: undefined }
  | { readonly spaceId: string; readonly revisionId: string; readonly changeRequestId?: undefined }
  | { readonly spaceId: string; readonly changeRequestId: string; readonly revisionId?: undefined };

export type ContentRoutes = {
  /** getCurrentRevision / getRevisionById / getRevisionOfChangeRequestById */
  readonly revision: string;
  /** listPages / listPagesInRevisionById / listPagesInChangeRequest: `{ pages: RevisionPage[] }` */
  readonly pages: string;
  /** listFiles / listFilesInRevisionById / listFilesInChangeRequestById: `List<RevisionFile>` */
  readonly files: string;
  /** getFileById / getFileInRevisionById / getFileInChangeRequestById */
  readonly file: string;
  /** getPageById / getPageInRevisionById / getPageInChangeRequestById */
  readonly page: string;
};

const liveRoutes: ContentRoutes = {
  revision: '/v1/spaces/{spaceId}/content',
  pages: '/v1/spaces/{spaceId}/content/pages',
  files: '/v1/spaces/{spaceId}/content/files',
  file: '/v1/spaces/{spaceId}/content/files/{fileId}',
  page: '/v1/spaces/{spaceId}/content/page/{pageId}',
};

const revisionRoutes: ContentRoutes = {
  revision: '/v1/spaces/{spaceId}/revisions/{revisionId}',
  pages: '/v1/spaces/{spaceId}/revisions/{revisionId}/pages',
  files: '/v1/spaces/{spaceId}/revisions/{revisionId}/files',
  file: '/v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}',
  page: '/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
};

const changeRequestRoutes: ContentRoutes = {
  revision: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
  pages: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
  files: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
  file: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
  page: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
};

/** A checked location: its route family and path parameters. */
export type ResolvedLocation = { readonly routes: ContentRoutes; readonly params: Readonly<Record<string, string>> };

/** Checks `location` (an argument named `name`) and picks its route family. */
export function resolveContentLocation(name: string, location: unknown): ResolvedLocation {
  if (typeof location !== 'object' || location === null) {
    throw new QuireError('INVALID_ARGUMENT', `${name} must be { spaceId }, { spaceId, revisionId } or { spaceId, changeRequestId }`, { field: name });
  }
  const { spaceId, revisionId, changeRequestId } = location as Record<string, unknown>;
  const space = checkId(`${name}.spaceId`, spaceId);
  if (revisionId !== undefined && changeRequestId !== undefined) {
    throw new QuireError('INVALID_ARGUMENT', `${name} names both a revisionId and a changeRequestId; give one`, { field: name });
  }
  if (revisionId !== undefined) return { routes: revisionRoutes, params: { spaceId: space, revisionId: checkId(`${name}.revisionId`, revisionId) } };
  if (changeRequestId !== undefined) {
    return { routes: changeRequestRoutes, params: { spaceId: space, changeRequestId: checkId(`${name}.changeRequestId`, changeRequestId) } };
  }
  return { routes: liveRoutes, params: { spaceId: space } };
}
