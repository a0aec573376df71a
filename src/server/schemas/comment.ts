import { Type } from 'typebox';
import type { PublishedComment, PublishedCommentReply } from '../../service/index.ts';
import { maxCommentBodyLength } from '../../store/index.ts';
import { EntityId } from './entity-id.ts';
import { FreeObject } from './free-object.ts';
import { JsonDocumentSchema } from './revision.ts';
import { UserSchema } from './user.ts';

const Timestamp = Type.String({ format: 'date-time' });

/**
 * A body as the published `Document` takes it: `{ markdown }`, `{ document }` or `{}` (empty). One object rather
 * than the published `oneOf`, so a bad field is named; the service refuses `document` (Quire keeps Markdown).
 */
export const CommentBodyInput = Type.Object(
  { markdown: Type.Optional(Type.String({ maxLength: maxCommentBodyLength })), document: Type.Optional(FreeObject) },
  { additionalProperties: false },
);

/** `TableCellTarget`. */
const TableCell = Type.Object({ record: Type.String({ minLength: 1, maxLength: 128 }), definition: Type.String({ minLength: 1, maxLength: 128 }) });

const Reactions = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50 });

/** `PostCommentSchema`. */
export const CommentPostBody = Type.Object(
  { body: CommentBodyInput, page: Type.Optional(EntityId), node: Type.Optional(EntityId), tableCell: Type.Optional(TableCell) },
  { additionalProperties: false },
);

/** `UpdateCommentSchema`. */
export const CommentUpdateBody = Type.Object(
  { resolved: Type.Optional(Type.Boolean()), body: Type.Optional(CommentBodyInput), addedReactions: Type.Optional(Reactions), removedReactions: Type.Optional(Reactions) },
  { additionalProperties: false },
);

/** `PostCommentReplySchema`. */
export const CommentReplyPostBody = Type.Object({ body: CommentBodyInput }, { additionalProperties: false });

/** `UpdateCommentReplySchema`. */
export const CommentReplyUpdateBody = Type.Object(
  { body: Type.Optional(CommentBodyInput), addedReactions: Type.Optional(Reactions), removedReactions: Type.Optional(Reactions) },
  { additionalProperties: false },
);

/** The `format` query of comment reads (`documentFormat`). */
export const CommentFormatQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('markdown'), Type.Literal('document')])) });

/** The filters of listCommentsIn…: `order`, `status`, `targetPage`, `authors` (repeated: `authors=a&authors=b`). */
export const CommentListFilters = {
  ...CommentFormatQuery.properties,
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  status: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('open'), Type.Literal('resolved')])),
  targetPage: Type.Optional(EntityId),
  authors: Type.Optional(Type.Union([EntityId, Type.Array(EntityId, { maxItems: 100 })])),
};

const Body = Type.Object({ markdown: Type.Optional(Type.String()), document: Type.Optional(JsonDocumentSchema) });
const EmojiReactions = Type.Array(Type.Object({ emoji: Type.String(), count: Type.Number(), users: Type.Array(Type.Object({ user: UserSchema, reactedAt: Timestamp })) }));
const Permissions = Type.Object({ view: Type.Boolean(), edit: Type.Boolean(), reply: Type.Boolean(), delete: Type.Boolean() });

/** The published `Comment` (its Open and Resolved variants in one object: `resolvedAt`, `resolvedBy` when resolved). */
export const CommentSchema = Type.Unsafe<PublishedComment>(
  Type.Object({
    object: Type.Literal('comment'),
    id: Type.String(),
    postedBy: UserSchema,
    postedAt: Timestamp,
    editedAt: Type.Optional(Timestamp),
    reactions: EmojiReactions,
    replies: Type.Number(),
    repliers: Type.Array(Type.Object({ user: UserSchema, count: Type.Integer(), updatedAt: Timestamp })),
    body: Body,
    target: Type.Object({
      node: Type.Optional(Type.Object({ id: Type.String() })),
      tableCell: Type.Optional(TableCell),
      changeRequest: Type.Optional(Type.String()),
      page: Type.Optional(
        Type.Object({
          id: Type.String(),
          title: Type.Optional(Type.String()),
          emoji: Type.Optional(Type.String()),
          path: Type.Optional(Type.String()),
          outdated: Type.Boolean(),
        }),
      ),
      space: Type.String(),
      revision: Type.String(),
    }),
    urls: Type.Object({ location: Type.String({ format: 'uri' }) }),
    permissions: Permissions,
    status: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
    resolvedAt: Type.Optional(Timestamp),
    resolvedBy: Type.Optional(UserSchema),
  }),
);

/** The published `CommentReply`. */
export const CommentReplySchema = Type.Unsafe<PublishedCommentReply>(
  Type.Object({
    object: Type.Literal('comment-reply'),
    id: Type.String(),
    postedBy: UserSchema,
    postedAt: Timestamp,
    editedAt: Type.Optional(Timestamp),
    reactions: EmojiReactions,
    body: Body,
    urls: Type.Object({ location: Type.String({ format: 'uri' }) }),
    permissions: Permissions,
  }),
);

