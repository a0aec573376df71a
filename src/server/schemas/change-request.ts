import { Type } from 'typebox';
import { contentOperations, maxGitChangesPerBatch } from '../../content/index.ts';
import type { PublishedChangeRequest } from '../../service/index.ts';
import { EntityId } from './entity-id.ts';
import { UserSchema } from './user.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** `ChangeRequestStatus`. */
export const ChangeRequestStatusSchema = Type.Unsafe<'draft' | 'open' | 'archived' | 'merged'>({ type: 'string', enum: ['draft', 'open', 'archived', 'merged'] });

/** `ChangeRequest`. */
export const ChangeRequestSchema = Type.Unsafe<PublishedChangeRequest>(
  Type.Object({
    object: Type.Literal('change-request'),
    id: Type.String(),
    number: Type.Number(),
    status: Type.String(),
    subject: Type.String(),
    createdBy: UserSchema,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    mergedBy: Type.Optional(UserSchema),
    mergedAt: Type.Optional(Timestamp),
    space: Type.String(),
    revision: Type.String(),
    revisionInitial: Type.String(),
    revisionMergedAncestor: Type.Optional(Type.String()),
    revisionMerged: Type.Optional(Type.String()),
    comments: Type.Number(),
    outdated: Type.Boolean(),
    urls: Type.Object({ app: Type.String({ format: 'uri' }), location: Type.String({ format: 'uri' }) }),
  }),
);

/** `createChangeRequest`'s body: a `subject` (at most 100 characters) and the seed's `agentTaskId`. Closed. */
export const ChangeRequestCreateBody = Type.Object(
  { subject: Type.Optional(Type.String({ maxLength: 100 })), agentTaskId: Type.Optional(Type.String({ maxLength: 128 })) },
  { additionalProperties: false },
);

/** `updateChangeRequestById`'s body: `subject` and `status` (draft, open or archived). Closed. */
export const ChangeRequestUpdateBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Unsafe<'draft' | 'open' | 'archived'>({ type: 'string', enum: ['draft', 'open', 'archived'] })),
  },
  { additionalProperties: false },
);

/** `listChangeRequestsForSpace`'s filters (with `page` and `limit`). */
export const ChangeRequestListFilters = {
  status: Type.Optional(ChangeRequestStatusSchema),
  creator: Type.Optional(EntityId),
  contributor: Type.Optional(EntityId),
  requestedReviewer: Type.Optional(EntityId),
  topic: Type.Optional(Type.String({ maxLength: 128 })),
  orderBy: Type.Optional(Type.Unsafe<'updatedAt' | 'createdAt'>({ type: 'string', enum: ['updatedAt', 'createdAt'] })),
};

/**
 * `updateChangeRequestContent`'s body: `changes`, 1 to 50 (the published bound; up to 500 with `origin=git`,
 * Quire's `git-batches`: the content layer holds each origin to its bound), each an object whose `operation` is
 * a published one or one of Quire's `quire_*`; the rest of each change is checked by the content layer, whose
 * errors name the change and the field (`changes[2].into: ...`).
 */
export const ContentChangesBody = Type.Object(
  {
    changes: Type.Array(
      Type.Unsafe<{ operation: string } & Record<string, unknown>>({
        type: 'object',
        required: ['operation'],
        properties: { operation: { type: 'string', enum: [...contentOperations] } },
        additionalProperties: true,
      }),
      { minItems: 1, maxItems: maxGitChangesPerBatch },
    ),
  },
  { additionalProperties: false },
);

/** The answer of merge and update: `{ revision, result }`, and `conflicts` (Quire's extension) when they conflict. */
export function mergeResultSchema<R extends 'merge' | 'update'>(result: R) {
  return Type.Object({
    revision: Type.String(),
    result: Type.Unsafe<R | 'conflicts'>({ type: 'string', enum: [result, 'conflicts'] }),
    conflicts: Type.Optional(
      Type.Array(
        Type.Object({
          pageId: Type.Optional(Type.String()),
          fileId: Type.Optional(Type.String()),
          reusableContentId: Type.Optional(Type.String()),
          tag: Type.Optional(Type.String()),
          variable: Type.Optional(Type.String()),
          field: Type.String(),
          reason: Type.String(),
        }),
      ),
    ),
  });
}
