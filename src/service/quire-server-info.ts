import type { PublishedQuireServerInfo } from './content/published-content-shapes.ts';
import { maxFileBytesOf, maxGitBatchChangesOf, type ServiceContext } from './service-context.ts';

/** Quire's version, as `package.json` says (a test keeps the two in step). */
export const quireVersion = '0.1.0';

/**
 * The extensions to the published API this server offers (docs/api-extensions.md): Git blobs and commits on
 * content with the `quire_*` changes, revisions as directories, the revision history, the list of conflicts
 * in a merge or update that conflicts, groups, link pages and computed pages created by `quire_insert_page`, and
 * files uploaded as a raw stream (`file-uploads`, with the largest file the server takes in `limits`), and the
 * lifecycle of API tokens (`api-tokens`: list, create with expiry, revoke), and the JWKS that verifies the
 * visitor-claims tokens of the ping operation (`visitor-claims`: `GET /.well-known/jwks.json`), and where a
 * revision keeps given Git paths (`git-paths`: `POST .../revisions/{revisionId}/git-paths`), and the revision's
 * commit recorded with a sync point (`sync-point-git`), and batches of up to `limits.maxGitBatchChanges` changes
 * sent with `origin=git` (`git-batches`), and a revision's whole content in one answer (`bundle`:
 * `GET .../revisions/{revisionId}/bundle`).
 */
export const quireExtensions = ['git-metadata', 'directory', 'revision-history', 'merge-conflicts', 'page-kinds', 'sync-points', 'file-uploads', 'api-tokens', 'visitor-claims', 'git-paths', 'sync-point-git', 'git-batches', 'bundle'] as const;

/**
 * What `GET /v1/quire` answers (any valid token): the server is Quire, its version and its extensions.
 *
 * @example
 * getQuireServerInfo(ctx) // → { object: 'quire', version: '0.1.0', extensions: ['git-metadata', ...], limits: { maxFileBytes: 100000000, maxGitBatchChanges: 500 } }
 */
export function getQuireServerInfo(ctx: Pick<ServiceContext, 'maxFileBytes' | 'maxGitBatchChanges'> = {}): PublishedQuireServerInfo {
  return { object: 'quire', version: quireVersion, extensions: [...quireExtensions], limits: { maxFileBytes: maxFileBytesOf(ctx), maxGitBatchChanges: maxGitBatchChangesOf(ctx) } };
}
