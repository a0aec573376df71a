import type { ChangeRequestState, RevisionType } from '../../store/index.ts';
import type { PublishedUser } from '../published-shapes.ts';
import type { RevisionBundleValue } from '../../format/bundle-json.ts';

/*
 * The published shapes of space content (`components.schemas` of `@gitbook/api`'s openapi.json): `Revision`,
 * `RevisionPage`, `RevisionFile`, `RevisionReusableContent`, `ChangeRequest`, and the answers of the content
 * operations. Plain types (the package's enums are TypeScript enums, and it is only a devDependency); pages keep
 * the fields the store holds, which are the published ones (see `SnapshotPage` in src/model).
 */

/** `GitSyncCommit`: the commit a revision corresponds to (mutable metadata; `metadata=false` leaves it out). */
export interface PublishedGitCommit {
  oid: string;
  message: string;
  createdByGitBook: boolean;
  url?: string;
  ref?: string;
}

/** `GitSyncBlob`. */
export interface PublishedGitBlob {
  oid: string;
  path: string;
}

/**
 * A page of a revision (`RevisionPage`: document, group, link or computed), with `urls.app` on documents and, on
 * a single page read with `format`, its body as `markdown` or `document`.
 */
export interface PublishedPage {
  id: string;
  title: string;
  type: 'document' | 'group' | 'link' | 'computed';
  kind?: 'sheet' | 'group' | 'link';
  urls?: { app: string };
  slug?: string;
  path?: string;
  pages?: PublishedPage[];
  documentId?: string;
  git?: PublishedGitBlob;
  markdown?: string;
  document?: PublishedJsonDocument;
  [field: string]: unknown;
}

/** `JSONDocument`: `{ object: 'document', data, nodes }`. */
export interface PublishedJsonDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: unknown[];
  [field: string]: unknown;
}

/** `RevisionFile`. */
export interface PublishedFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number };
  git?: PublishedGitBlob;
}

/** `RevisionReusableContent`: `document` is the id of its body. */
export interface PublishedReusableContent {
  id: string;
  title: string;
  git?: PublishedGitBlob;
  document?: string;
  [field: string]: unknown;
}

/** `ChangeRequest`. */
export interface PublishedChangeRequest {
  object: 'change-request';
  id: string;
  number: number;
  status: ChangeRequestState;
  subject: string;
  createdBy: PublishedUser;
  createdAt: string;
  updatedAt: string;
  mergedBy?: PublishedUser;
  mergedAt?: string;
  space: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  comments: number;
  /** True when the space moved past the revision the change request was last based on. */
  outdated: boolean;
  urls: { app: string; location: string };
}

/** `Revision` (the `edits`, `merge` and `update` variants; a `merge` one names the change request merged). */
export interface PublishedRevision {
  object: 'revision';
  id: string;
  parents: string[];
  pages: PublishedPage[];
  files: PublishedFile[];
  reusableContents: PublishedReusableContent[];
  tags: unknown[];
  variables?: Record<string, string | number | boolean>;
  createdAt: string;
  git?: PublishedGitCommit;
  urls: { app: string };
  type: RevisionType;
  mergedFrom?: PublishedChangeRequest;
}

/** An item of `ChangeRequestContentUpdate.changes`. */
export type PublishedContentUpdateChange =
  | { object: 'created_page'; ref?: string; page: { object: 'page'; id: string; urls: { location: string } } }
  | { object: 'updated_page'; page: { object: 'page'; id: string; urls: { location: string } } }
  | { object: 'deleted_page'; page: string };

/** `ChangeRequestContentUpdate`: what `compat=false` answers. */
export interface PublishedContentUpdate {
  changeRequest: PublishedChangeRequest;
  changes: PublishedContentUpdateChange[];
  insertedFiles?: PublishedFile[];
}

/** The answer of merge (`result: 'merge'`) and update (`result: 'update'`), or of either when it conflicts. */
export interface PublishedMergeResult<R extends 'merge' | 'update'> {
  revision: string;
  result: R | 'conflicts';
}

/** An item of Quire's `GET /v1/spaces/{spaceId}/revisions` (docs/api-extensions.md, `revision-history`). */
export interface PublishedRevisionInfo {
  object: 'revision-info';
  id: string;
  type: RevisionType;
  parents: string[];
  createdAt: string;
  git?: PublishedGitCommit;
  /** The id of the change request a `merge` revision merged. */
  mergedFrom?: string;
}

/** Quire's `GET .../revisions/{revisionId}/directory` (docs/api-extensions.md, `directory`). */
export interface PublishedRevisionDirectory {
  /** Path → bytes in base64. With `since`, only the paths whose bytes differ. */
  files: Record<string, string>;
  /** Path → target, every symbolic link of the revision's directory. */
  symlinks: Record<string, string>;
  /** With `since`: the paths that revision's directory has and this one does not. */
  deleted?: string[];
}

/**
 * Quire's `GET .../revisions/{revisionId}/bundle` (docs/api-extensions.md, `bundle`): the revision as the service
 * holds it, in the shape of a bundle file (`quire convert`, src/format/bundle-json.ts): the published revision, the
 * Markdown body of every page and reusable content by document id, every file's bytes in base64 by file id, and
 * what its directory holds beyond the revision (`source`, its `extra` files in base64).
 */
export type PublishedRevisionBundle = Omit<RevisionBundleValue, 'revision'> & { revision: PublishedRevision };

/** Quire's `GET /v1/quire`. */
export interface PublishedQuireServerInfo {
  object: 'quire';
  version: string;
  extensions: string[];
  /** Limits a client plans by: the largest file, in bytes (`file-uploads`); the most changes in a batch sent with `origin=git` (`git-batches`). */
  limits?: { maxFileBytes: number; maxGitBatchChanges?: number };
}

/** `POST /v1/spaces/{spaceId}/quire/blobs`: the handle of the stored bytes (`blob`, their SHA-256), their size and Git blob id. */
export interface PublishedUploadedBlob {
  object: 'quire-blob';
  blob: string;
  size: number;
  oid: string;
}

/** What a revision keeps at one Git path (extension `git-paths`). */
export type PublishedGitPathLocation =
  | { kind: 'page'; id: string; title: string }
  | { kind: 'file'; id: string; name: string; contentType: string }
  | { kind: 'reusable-content'; id: string; title: string };

/** `POST .../revisions/{revisionId}/git-paths`: where the revision keeps the paths asked for (those it has). */
export interface PublishedGitPathLocations {
  object: 'git-path-locations';
  revision: string;
  /** Git path → location; a path asked for that the revision does not have is absent. */
  locations: Record<string, PublishedGitPathLocation>;
}
