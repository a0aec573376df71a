import type { ContentLocation } from './content-location.ts';

/*
 * The `urls` of space content. Quire has no web application, so `app` addresses are API addresses too: the
 * page in the place it was read from (the space's content, a change request, a revision). A file's
 * `downloadURL` names the revision, so it keeps giving the same bytes after the file changes.
 */

function join(baseUrl: string, ...segments: string[]): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
}

/**
 * API addresses of space content, under `baseUrl` (`http://127.0.0.1:8787`).
 *
 * @example
 * contentUrls.revision('http://q.test', 'sp1', 'r1') // → 'http://q.test/v1/spaces/sp1/revisions/r1'
 */
export const contentUrls = {
  revision: (baseUrl: string, spaceId: string, revisionId: string): string => join(baseUrl, 'spaces', spaceId, 'revisions', revisionId),
  page(baseUrl: string, spaceId: string, location: ContentLocation, pageId: string): string {
    switch (location.kind) {
      case 'space':
        return join(baseUrl, 'spaces', spaceId, 'content', 'page', pageId);
      case 'change-request':
        return join(baseUrl, 'spaces', spaceId, 'change-requests', location.changeRequestId, 'content', 'page', pageId);
      case 'revision':
        return join(baseUrl, 'spaces', spaceId, 'revisions', location.revisionId, 'page', pageId);
    }
  },
  fileDownload: (baseUrl: string, spaceId: string, revisionId: string, fileId: string): string =>
    join(baseUrl, 'spaces', spaceId, 'revisions', revisionId, 'files', fileId, 'download'),
  changeRequest: (baseUrl: string, spaceId: string, changeRequestId: string): string => join(baseUrl, 'spaces', spaceId, 'change-requests', changeRequestId),
};
