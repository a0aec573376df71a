import { Type } from 'typebox';
import { EntityId } from './entity-id.ts';

const Timestamp = Type.String({ format: 'date-time' });

/**
 * The body of `startImportRun`. `source` is open enough to reach the service with `type: "file"` (a known kind
 * this server does not import), so the answer names `source.type` and what is supported, not a schema branch.
 */
export const StartImportRunBodySchema = Type.Object(
  {
    source: Type.Object(
      {
        type: Type.String({ maxLength: 64 }),
        url: Type.Optional(Type.String({ maxLength: 2048 })),
        files: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 50 })),
      },
      { additionalProperties: false },
    ),
    target: Type.Object({ space: EntityId, changeRequest: Type.Optional(EntityId), page: Type.Optional(EntityId) }, { additionalProperties: false }),
    site: Type.Optional(EntityId),
    enhance: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const statuses = [Type.Literal('pending'), Type.Literal('in-progress'), Type.Literal('completed'), Type.Literal('failed'), Type.Literal('cancelled')] as const;

/** `status` of listImportRuns: a status, or `active` (pending or in progress). */
export const ImportRunStatusFilter = Type.Union([Type.Literal('active'), ...statuses]);

/** The published `ContentImportRun`, with Quire's `progress` (docs/api-extensions.md, `import-runs`). */
export const ImportRunSchema = Type.Object({
  object: Type.Literal('import-run'),
  id: Type.String(),
  status: Type.Union([...statuses]),
  reason: Type.Optional(Type.String()),
  source: Type.Object({ type: Type.Literal('website'), url: Type.String() }),
  target: Type.Object({ space: Type.String(), changeRequest: Type.Optional(Type.String()) }),
  createdBy: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  startedAt: Type.Optional(Timestamp),
  completedAt: Type.Optional(Timestamp),
  urls: Type.Object({ location: Type.String() }),
  pages: Type.Array(
    Type.Object({
      id: Type.String(),
      sourceURL: Type.Optional(Type.String()),
      type: Type.Union([Type.Literal('page'), Type.Literal('folder')]),
      status: Type.Union([Type.Literal('complete'), Type.Literal('pending')]),
    }),
  ),
  progress: Type.Object({ discovered: Type.Integer(), imported: Type.Integer() }),
});
