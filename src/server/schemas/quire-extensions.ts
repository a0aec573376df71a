import { Type } from 'typebox';
import type {
  PublishedApiToken,
  PublishedCreatedApiToken,
  PublishedQuireServerInfo,
  PublishedRevisionBundle,
  PublishedRevisionDirectory,
  PublishedRevisionInfo,
  PublishedUploadedBlob,
  PublishedGitPathLocations,
} from '../../service/index.ts';
import { maxGitPathsPerLookup } from '../../store/index.ts';
import { EntityId } from './entity-id.ts';
import { GitCommitSchema, RevisionSchema } from './revision.ts';

/** `GET /v1/quire`. */
export const QuireServerInfoSchema = Type.Unsafe<PublishedQuireServerInfo>(
  Type.Object({
    object: Type.Literal('quire'),
    version: Type.String(),
    extensions: Type.Array(Type.String()),
    limits: Type.Optional(Type.Object({ maxFileBytes: Type.Integer(), maxGitBatchChanges: Type.Optional(Type.Integer()) })),
  }),
);

/** `POST /v1/spaces/{spaceId}/quire/blobs`: the stored bytes' handle. */
export const UploadedBlobSchema = Type.Unsafe<PublishedUploadedBlob>(
  Type.Object({ object: Type.Literal('quire-blob'), blob: Type.String(), size: Type.Integer(), oid: Type.String() }),
);

/** The query of an upload: the size of the body, and the digests to check when given. */
export const BlobUploadQuery = Type.Object({
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  oid: Type.Optional(Type.String({ pattern: '^[0-9a-f]{40}$' })),
});

/** An item of `GET /v1/spaces/{spaceId}/revisions`. */
export const RevisionInfoSchema = Type.Unsafe<PublishedRevisionInfo>(
  Type.Object({
    object: Type.Literal('revision-info'),
    id: Type.String(),
    type: Type.String(),
    parents: Type.Array(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    git: Type.Optional(GitCommitSchema),
    mergedFrom: Type.Optional(Type.String()),
  }),
);

/** `GET .../revisions/{revisionId}/directory`: paths to base64 bytes, symbolic links, and with `since` the paths gone. */
export const RevisionDirectorySchema = Type.Unsafe<PublishedRevisionDirectory>(
  Type.Object({
    files: Type.Record(Type.String(), Type.String()),
    symlinks: Type.Record(Type.String(), Type.String()),
    deleted: Type.Optional(Type.Array(Type.String())),
  }),
);

/**
 * `GET .../revisions/{revisionId}/bundle`: a bundle file's value (src/format/bundle-json.ts) with the published
 * revision; bodies by document id, bytes in base64 by file id, and the directory source.
 */
export const RevisionBundleSchema = Type.Unsafe<PublishedRevisionBundle>(
  Type.Object({
    format: Type.Literal('quire-revision-bundle'),
    version: Type.Literal(1),
    revision: RevisionSchema,
    documents: Type.Record(Type.String(), Type.String()),
    files: Type.Record(Type.String(), Type.String()),
    source: Type.Object({
      config: Type.Optional(Type.Object({ path: Type.String(), text: Type.String() })),
      root: Type.String(),
      structure: Type.Object({ readme: Type.String(), summary: Type.String() }),
      redirects: Type.Record(Type.String(), Type.String()),
      summaryText: Type.Optional(Type.String()),
      varsText: Type.Optional(Type.String()),
      heads: Type.Record(Type.String(), Type.String()),
      summaryTitles: Type.Record(Type.String(), Type.Object({ summary: Type.String(), title: Type.String() })),
      extra: Type.Record(Type.String(), Type.String()),
      symlinks: Type.Record(Type.String(), Type.String()),
    }),
  }),
);

/** The query of the directory route: `since`, another revision of the space. */
export const DirectoryQuery = Type.Object({ since: Type.Optional(EntityId) });

/** `PUT .../revisions/{revisionId}/git`'s body: a `GitSyncCommit`. Closed. */
export const GitCommitBody = Type.Object(
  {
    oid: Type.String({ pattern: '^[0-9a-f]{40}([0-9a-f]{24})?$' }),
    message: Type.String({ maxLength: 65536 }),
    createdByGitBook: Type.Boolean(),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    ref: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);

const apiTokenProperties = {
  object: Type.Literal('api-token'),
  id: Type.String(),
  label: Type.String(),
  user: Type.Object({ id: Type.String(), displayName: Type.String(), email: Type.Optional(Type.String()) }),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  lastUsedAt: Type.Optional(Type.String({ format: 'date-time' })),
  current: Type.Boolean(),
};

/** An item of `GET /v1/quire/tokens` (`api-tokens`): a token's record, never its value. */
export const ApiTokenSchema = Type.Unsafe<PublishedApiToken>(Type.Object(apiTokenProperties));

/** `POST /v1/quire/tokens`'s answer: the record and, this once, the token. */
export const CreatedApiTokenSchema = Type.Unsafe<PublishedCreatedApiToken>(Type.Object({ ...apiTokenProperties, token: Type.String() }));

/** `POST /v1/quire/tokens`'s body. Closed. `expiresAt` and `expiresIn` are checked by the service, which names them. */
export const ApiTokenCreateBody = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    expiresAt: Type.Optional(Type.String({ maxLength: 64 })),
    expiresIn: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

/** `POST .../revisions/{revisionId}/git-paths`'s body: the Git paths to locate, at most `maxGitPathsPerLookup`. Closed. */
export const GitPathsBody = Type.Object(
  { paths: Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: maxGitPathsPerLookup }) },
  { additionalProperties: false },
);

/** `POST .../revisions/{revisionId}/git-paths`: where the revision keeps the paths asked for (extension `git-paths`). */
export const GitPathLocationsSchema = Type.Unsafe<PublishedGitPathLocations>(
  Type.Object({
    object: Type.Literal('git-path-locations'),
    revision: Type.String(),
    locations: Type.Record(
      Type.String(),
      Type.Union([
        Type.Object({ kind: Type.Literal('page'), id: Type.String(), title: Type.String() }),
        Type.Object({ kind: Type.Literal('file'), id: Type.String(), name: Type.String(), contentType: Type.String() }),
        Type.Object({ kind: Type.Literal('reusable-content'), id: Type.String(), title: Type.String() }),
      ]),
    ),
  }),
);
