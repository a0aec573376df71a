import { sql } from 'kysely';
import { QuireError } from '../../errors/index.ts';
import type { CommentRepliesTable, CommentsTable } from '../database-schema.ts';
import { checkOneOf, checkText, notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { selectMembersWithUsers, toMember, type MemberRecord } from '../organizations/members.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { StoreContext } from '../store-context.ts';
import { toUser, type UserRecord } from '../organizations/users.ts';

/** Where comments live: a space's own discussion, or a change request's (`changeRequestId`: its id). */
export interface CommentScope {
  spaceId: string;
  changeRequestId?: string;
}

/** A table cell a comment is attached to (the published `TableCellTarget`). */
export interface TableCellRef {
  record: string;
  definition: string;
}

/** Users who reacted with one emoji, first reaction first (the published `EmojiReaction` without `count`). */
export interface ReactionRecord {
  emoji: string;
  users: { user: UserRecord; reactedAt: string }[];
}

/** A comment (the published `Comment` that is data), with its reply counts and reactions. */
export interface CommentRecord {
  id: string;
  spaceId: string;
  changeRequestId?: string;
  /** The revision it was posted on: where its target page and node are found. */
  revisionId: string;
  pageId?: string;
  nodeId?: string;
  tableCell?: TableCellRef;
  /** Markdown. */
  body: string;
  postedBy: UserRecord;
  postedAt: string;
  editedAt?: string;
  /** Set while resolved; absent while open. */
  resolved?: { at: string; by: UserRecord };
  replies: number;
  /** Who replied, how many times and when last (the published `UserContributor`). */
  repliers: { user: UserRecord; count: number; updatedAt: string }[];
  reactions: ReactionRecord[];
}

/** A reply to a comment. */
export interface CommentReplyRecord {
  id: string;
  commentId: string;
  body: string;
  postedBy: UserRecord;
  postedAt: string;
  editedAt?: string;
  reactions: ReactionRecord[];
}

export interface NewComment extends CommentScope {
  revisionId: string;
  pageId?: string;
  nodeId?: string;
  tableCell?: TableCellRef;
  body: string;
  /** A user id. */
  postedBy: string;
}

/** Reactions of one user to add and remove (added first; adding one already there, or removing one absent, is a no-op). */
export interface ReactionChange {
  userId: string;
  added?: readonly string[];
  removed?: readonly string[];
}

export interface CommentPatch {
  body?: string;
  /** A user id: resolve (a resolved comment stays as it was); null: reopen. */
  resolvedBy?: string | null;
  reactions?: ReactionChange;
}

export interface CommentReplyPatch {
  body?: string;
  reactions?: ReactionChange;
}

export interface CommentFilter {
  /** Default `all`. */
  status?: 'all' | 'open' | 'resolved';
  /** Only comments on this page. */
  pageId?: string;
  /** Only comments posted by these users. */
  authors?: readonly string[];
  /** By posting time; default `desc` (newest first), as the published list. */
  order?: 'asc' | 'desc';
}

/** The longest comment or reply body, in characters: a discussion, not a page (pages go through content). */
export const maxCommentBodyLength = 50_000;

export interface CommentStore {
  /**
   * Posts a comment, and counts it in its space's (or change request's) open comments, in one transaction.
   * `NOT_FOUND` when the space or change request does not exist.
   *
   * @example
   * const comment = await store.createComment({ spaceId, revisionId: space.revisionId, body: 'Typo?', postedBy: ada.id });
   */
  createComment(input: NewComment): Promise<CommentRecord>;
  /** A comment of `scope`; `NOT_FOUND` otherwise (a change request's comments are not the space's, nor the reverse). */
  getComment(scope: CommentScope, commentId: string): Promise<CommentRecord>;
  /**
   * Edits the body, resolves or reopens, adds and removes reactions; the open-comment counter follows a
   * resolution change in the same transaction, and only when the status really changed.
   *
   * @example
   * await store.updateComment(scope, comment.id, { resolvedBy: ada.id });
   */
  updateComment(scope: CommentScope, commentId: string, patch: CommentPatch): Promise<CommentRecord>;
  /** Deletes a comment with its replies and reactions (uncounting it when it was open); false when there was none. */
  deleteComment(scope: CommentScope, commentId: string): Promise<boolean>;
  listComments(scope: CommentScope, filter?: CommentFilter, options?: ListOptions): Promise<ListPage<CommentRecord>>;
  /** Posts a reply; `NOT_FOUND` when the comment is not in `scope`. */
  createCommentReply(scope: CommentScope, commentId: string, input: { body: string; postedBy: string }): Promise<CommentReplyRecord>;
  getCommentReply(scope: CommentScope, commentId: string, replyId: string): Promise<CommentReplyRecord>;
  updateCommentReply(scope: CommentScope, commentId: string, replyId: string, patch: CommentReplyPatch): Promise<CommentReplyRecord>;
  /** Deletes a reply with its reactions; false when there was none. `NOT_FOUND` when the comment is not in `scope`. */
  deleteCommentReply(scope: CommentScope, commentId: string, replyId: string): Promise<boolean>;
  /** Replies oldest first, as a conversation reads. */
  listCommentReplies(scope: CommentScope, commentId: string, options?: ListOptions): Promise<ListPage<CommentReplyRecord>>;
  /**
   * Members of the space's organization who posted a comment or a reply in `scope`, by user id. Users who left
   * the organization are not listed (the published items are `OrganizationMember`s).
   */
  listCommenters(scope: CommentScope, organizationId: string, options?: ListOptions): Promise<ListPage<MemberRecord>>;
}

/**
 * The comment methods of a Store.
 *
 * @example
 * const comments = commentStore(context);
 */
export function commentStore(context: StoreContext): CommentStore {
  const scoped = (scope: CommentScope) => {
    const query = context.db().selectFrom('comments').selectAll().where('space_id', '=', scope.spaceId);
    return scope.changeRequestId === undefined ? query.where('change_request_id', 'is', null) : query.where('change_request_id', '=', scope.changeRequestId);
  };
  const row = async (scope: CommentScope, commentId: string): Promise<CommentsTable> => {
    const found = await scoped(scope).where('id', '=', commentId).executeTakeFirst();
    if (found === undefined) throw notFound('comment', commentId);
    return found;
  };
  const get = async (scope: CommentScope, commentId: string): Promise<CommentRecord> => {
    const [comment] = await toComments(context, [await row(scope, commentId)]);
    return comment!;
  };
  const replyRow = async (commentId: string, replyId: string): Promise<CommentRepliesTable> => {
    const found = await context.db().selectFrom('comment_replies').selectAll().where('comment_id', '=', commentId).where('id', '=', replyId).executeTakeFirst();
    if (found === undefined) throw notFound('comment reply', replyId);
    return found;
  };
  const getReply = async (scope: CommentScope, commentId: string, replyId: string): Promise<CommentReplyRecord> => {
    await row(scope, commentId);
    const [reply] = await toReplies(context, commentId, [await replyRow(commentId, replyId)]);
    return reply!;
  };
  /** Adds `delta` to the open comments of the scope's change request, or of its space. */
  const count = async (scope: CommentScope, delta: number): Promise<void> => {
    if (delta === 0) return;
    if (scope.changeRequestId === undefined) {
      await context.db().updateTable('spaces').set((eb) => ({ comments: eb('comments', '+', delta) })).where('id', '=', scope.spaceId).execute();
    } else {
      await context.db().updateTable('change_requests').set((eb) => ({ comments: eb('comments', '+', delta) })).where('id', '=', scope.changeRequestId).execute();
    }
  };
  const react = async (commentId: string, replyId: string, change: ReactionChange | undefined): Promise<void> => {
    if (change === undefined) return;
    const added = (change.added ?? []).map((emoji, index) => checkEmoji(`addedReactions/${index}`, emoji));
    const removed = (change.removed ?? []).map((emoji, index) => checkEmoji(`removedReactions/${index}`, emoji));
    const reactedAt = context.timestamp();
    for (const emoji of new Set(added)) {
      // The primary key makes a second reaction of the same user with the same emoji a no-op, even when two
      // requests add it at once.
      await context
        .db()
        .insertInto('comment_reactions')
        .values({ comment_id: commentId, reply_id: replyId, user_id: change.userId, emoji, reacted_at: reactedAt })
        .onConflict((conflict) => conflict.columns(['comment_id', 'reply_id', 'user_id', 'emoji']).doNothing())
        .execute();
    }
    if (removed.length > 0) {
      await context
        .db()
        .deleteFrom('comment_reactions')
        .where('comment_id', '=', commentId)
        .where('reply_id', '=', replyId)
        .where('user_id', '=', change.userId)
        .where('emoji', 'in', removed)
        .execute();
    }
  };
  return {
    async createComment(input) {
      const scope: CommentScope = { spaceId: input.spaceId, ...(input.changeRequestId === undefined ? {} : { changeRequestId: input.changeRequestId }) };
      return context.transaction(async () => {
        await requireScope(context, scope);
        const now = context.timestamp();
        const record: CommentsTable = {
          id: context.newId(),
          space_id: input.spaceId,
          change_request_id: input.changeRequestId ?? null,
          revision_id: input.revisionId,
          page_id: input.pageId === undefined ? null : checkText('page', input.pageId, { min: 1, max: 128 }),
          node_id: input.nodeId === undefined ? null : checkText('node', input.nodeId, { min: 1, max: 128 }),
          table_cell: input.tableCell === undefined ? null : jsonColumn(checkTableCell(input.tableCell)),
          body: checkBody(input.body),
          posted_by: input.postedBy,
          posted_at: now,
          edited_at: null,
          resolved_at: null,
          resolved_by: null,
        };
        await context.db().insertInto('comments').values(record).execute();
        await count(scope, 1);
        return get(scope, record.id);
      });
    },
    getComment: get,
    async updateComment(scope, commentId, patch) {
      return context.transaction(async () => {
        await row(scope, commentId);
        const body = patch.body === undefined ? undefined : checkBody(patch.body);
        if (body !== undefined) {
          await context.db().updateTable('comments').set({ body, edited_at: context.timestamp() }).where('id', '=', commentId).execute();
        }
        if (patch.resolvedBy !== undefined) {
          // Conditional on the current status, so the counter moves once per real change even when two
          // requests resolve (or reopen) the same comment at once.
          const changed =
            patch.resolvedBy === null
              ? await context.db().updateTable('comments').set({ resolved_at: null, resolved_by: null }).where('id', '=', commentId).where('resolved_at', 'is not', null).executeTakeFirst()
              : await context
                  .db()
                  .updateTable('comments')
                  .set({ resolved_at: context.timestamp(), resolved_by: patch.resolvedBy })
                  .where('id', '=', commentId)
                  .where('resolved_at', 'is', null)
                  .executeTakeFirst();
          if (changed.numUpdatedRows > 0n) await count(scope, patch.resolvedBy === null ? 1 : -1);
        }
        await react(commentId, '', patch.reactions);
        return get(scope, commentId);
      });
    },
    async deleteComment(scope, commentId) {
      return context.transaction(async () => {
        let query = context.db().deleteFrom('comments').where('id', '=', commentId).where('space_id', '=', scope.spaceId);
        query = scope.changeRequestId === undefined ? query.where('change_request_id', 'is', null) : query.where('change_request_id', '=', scope.changeRequestId);
        // RETURNING tells, atomically, whether this call deleted it and whether it was open: only an open
        // comment was counted.
        const deleted = await query.returning('resolved_at').executeTakeFirst();
        if (deleted === undefined) return false;
        if (deleted.resolved_at === null) await count(scope, -1);
        return true;
      });
    },
    listComments(scope, filter = {}, options = {}) {
      let query = scoped(scope);
      const status = checkOneOf('status', filter.status ?? 'all', ['all', 'open', 'resolved'] as const);
      if (status === 'open') query = query.where('resolved_at', 'is', null);
      if (status === 'resolved') query = query.where('resolved_at', 'is not', null);
      if (filter.pageId !== undefined) query = query.where('page_id', '=', filter.pageId);
      const authors = filter.authors === undefined ? undefined : [...new Set(filter.authors)].sort();
      if (authors !== undefined) query = authors.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('posted_by', 'in', authors);
      const direction = checkOneOf('order', filter.order ?? 'desc', ['asc', 'desc'] as const);
      return listPage(
        query,
        {
          scope: `comments|${scope.spaceId}|${scope.changeRequestId ?? ''}|${status}|${filter.pageId ?? ''}|${authors?.join(',') ?? '*'}|${direction}`,
          keys: [
            { column: 'posted_at', direction, value: (comment) => comment.posted_at },
            { column: 'id', direction, value: (comment) => comment.id },
          ],
        },
        options,
        (rows) => toComments(context, rows),
      );
    },
    async createCommentReply(scope, commentId, input) {
      return context.transaction(async () => {
        await row(scope, commentId);
        const record: CommentRepliesTable = {
          id: context.newId(),
          comment_id: commentId,
          body: checkBody(input.body),
          posted_by: input.postedBy,
          posted_at: context.timestamp(),
          edited_at: null,
        };
        await context.db().insertInto('comment_replies').values(record).execute();
        return getReply(scope, commentId, record.id);
      });
    },
    getCommentReply: getReply,
    async updateCommentReply(scope, commentId, replyId, patch) {
      return context.transaction(async () => {
        await row(scope, commentId);
        await replyRow(commentId, replyId);
        if (patch.body !== undefined) {
          const body = checkBody(patch.body);
          await context.db().updateTable('comment_replies').set({ body, edited_at: context.timestamp() }).where('id', '=', replyId).execute();
        }
        await react(commentId, replyId, patch.reactions);
        return getReply(scope, commentId, replyId);
      });
    },
    async deleteCommentReply(scope, commentId, replyId) {
      return context.transaction(async () => {
        await row(scope, commentId);
        const result = await context.db().deleteFrom('comment_replies').where('comment_id', '=', commentId).where('id', '=', replyId).executeTakeFirst();
        await context.db().deleteFrom('comment_reactions').where('comment_id', '=', commentId).where('reply_id', '=', replyId).execute();
        return result.numDeletedRows > 0n;
      });
    },
    async listCommentReplies(scope, commentId, options = {}) {
      await row(scope, commentId);
      const query = context.db().selectFrom('comment_replies').selectAll().where('comment_id', '=', commentId);
      return listPage(
        query,
        {
          scope: `comment-replies|${commentId}`,
          keys: [
            { column: 'posted_at', direction: 'asc', value: (reply) => reply.posted_at },
            { column: 'id', direction: 'asc', value: (reply) => reply.id },
          ],
        },
        options,
        (rows) => toReplies(context, commentId, rows),
      );
    },
    listCommenters(scope, organizationId, options = {}) {
      const commentsOfScope = () => {
        const query = context.db().selectFrom('comments').where('comments.space_id', '=', scope.spaceId);
        return scope.changeRequestId === undefined ? query.where('comments.change_request_id', 'is', null) : query.where('comments.change_request_id', '=', scope.changeRequestId);
      };
      // The members who commented, each with its user, in one query per page.
      const query = selectMembersWithUsers(context)
        .where('memberships.organization_id', '=', organizationId)
        .where((eb) =>
          eb.or([
            eb('memberships.user_id', 'in', commentsOfScope().select('comments.posted_by')),
            eb('memberships.user_id', 'in', commentsOfScope().innerJoin('comment_replies', 'comment_replies.comment_id', 'comments.id').select('comment_replies.posted_by')),
          ]),
        );
      return listPage(
        query,
        {
          scope: `commenters|${scope.spaceId}|${scope.changeRequestId ?? ''}|${organizationId}`,
          keys: [{ column: 'memberships.user_id', direction: 'asc', value: (member) => member.user_id }],
        },
        options,
        (rows) => rows.map(toMember),
      );
    },
  };
}

/** `NOT_FOUND` unless the space (and the change request, in it) exist. */
async function requireScope(context: StoreContext, scope: CommentScope): Promise<void> {
  const space = await context.db().selectFrom('spaces').select('id').where('id', '=', scope.spaceId).executeTakeFirst();
  if (space === undefined) throw notFound('space', scope.spaceId);
  if (scope.changeRequestId === undefined) return;
  const changeRequest = await context
    .db()
    .selectFrom('change_requests')
    .select('id')
    .where('id', '=', scope.changeRequestId)
    .where('space_id', '=', scope.spaceId)
    .executeTakeFirst();
  if (changeRequest === undefined) throw notFound('change request', scope.changeRequestId);
}

function checkBody(body: unknown): string {
  return checkText('body', body, { max: maxCommentBodyLength });
}

function checkTableCell(cell: TableCellRef): TableCellRef {
  return { record: checkText('tableCell/record', cell.record, { min: 1, max: 128 }), definition: checkText('tableCell/definition', cell.definition, { min: 1, max: 128 }) };
}

/** Pictographs, flags (regional indicators) and keycaps: what an emoji reaction is made of. */
const emojiPattern = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3)(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\uFE0F|\u200D|\u20E3|[\u{E0020}-\u{E007F}])*$/u;

/**
 * Checks an emoji of a reaction: one emoji (with its modifiers, joiners, flags), at most 50 characters as the
 * published `Emoji`.
 *
 * @example
 * checkEmoji('addedReactions/0', '👍🏽') // → '👍🏽'
 */
export function checkEmoji(field: string, emoji: unknown): string {
  const text = checkText(field, emoji, { min: 1, max: 50 });
  if (!emojiPattern.test(text)) throw new QuireError('INVALID_ARGUMENT', `${field} must be an emoji such as 👍, not ${JSON.stringify(text)}`, { field });
  return text;
}

async function usersById(context: StoreContext, ids: Iterable<string>): Promise<Map<string, UserRecord>> {
  const unique = [...new Set(ids)];
  const users = new Map<string, UserRecord>();
  if (unique.length === 0) return users;
  for (const user of await context.db().selectFrom('users').selectAll().where('id', 'in', unique).execute()) users.set(user.id, toUser(user));
  return users;
}

async function reactionsOf(context: StoreContext, commentIds: readonly string[], replyIds: readonly string[] | undefined): Promise<{ rows: { comment_id: string; reply_id: string; user_id: string; emoji: string; reacted_at: string }[] }> {
  if (commentIds.length === 0 || replyIds?.length === 0) return { rows: [] };
  let query = context.db().selectFrom('comment_reactions').selectAll().where('comment_id', 'in', [...commentIds]);
  query = replyIds === undefined ? query.where('reply_id', '=', '') : query.where('reply_id', 'in', [...replyIds]);
  return { rows: await query.orderBy('reacted_at').orderBy('user_id').orderBy('emoji').execute() };
}

/** Groups reaction rows by emoji, in order of each emoji's first reaction. */
function groupReactions(rows: readonly { user_id: string; emoji: string; reacted_at: string }[], users: Map<string, UserRecord>): ReactionRecord[] {
  const byEmoji = new Map<string, ReactionRecord>();
  for (const reaction of rows) {
    let group = byEmoji.get(reaction.emoji);
    if (group === undefined) byEmoji.set(reaction.emoji, (group = { emoji: reaction.emoji, users: [] }));
    group.users.push({ user: users.get(reaction.user_id)!, reactedAt: reaction.reacted_at });
  }
  return [...byEmoji.values()];
}

/** Comment rows → records, with their authors, resolvers, reply counts and reactions read in a few queries. */
async function toComments(context: StoreContext, rows: readonly CommentsTable[]): Promise<CommentRecord[]> {
  const ids = rows.map((comment) => comment.id);
  const repliers =
    ids.length === 0
      ? []
      : await context
          .db()
          .selectFrom('comment_replies')
          .select(['comment_id', 'posted_by', (eb) => eb.fn.countAll<string | number>().as('n'), (eb) => eb.fn.max('posted_at').as('last')])
          .where('comment_id', 'in', ids)
          .groupBy(['comment_id', 'posted_by'])
          .execute();
  const { rows: reactions } = await reactionsOf(context, ids, undefined);
  const users = await usersById(context, [
    ...rows.flatMap((comment) => [comment.posted_by, ...(comment.resolved_by === null ? [] : [comment.resolved_by])]),
    ...repliers.map((replier) => replier.posted_by),
    ...reactions.map((reaction) => reaction.user_id),
  ]);
  return rows.map((comment) => {
    const mine = repliers.filter((replier) => replier.comment_id === comment.id).sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : 0));
    const tableCell = parseJsonColumn<TableCellRef>(comment.table_cell);
    return {
      id: comment.id,
      spaceId: comment.space_id,
      ...(comment.change_request_id === null ? {} : { changeRequestId: comment.change_request_id }),
      revisionId: comment.revision_id,
      ...(comment.page_id === null ? {} : { pageId: comment.page_id }),
      ...(comment.node_id === null ? {} : { nodeId: comment.node_id }),
      ...(tableCell === undefined ? {} : { tableCell }),
      body: comment.body,
      postedBy: users.get(comment.posted_by)!,
      postedAt: comment.posted_at,
      ...(comment.edited_at === null ? {} : { editedAt: comment.edited_at }),
      ...(comment.resolved_at === null || comment.resolved_by === null ? {} : { resolved: { at: comment.resolved_at, by: users.get(comment.resolved_by)! } }),
      replies: mine.reduce((sum, replier) => sum + Number(replier.n), 0),
      repliers: mine.map((replier) => ({ user: users.get(replier.posted_by)!, count: Number(replier.n), updatedAt: String(replier.last) })),
      reactions: groupReactions(
        reactions.filter((reaction) => reaction.comment_id === comment.id),
        users,
      ),
    };
  });
}

async function toReplies(context: StoreContext, commentId: string, rows: readonly CommentRepliesTable[]): Promise<CommentReplyRecord[]> {
  const { rows: reactions } = await reactionsOf(
    context,
    [commentId],
    rows.map((reply) => reply.id),
  );
  const users = await usersById(context, [...rows.map((reply) => reply.posted_by), ...reactions.map((reaction) => reaction.user_id)]);
  return rows.map((reply) => ({
    id: reply.id,
    commentId: reply.comment_id,
    body: reply.body,
    postedBy: users.get(reply.posted_by)!,
    postedAt: reply.posted_at,
    ...(reply.edited_at === null ? {} : { editedAt: reply.edited_at }),
    reactions: groupReactions(
      reactions.filter((reaction) => reaction.reply_id === reply.id),
      users,
    ),
  }));
}
