import { QuireError, isQuireError } from '../../errors/index.ts';
import type {
  ChangeRequestRecord,
  CommentRecord,
  CommentReplyRecord,
  CommentScope,
  ListOptions,
  ReactionRecord,
  Role,
  StoredPage,
  StoredRevision,
  TableCellRef,
} from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { absentWhenNotFound, requireLevel, spaceAccess, type SpaceAccess } from '../access/content-access.ts';
import { toPublishedList } from '../list-page.ts';
import { toPublishedMember, type PublishedMember } from '../organizations/to-published-member.ts';
import type { PublishedJsonDocument } from '../content/published-content-shapes.ts';
import type { PublishedList, PublishedUser } from '../published-shapes.ts';
import { resourceUrls } from '../resource-urls.ts';
import { atLeast } from '../access/role-rank.ts';
import { documentsOf, type ServiceContext } from '../service-context.ts';
import type { DeleteOutcome } from '../spaces/spaces.ts';
import { toPublishedUser } from '../to-published.ts';

/*
 * Comments and replies, on a space (`/spaces/{spaceId}/comments...`) or on one of its change requests
 * (`/spaces/{spaceId}/change-requests/{changeRequestId}/comments...`): the same rules in both places.
 *
 * Who may do what, from the caller's level on the space (content-access.ts):
 * - read the discussion: any level (`read` and up);
 * - post, reply, react, resolve and reopen: `comment` and up (the seed's "comment: access content and its
 *   discussions"; the published `permissions.reply` is "react or send a reply");
 * - edit a body: its author only, while still at `comment` or up;
 * - delete: its author (at `comment` or up), or a space admin.
 * `permissions` on each comment and reply tells the caller exactly this.
 */

/** Where a discussion is: a space's, or one of its change requests' (`changeRequestId`: its id or number). */
export interface CommentPlace {
  spaceId: string;
  changeRequestId?: string;
}

/** `Document` as the published bodies take it: `{ markdown }`, `{ document }` (refused: Quire stores Markdown) or `{}` (empty). */
export interface CommentBodyInput {
  markdown?: string;
  document?: unknown;
}

/** The body of postCommentInSpace / postCommentInChangeRequest (`PostCommentSchema`). */
export interface CommentPost {
  body: CommentBodyInput;
  page?: string;
  node?: string;
  tableCell?: TableCellRef;
}

/** The body of updateCommentInSpace / updateCommentInChangeRequest (`UpdateCommentSchema`). */
export interface CommentUpdate {
  resolved?: boolean;
  body?: CommentBodyInput;
  addedReactions?: string[];
  removedReactions?: string[];
}

/** The body of updateCommentReply… (`UpdateCommentReplySchema`). */
export type CommentReplyUpdate = Omit<CommentUpdate, 'resolved'>;

/** How bodies are answered: `markdown` (the default: it is what Quire stores) or a JSON `document`. */
export interface CommentReadOptions {
  format?: 'markdown' | 'document';
}

/** The query of listCommentsIn…: the published filters. */
export interface CommentListQuery extends CommentReadOptions {
  order?: 'asc' | 'desc';
  status?: 'all' | 'open' | 'resolved';
  targetPage?: string;
  authors?: string | string[];
}

/** `EmojiReaction`. */
export interface PublishedEmojiReaction {
  emoji: string;
  count: number;
  users: { user: PublishedUser; reactedAt: string }[];
}

/** The target page of a comment: the published `{ id }`, with the seed's `title`, `emoji`, `path` and `outdated`. */
export interface PublishedCommentPage {
  id: string;
  title?: string;
  emoji?: string;
  path?: string;
  /** True when the page is no longer in the current content (deleted): title and path are then as it was posted on. */
  outdated: boolean;
}

/** `Comment`. */
export interface PublishedComment {
  object: 'comment';
  id: string;
  postedBy: PublishedUser;
  postedAt: string;
  editedAt?: string;
  reactions: PublishedEmojiReaction[];
  replies: number;
  repliers: { user: PublishedUser; count: number; updatedAt: string }[];
  body: { markdown: string } | { document: PublishedJsonDocument };
  target: {
    node?: { id: string };
    tableCell?: TableCellRef;
    changeRequest?: string;
    page?: PublishedCommentPage;
    space: string;
    revision: string;
  };
  urls: { location: string };
  permissions: { view: boolean; edit: boolean; reply: boolean; delete: boolean };
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: PublishedUser;
}

/** `CommentReply`. */
export interface PublishedCommentReply {
  object: 'comment-reply';
  id: string;
  postedBy: PublishedUser;
  postedAt: string;
  editedAt?: string;
  reactions: PublishedEmojiReaction[];
  body: { markdown: string } | { document: PublishedJsonDocument };
  urls: { location: string };
  permissions: { view: boolean; edit: boolean; reply: boolean; delete: boolean };
}

/** An opened discussion: the caller's access, the store scope, and the content it is about. */
interface OpenedDiscussion {
  access: SpaceAccess;
  scope: CommentScope;
  /** The head revision now: the space's, or the change request's. */
  head: string;
  changeRequest?: ChangeRequestRecord;
}

async function openDiscussion(ctx: ServiceContext, actor: Actor, place: CommentPlace): Promise<OpenedDiscussion> {
  const access = await spaceAccess(ctx, actor, place.spaceId);
  if (place.changeRequestId === undefined) return { access, scope: { spaceId: place.spaceId }, head: access.space.revisionId };
  const changeRequest = await ctx.store.getChangeRequest(place.spaceId, place.changeRequestId);
  return { access, changeRequest, scope: { spaceId: place.spaceId, changeRequestId: changeRequest.id }, head: changeRequest.revision };
}

/**
 * Posts a comment (postCommentInSpace, postCommentInChangeRequest) on the space or change request, optionally on
 * a page of its current content, and on a node or table cell of that page. Needs the `comment` level.
 *
 * @example
 * const comment = await postComment(ctx, actor, { spaceId }, { body: { markdown: 'Is this still true?' }, page: pageId });
 */
export async function postComment(ctx: ServiceContext, actor: Actor, place: CommentPlace, post: CommentPost): Promise<PublishedComment> {
  const markdown = markdownOf(post.body, 'body');
  const opened = await openDiscussion(ctx, actor, place);
  requireLevel(opened.access.level, 'comment', `comment in space ${place.spaceId}`);
  if ((post.node !== undefined || post.tableCell !== undefined) && post.page === undefined) {
    throw new QuireError('INVALID_ARGUMENT', `${post.node !== undefined ? 'node' : 'tableCell'} needs page: a node or table cell is on a page`, { field: post.node !== undefined ? 'node' : 'tableCell' });
  }
  const pages = new PageTitles(ctx);
  if (post.page !== undefined && (await pages.find(opened.head, post.page)) === undefined) {
    throw new QuireError('NOT_FOUND', `page: page ${post.page} does not exist in revision ${opened.head}`, { field: 'page', kind: 'page', id: post.page });
  }
  const comment = await ctx.store.createComment({
    ...opened.scope,
    revisionId: opened.head,
    body: markdown,
    postedBy: actor.user.id,
    ...(post.page === undefined ? {} : { pageId: post.page }),
    ...(post.node === undefined ? {} : { nodeId: post.node }),
    ...(post.tableCell === undefined ? {} : { tableCell: post.tableCell }),
  });
  return new CommentView(ctx, actor, opened, {}, pages).comment(comment);
}

/**
 * A comment (getCommentInSpace, getCommentInChangeRequest).
 *
 * @example
 * const comment = await getComment(ctx, actor, { spaceId }, commentId, { format: 'document' });
 */
export async function getComment(ctx: ServiceContext, actor: Actor, place: CommentPlace, commentId: string, options: CommentReadOptions = {}): Promise<PublishedComment> {
  const opened = await openDiscussion(ctx, actor, place);
  return new CommentView(ctx, actor, opened, options).comment(await ctx.store.getComment(opened.scope, commentId));
}

/**
 * Comments of a space or change request (listCommentsInSpace, listCommentsInChangeRequest): newest first unless
 * `order: 'asc'`, filtered by `status` (default all), `targetPage` and `authors`.
 *
 * @example
 * const open = await listComments(ctx, actor, { spaceId }, { status: 'open' });
 */
export async function listComments(ctx: ServiceContext, actor: Actor, place: CommentPlace, query: CommentListQuery = {}, options: ListOptions = {}): Promise<PublishedList<PublishedComment>> {
  const opened = await openDiscussion(ctx, actor, place);
  const authors = query.authors === undefined ? undefined : Array.isArray(query.authors) ? query.authors : [query.authors];
  const page = await ctx.store.listComments(
    opened.scope,
    {
      ...(query.order === undefined ? {} : { order: query.order }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.targetPage === undefined ? {} : { pageId: query.targetPage }),
      ...(authors === undefined ? {} : { authors }),
    },
    options,
  );
  const view = new CommentView(ctx, actor, opened, query);
  return toPublishedList(page, (comment) => view.comment(comment));
}

/**
 * Resolves or reopens a comment, edits its body, adds and removes the caller's reactions
 * (updateCommentInSpace, updateCommentInChangeRequest). Everything needs the `comment` level; the body, being
 * its author too.
 *
 * @example
 * await updateComment(ctx, actor, { spaceId }, commentId, { resolved: true, addedReactions: ['👍'] });
 */
export async function updateComment(ctx: ServiceContext, actor: Actor, place: CommentPlace, commentId: string, update: CommentUpdate): Promise<PublishedComment> {
  const body = update.body === undefined ? undefined : markdownOf(update.body, 'body');
  const opened = await openDiscussion(ctx, actor, place);
  const current = await ctx.store.getComment(opened.scope, commentId);
  requireLevel(opened.access.level, 'comment', `update comment ${commentId}`);
  if (body !== undefined) requireAuthor(current.postedBy.id, actor, `edit the body of comment ${commentId}`);
  const updated = await ctx.store.updateComment(opened.scope, commentId, {
    ...(body === undefined ? {} : { body }),
    ...(update.resolved === undefined ? {} : { resolvedBy: update.resolved ? actor.user.id : null }),
    ...reactionChange(actor, update),
  });
  return new CommentView(ctx, actor, opened, {}).comment(updated);
}

/**
 * Deletes a comment with its replies (deleteCommentInSpace, deleteCommentInChangeRequest): `deleted` (205), or
 * `absent` (204) when there was none. Its author (at the `comment` level) or a space admin.
 *
 * @example
 * await deleteComment(ctx, actor, { spaceId }, commentId); // → 'deleted'
 */
export async function deleteComment(ctx: ServiceContext, actor: Actor, place: CommentPlace, commentId: string): Promise<DeleteOutcome> {
  const opened = await openDiscussion(ctx, actor, place);
  const comment = await absentWhenNotFound(() => ctx.store.getComment(opened.scope, commentId));
  if (comment === undefined) return 'absent';
  requireDeletable(opened.access.level, comment.postedBy.id, actor, `comment ${commentId}`);
  return (await ctx.store.deleteComment(opened.scope, commentId)) ? 'deleted' : 'absent';
}

/**
 * Replies to a comment, oldest first (listCommentRepliesInSpace, listCommentRepliesInChangeRequest).
 *
 * @example
 * const replies = await listCommentReplies(ctx, actor, { spaceId }, commentId);
 */
export async function listCommentReplies(
  ctx: ServiceContext,
  actor: Actor,
  place: CommentPlace,
  commentId: string,
  query: CommentReadOptions = {},
  options: ListOptions = {},
): Promise<PublishedList<PublishedCommentReply>> {
  const opened = await openDiscussion(ctx, actor, place);
  const comment = await ctx.store.getComment(opened.scope, commentId);
  const page = await ctx.store.listCommentReplies(opened.scope, commentId, options);
  const view = new CommentView(ctx, actor, opened, query);
  return toPublishedList(page, (reply) => view.reply(comment, reply));
}

/**
 * Posts a reply to a comment (postCommentReplyInSpace, postCommentReplyInChangeRequest). Needs the `comment` level.
 *
 * @example
 * await postCommentReply(ctx, actor, { spaceId }, commentId, { body: { markdown: 'Fixed.' } });
 */
export async function postCommentReply(ctx: ServiceContext, actor: Actor, place: CommentPlace, commentId: string, post: { body: CommentBodyInput }): Promise<PublishedCommentReply> {
  const markdown = markdownOf(post.body, 'body');
  const opened = await openDiscussion(ctx, actor, place);
  const comment = await ctx.store.getComment(opened.scope, commentId);
  requireLevel(opened.access.level, 'comment', `reply to comment ${commentId}`);
  const reply = await ctx.store.createCommentReply(opened.scope, commentId, { body: markdown, postedBy: actor.user.id });
  return new CommentView(ctx, actor, opened, {}).reply(comment, reply);
}

/**
 * A reply (getCommentReplyInSpace, getCommentReplyInChangeRequest).
 *
 * @example
 * const reply = await getCommentReply(ctx, actor, { spaceId }, commentId, replyId);
 */
export async function getCommentReply(
  ctx: ServiceContext,
  actor: Actor,
  place: CommentPlace,
  commentId: string,
  replyId: string,
  options: CommentReadOptions = {},
): Promise<PublishedCommentReply> {
  const opened = await openDiscussion(ctx, actor, place);
  const comment = await ctx.store.getComment(opened.scope, commentId);
  return new CommentView(ctx, actor, opened, options).reply(comment, await ctx.store.getCommentReply(opened.scope, commentId, replyId));
}

/**
 * Edits a reply's body (its author only) and adds or removes the caller's reactions (updateCommentReplyInSpace,
 * updateCommentReplyInChangeRequest). Needs the `comment` level.
 *
 * @example
 * await updateCommentReply(ctx, actor, { spaceId }, commentId, replyId, { body: { markdown: 'Fixed in #3.' } });
 */
export async function updateCommentReply(
  ctx: ServiceContext,
  actor: Actor,
  place: CommentPlace,
  commentId: string,
  replyId: string,
  update: CommentReplyUpdate,
): Promise<PublishedCommentReply> {
  const body = update.body === undefined ? undefined : markdownOf(update.body, 'body');
  const opened = await openDiscussion(ctx, actor, place);
  const comment = await ctx.store.getComment(opened.scope, commentId);
  const current = await ctx.store.getCommentReply(opened.scope, commentId, replyId);
  requireLevel(opened.access.level, 'comment', `update reply ${replyId}`);
  if (body !== undefined) requireAuthor(current.postedBy.id, actor, `edit the body of reply ${replyId}`);
  const updated = await ctx.store.updateCommentReply(opened.scope, commentId, replyId, { ...(body === undefined ? {} : { body }), ...reactionChange(actor, update) });
  return new CommentView(ctx, actor, opened, {}).reply(comment, updated);
}

/**
 * Deletes a reply (deleteCommentReplyInSpace, deleteCommentReplyInChangeRequest): `deleted` (205) or `absent`
 * (204). Its author (at the `comment` level) or a space admin.
 *
 * @example
 * await deleteCommentReply(ctx, actor, { spaceId }, commentId, replyId); // → 'deleted'
 */
export async function deleteCommentReply(ctx: ServiceContext, actor: Actor, place: CommentPlace, commentId: string, replyId: string): Promise<DeleteOutcome> {
  const opened = await openDiscussion(ctx, actor, place);
  await ctx.store.getComment(opened.scope, commentId);
  const reply = await absentWhenNotFound(() => ctx.store.getCommentReply(opened.scope, commentId, replyId));
  if (reply === undefined) return 'absent';
  requireDeletable(opened.access.level, reply.postedBy.id, actor, `reply ${replyId}`);
  return (await ctx.store.deleteCommentReply(opened.scope, commentId, replyId)) ? 'deleted' : 'absent';
}

/**
 * Members of the organization who commented or replied in the space or change request (listCommentersInSpace,
 * listCommentersInChangeRequest).
 *
 * @example
 * const { items } = await listCommenters(ctx, actor, { spaceId });
 */
export async function listCommenters(ctx: ServiceContext, actor: Actor, place: CommentPlace, options: ListOptions = {}): Promise<PublishedList<PublishedMember>> {
  const opened = await openDiscussion(ctx, actor, place);
  const organizationId = opened.access.space.organizationId;
  const page = await ctx.store.listCommenters(opened.scope, organizationId, options);
  const counts = await ctx.store.countMemberships(organizationId, page.items.map((member) => member.user.id));
  return toPublishedList(page, (member) => toPublishedMember(member, counts.get(member.user.id) ?? { spaces: 0, teams: 0 }, ctx.baseUrl));
}

/** The Markdown of a published `Document` body; `{}` is an empty body. */
function markdownOf(body: CommentBodyInput, field: string): string {
  if (body.document !== undefined) {
    throw new QuireError('INVALID_ARGUMENT', `${field}/document is not accepted: send the body as ${field}/markdown (Quire keeps comments as Markdown)`, { field: `${field}/document` });
  }
  return body.markdown ?? '';
}

function reactionChange(actor: Actor, update: { addedReactions?: string[]; removedReactions?: string[] }) {
  if (update.addedReactions === undefined && update.removedReactions === undefined) return {};
  return {
    reactions: {
      userId: actor.user.id,
      ...(update.addedReactions === undefined ? {} : { added: update.addedReactions }),
      ...(update.removedReactions === undefined ? {} : { removed: update.removedReactions }),
    },
  };
}

function requireAuthor(authorId: string, actor: Actor, action: string): void {
  if (authorId !== actor.user.id) throw new QuireError('PERMISSION_DENIED', `you may not ${action}: only its author may`, { needed: 'author' });
}

function requireDeletable(level: Role, authorId: string, actor: Actor, what: string): void {
  if (level === 'admin' || (authorId === actor.user.id && atLeast(level, 'comment'))) return;
  throw new QuireError('PERMISSION_DENIED', `you may not delete ${what}: only its author (at the comment level) or a space admin may, and your level is ${level}`, { level, needed: 'admin' });
}

function permissionsOf(level: Role, authorId: string, actor: Actor) {
  const canComment = atLeast(level, 'comment');
  const mine = authorId === actor.user.id;
  return { view: true, edit: mine && canComment, reply: canComment, delete: level === 'admin' || (mine && canComment) };
}

/** Page titles and paths of revisions, each revision read and indexed once. */
class PageTitles {
  readonly #ctx: ServiceContext;
  readonly #revisions = new Map<string, Promise<{ revision: StoredRevision; pages: Map<string, Omit<PublishedCommentPage, 'outdated'>> }>>();

  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  revision(revisionId: string) {
    let found = this.#revisions.get(revisionId);
    if (found === undefined) {
      found = this.#ctx.store.getRevision(revisionId).then((revision) => ({ revision, pages: indexPages(revision.pages) }));
      this.#revisions.set(revisionId, found);
    }
    return found;
  }

  async find(revisionId: string, pageId: string): Promise<Omit<PublishedCommentPage, 'outdated'> | undefined> {
    return (await this.revision(revisionId)).pages.get(pageId);
  }
}

function indexPages(pages: readonly StoredPage[]): Map<string, Omit<PublishedCommentPage, 'outdated'>> {
  const index = new Map<string, Omit<PublishedCommentPage, 'outdated'>>();
  const pending = [...pages];
  while (pending.length > 0) {
    const page = pending.pop()! as { id: string; title: string; emoji?: string; path?: string; pages?: StoredPage[] };
    index.set(page.id, {
      id: page.id,
      title: page.title,
      ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
      ...(page.path === undefined ? {} : { path: page.path }),
    });
    if (page.pages !== undefined) pending.push(...page.pages);
  }
  return index;
}

/** Turns records into the published shapes for one caller and one read (revisions read once). */
class CommentView {
  readonly #ctx: ServiceContext;
  readonly #actor: Actor;
  readonly #opened: OpenedDiscussion;
  readonly #format: 'markdown' | 'document';
  readonly #pages: PageTitles;

  constructor(ctx: ServiceContext, actor: Actor, opened: OpenedDiscussion, options: CommentReadOptions, pages = new PageTitles(ctx)) {
    this.#ctx = ctx;
    this.#actor = actor;
    this.#opened = opened;
    this.#format = options.format ?? 'markdown';
    this.#pages = pages;
  }

  async comment(comment: CommentRecord): Promise<PublishedComment> {
    const baseUrl = this.#ctx.baseUrl;
    return {
      object: 'comment',
      id: comment.id,
      postedBy: toPublishedUser(comment.postedBy, baseUrl),
      postedAt: comment.postedAt,
      ...(comment.editedAt === undefined ? {} : { editedAt: comment.editedAt }),
      reactions: this.#reactions(comment.reactions),
      replies: comment.replies,
      repliers: comment.repliers.map((replier) => ({ user: toPublishedUser(replier.user, baseUrl), count: replier.count, updatedAt: replier.updatedAt })),
      body: await this.#body(comment.body, comment.revisionId, comment.pageId),
      target: {
        ...(comment.nodeId === undefined ? {} : { node: { id: comment.nodeId } }),
        ...(comment.tableCell === undefined ? {} : { tableCell: comment.tableCell }),
        ...(comment.changeRequestId === undefined ? {} : { changeRequest: comment.changeRequestId }),
        ...(comment.pageId === undefined ? {} : { page: await this.#page(comment.pageId, comment.revisionId) }),
        space: comment.spaceId,
        revision: comment.revisionId,
      },
      urls: { location: this.#location(comment.id) },
      permissions: permissionsOf(this.#opened.access.level, comment.postedBy.id, this.#actor),
      ...(comment.resolved === undefined
        ? { status: 'open' as const }
        : { status: 'resolved' as const, resolvedAt: comment.resolved.at, resolvedBy: toPublishedUser(comment.resolved.by, baseUrl) }),
    };
  }

  async reply(comment: CommentRecord, reply: CommentReplyRecord): Promise<PublishedCommentReply> {
    return {
      object: 'comment-reply',
      id: reply.id,
      postedBy: toPublishedUser(reply.postedBy, this.#ctx.baseUrl),
      postedAt: reply.postedAt,
      ...(reply.editedAt === undefined ? {} : { editedAt: reply.editedAt }),
      reactions: this.#reactions(reply.reactions),
      body: await this.#body(reply.body, comment.revisionId, comment.pageId),
      urls: { location: `${this.#location(comment.id)}/replies/${encodeURIComponent(reply.id)}` },
      permissions: permissionsOf(this.#opened.access.level, reply.postedBy.id, this.#actor),
    };
  }

  /**
   * The target page as the current content has it; when it was deleted since, as the comment's revision has it,
   * marked `outdated` (the comment stays readable, and `target.revision` is where its page is found).
   */
  async #page(pageId: string, revisionId: string): Promise<PublishedCommentPage> {
    const now = await this.#pages.find(this.#opened.head, pageId);
    if (now !== undefined) return { ...now, outdated: false };
    const then = await this.#pages.find(revisionId, pageId).catch((error: unknown) => {
      if (isQuireError(error, 'NOT_FOUND')) return undefined;
      throw error;
    });
    return { ...(then ?? { id: pageId }), outdated: true };
  }

  async #body(markdown: string, revisionId: string, pageId: string | undefined): Promise<PublishedComment['body']> {
    if (this.#format === 'markdown') return { markdown };
    // Links in a comment resolve as they would on its page, in the revision it was posted on.
    const { revision } = await this.#pages.revision(revisionId);
    return { document: await documentsOf(this.#ctx).convert(markdown, revision, { kind: 'page', id: pageId ?? '' }) };
  }

  #reactions(reactions: readonly ReactionRecord[]): PublishedEmojiReaction[] {
    return reactions.map((reaction) => ({
      emoji: reaction.emoji,
      count: reaction.users.length,
      users: reaction.users.map((user) => ({ user: toPublishedUser(user.user, this.#ctx.baseUrl), reactedAt: user.reactedAt })),
    }));
  }

  #location(commentId: string): string {
    const { scope } = this.#opened;
    const base = resourceUrls.space(this.#ctx.baseUrl, scope.spaceId);
    const where = scope.changeRequestId === undefined ? '' : `/change-requests/${encodeURIComponent(scope.changeRequestId)}`;
    return `${base}${where}/comments/${encodeURIComponent(commentId)}`;
  }
}

/** A member as the published `OrganizationMember`. Quire does not count a member's spaces and sites yet (0). */
