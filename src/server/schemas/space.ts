import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';
import { Nullable } from './nullable.ts';
import { DefaultLevelSchema, EditModeSchema, VisibilitySchema } from './roles.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** `GitSyncState`. */
const GitSyncSchema = Type.Object({
  repoName: Type.Optional(Type.String()),
  installationStatus: Type.Union([Type.Literal('unauthenticated'), Type.Literal('active'), Type.Literal('pending')]),
  installationProvider: Type.Union([Type.Literal('github'), Type.Literal('gitlab'), Type.Literal('github-legacy')]),
  integration: Type.Optional(Type.String()),
  installationId: Type.String(),
  parentInstallationId: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  operation: Type.Optional(
    Type.Object({
      state: Type.Union([Type.Literal('running'), Type.Literal('failure'), Type.Literal('success'), Type.Literal('timeout')]),
      direction: Type.Union([Type.Literal('export'), Type.Literal('import')]),
      startedAt: Timestamp,
      endedAt: Type.Optional(Timestamp),
      error: Type.Optional(Type.String()),
      errorAction: Type.Optional(Type.Object({ label: Type.String(), url: Type.String() })),
    }),
  ),
  operationTimeout: Type.Optional(Type.Integer()),
  updatedAt: Type.Optional(Timestamp),
});

/** The published `Space`, the fields Quire fills. */
export const SpaceSchema = Type.Object({
  object: Type.Literal('space'),
  id: Type.String(),
  title: Type.String(),
  emoji: Type.String(),
  visibility: VisibilitySchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  deletedAt: Type.Optional(Timestamp),
  editMode: Type.Optional(EditModeSchema),
  mergeRules: Type.Object({ type: Type.Literal('inherit') }),
  urls: Type.Object({ location: Type.String({ format: 'uri' }), app: Type.String({ format: 'uri' }) }),
  organization: Type.String(),
  parent: Type.Optional(Type.String()),
  gitSync: Type.Optional(GitSyncSchema),
  revision: Type.String(),
  defaultLevel: DefaultLevelSchema,
  comments: Type.Number(),
  changeRequests: Type.Number(),
  changeRequestsOpen: Type.Number(),
  changeRequestsDraft: Type.Number(),
  permissions: Type.Object({
    view: Type.Boolean(),
    access: Type.Boolean(),
    admin: Type.Boolean(),
    viewInviteLinks: Type.Boolean(),
    edit: Type.Boolean(),
    triggerGitSync: Type.Boolean(),
    comment: Type.Boolean(),
    merge: Type.Boolean(),
    review: Type.Boolean(),
    installIntegration: Type.Boolean(),
  }),
});

/**
 * `createSpace`'s body, the fields Quire supports: closed, so anything else (`template`, `computedSource`,
 * `language`) is a 400 rather than silently ignored. A new space is always empty; `empty: true` is accepted.
 */
export const SpaceCreateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 50 })),
    emoji: Type.Optional(Type.String({ maxLength: 50 })),
    parent: Type.Optional(EntityId),
    editMode: Type.Optional(EditModeSchema),
    empty: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);

/** `updateSpaceById`'s body: the seed's fields plus `visibility`; `emoji: null` removes the emoji. Closed. */
export const SpaceUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 50 })),
    emoji: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    editMode: Type.Optional(EditModeSchema),
    defaultLevel: Type.Optional(DefaultLevelSchema),
    visibility: Type.Optional(VisibilitySchema),
  },
  { additionalProperties: false },
);
