/**
 * The shapes of Quire's extensions to the published API (docs/api-extensions.md): what `GET /v1/quire`
 * announces, the revision history items, a revision as a directory or a bundle, and the `quire_*` content changes that
 * `updateChangeRequestContent` accepts on a server that announces `git-metadata`.
 */
import type { ChangeRequestContentChange, GitSyncBlob, GitSyncCommit } from '@gitbook/api';
import type { RevisionBundleValue } from '../format/bundle-json.ts';
import type { QuireContentChange } from '../model/quire-changes.ts';

export type { QuireUpdateFileChange, QuireDeleteFileChange, QuireUpsertReusableContentChange, QuireDeleteReusableContentChange, QuireSetDirectoryChange, QuireContentChange } from '../model/quire-changes.ts';

/** The extensions a server may announce. */
export type QuireExtension = 'git-metadata' | 'directory' | 'revision-history' | 'sync-points' | 'file-uploads' | 'api-tokens' | 'git-paths' | 'sync-point-git' | 'bundle';

/** `GET /v1/quire`: the server is Quire, and which extensions it offers; `limits` with `file-uploads`. */
export type QuireServerInfo = {
  readonly object: 'quire';
  readonly version: string;
  readonly extensions: readonly string[];
  readonly limits?: { readonly maxFileBytes: number; readonly maxGitBatchChanges?: number } | undefined;
};

/** `POST /v1/spaces/{spaceId}/quire/blobs`: the handle (`blob`, the SHA-256) a change then names instead of base64. */
export type UploadedBlob = {
  readonly object: 'quire-blob';
  readonly blob: string;
  readonly size: number;
  readonly oid: string;
};

/** An item of `GET /v1/spaces/{spaceId}/revisions`: a revision without its content, newest first. */
export type RevisionInfo = {
  readonly object: 'revision-info';
  readonly id: string;
  readonly type: string;
  readonly parents: readonly string[];
  readonly createdAt: string;
  readonly git?: GitSyncCommit | undefined;
  /** The change request the revision was merged from. */
  readonly mergedFrom?: string | undefined;
};

/** An item of `GET /v1/spaces/{spaceId}/sync-points`: where one repository's branch and the space last agreed. */
export type SyncPointInfo = {
  readonly object: 'sync-point';
  readonly repository: string;
  readonly ref: string;
  readonly revision: string;
  readonly commit: string;
  /** The paths of the commit's synced folder the revision lacks (files the space refused); absent: not known. */
  readonly missing?: readonly string[];
  readonly recordedAt: string;
};

/**
 * `PUT /v1/spaces/{spaceId}/sync-points`'s body. `git` (extension `sync-point-git`) records the revision's `git`
 * in the same request, with `commit` as its `oid` and `ref`.
 */
export type SyncPointRecording = {
  readonly repository: string;
  readonly ref: string;
  readonly revision: string;
  readonly commit: string;
  readonly missing?: readonly string[];
  readonly git?: { readonly message: string; readonly createdByGitBook: boolean; readonly url?: string };
};

/**
 * `GET .../revisions/{revisionId}/directory[?since=]`: the revision written out as a Git Sync directory, bytes in
 * base64; with `since`, only the paths that differ from that revision's directory, and the paths it no longer has.
 */
export type RevisionDirectory = {
  readonly files: Readonly<Record<string, string>>;
  readonly symlinks: Readonly<Record<string, string>>;
  readonly deleted?: readonly string[] | undefined;
};

/**
 * `GET .../revisions/{revisionId}/bundle`: the revision's whole content as a bundle file's JSON value (the published
 * revision, bodies by document id, bytes in base64); `bundleFromValue` (src/format) checks it and decodes the bytes.
 */
export type RevisionBundleAnswer = RevisionBundleValue;

/**
 * A change of `updateChangeRequestContent`: the published union, whose `insert_page`, `update_page` and
 * `insert_files` items may carry `git: { oid, path }` on a server with `git-metadata`, or a `quire_*` change.
 */
export type ContentChange = WithGit<ChangeRequestContentChange> | QuireContentChange;

type WithGit<T> = T extends { operation: 'insert_page' | 'update_page' }
  ? T & { git?: GitSyncBlob }
  : T extends { operation: 'insert_files'; files: ReadonlyArray<infer F> }
    ? Omit<T, 'files'> & { files: Array<F & { git?: GitSyncBlob }> }
    : T;

/** An item of `GET /v1/quire/tokens` (`api-tokens`): an API token's record, never its value. */
export type ApiTokenInfo = {
  readonly object: 'api-token';
  readonly id: string;
  readonly label: string;
  readonly user: { readonly id: string; readonly displayName: string; readonly email?: string | undefined };
  readonly createdAt: string;
  /** Absent: the token does not expire. */
  readonly expiresAt?: string | undefined;
  /** Absent: never used. Recorded at most once a minute. */
  readonly lastUsedAt?: string | undefined;
  /** The token the request was made with. */
  readonly current: boolean;
};

/** `POST /v1/quire/tokens`: the new token's record and, this once, its value. */
export type CreatedApiToken = ApiTokenInfo & { readonly token: string };

/** `POST /v1/quire/tokens`'s body: a label, and when it expires (`expiresAt`, ISO, or `expiresIn`, `30d`), not both. */
export type ApiTokenCreation = {
  readonly label?: string | undefined;
  readonly expiresAt?: string | undefined;
  readonly expiresIn?: string | undefined;
};

/** What a revision keeps at one Git path (extension `git-paths`). */
export type GitPathLocationInfo =
  | { readonly kind: 'page'; readonly id: string; readonly title: string }
  | { readonly kind: 'file'; readonly id: string; readonly name: string; readonly contentType: string }
  | { readonly kind: 'reusable-content'; readonly id: string; readonly title: string };

/** `POST .../revisions/{revisionId}/git-paths`: where the revision keeps the paths asked for; a path it lacks is absent. */
export type GitPathLocationsInfo = {
  readonly object: 'git-path-locations';
  readonly revision: string;
  readonly locations: Readonly<Record<string, GitPathLocationInfo>>;
};
