import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  deleteComment,
  deleteCommentReply,
  getComment,
  getCommentReply,
  listCommenters,
  listCommentReplies,
  listComments,
  postComment,
  postCommentReply,
  updateComment,
  updateCommentReply,
  type CommentPlace,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import {
  CommentFormatQuery,
  CommentListFilters,
  CommentPostBody,
  CommentReplyPostBody,
  CommentReplySchema,
  CommentReplyUpdateBody,
  CommentSchema,
  CommentUpdateBody,
} from '../schemas/comment.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf, PaginationQuery } from '../schemas/list.ts';
import { OrganizationMemberSchema } from '../schemas/organization-member.ts';

// `changeRequestId` is the change request's id or its number in the space.
const SpaceParams = Type.Object({ spaceId: EntityId });
const ChangeRequestParams = Type.Object({ spaceId: EntityId, changeRequestId: EntityId });
// 205 (deleted) and 204 (nothing to delete) carry no body.
const NoContent = Type.Unsafe<void>({ description: 'no content' });

type DiscussionParams = typeof SpaceParams | typeof ChangeRequestParams;
type TypedApp = FastifyInstance<never, never, never, never, TypeBoxTypeProvider>;

/**
 * Comments, replies and commenters of a space (the seed's ten Comments rows, plus listCommentRepliesInSpace) and
 * the same eleven operations of a change request (…InChangeRequest). Posts answer 200 as published; deletes
 * 205 (deleted) or 204 (did not exist).
 *
 * @example
 * await app.register(commentRoutes);
 */
export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  discussionRoutes(app as unknown as TypedApp, '/spaces/:spaceId', SpaceParams);
  discussionRoutes(app as unknown as TypedApp, '/spaces/:spaceId/change-requests/:changeRequestId', ChangeRequestParams);
};

function placeOf(params: { spaceId: string; changeRequestId?: string }): CommentPlace {
  return params.changeRequestId === undefined ? { spaceId: params.spaceId } : { spaceId: params.spaceId, changeRequestId: params.changeRequestId };
}

function discussionRoutes(app: TypedApp, prefix: string, Params: DiscussionParams): void {
  const CommentParams = Type.Object({ ...Params.properties, commentId: EntityId });
  const ReplyParams = Type.Object({ ...CommentParams.properties, commentReplyId: EntityId });

  app.get(
    `${prefix}/comments`,
    {
      schema: {
        params: Params,
        querystring: Type.Object({ ...PaginationQuery.properties, ...CommentListFilters }),
        response: { 200: ListOf(CommentSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, ...query } = request.query;
      return listComments(serviceContext(request), actorOf(request), placeOf(request.params), query, { ...(page === undefined ? {} : { page }), ...(limit === undefined ? {} : { limit }) });
    },
  );

  app.post(`${prefix}/comments`, { schema: { params: Params, body: CommentPostBody, response: { 200: CommentSchema, ...errorResponses } } }, async (request) =>
    postComment(serviceContext(request), actorOf(request), placeOf(request.params), request.body),
  );

  app.get(
    `${prefix}/comments/:commentId`,
    { schema: { params: CommentParams, querystring: CommentFormatQuery, response: { 200: CommentSchema, ...errorResponses } } },
    async (request) => getComment(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, request.query),
  );

  app.put(
    `${prefix}/comments/:commentId`,
    { schema: { params: CommentParams, body: CommentUpdateBody, response: { 200: CommentSchema, ...errorResponses } } },
    async (request) => updateComment(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, request.body),
  );

  app.delete(
    `${prefix}/comments/:commentId`,
    { schema: { params: CommentParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await deleteComment(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );

  app.get(
    `${prefix}/comments/:commentId/replies`,
    {
      schema: {
        params: CommentParams,
        querystring: Type.Object({ ...PaginationQuery.properties, ...CommentFormatQuery.properties }),
        response: { 200: ListOf(CommentReplySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, ...query } = request.query;
      return listCommentReplies(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, query, {
        ...(page === undefined ? {} : { page }),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  );

  app.post(
    `${prefix}/comments/:commentId/replies`,
    { schema: { params: CommentParams, body: CommentReplyPostBody, response: { 200: CommentReplySchema, ...errorResponses } } },
    async (request) => postCommentReply(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, request.body),
  );

  app.get(
    `${prefix}/comments/:commentId/replies/:commentReplyId`,
    { schema: { params: ReplyParams, querystring: CommentFormatQuery, response: { 200: CommentReplySchema, ...errorResponses } } },
    async (request) =>
      getCommentReply(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, request.params.commentReplyId, request.query),
  );

  app.put(
    `${prefix}/comments/:commentId/replies/:commentReplyId`,
    { schema: { params: ReplyParams, body: CommentReplyUpdateBody, response: { 200: CommentReplySchema, ...errorResponses } } },
    async (request) =>
      updateCommentReply(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, request.params.commentReplyId, request.body),
  );

  app.delete(
    `${prefix}/comments/:commentId/replies/:commentReplyId`,
    { schema: { params: ReplyParams, response: { 204: NoContent, 205: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await deleteCommentReply(serviceContext(request), actorOf(request), placeOf(request.params), request.params.commentId, request.params.commentReplyId);
      return reply.code(outcome === 'deleted' ? 205 : 204).send();
    },
  );

  app.get(
    `${prefix}/commenters`,
    { schema: { params: Params, querystring: PaginationQuery, response: { 200: ListOf(OrganizationMemberSchema), ...errorResponses } } },
    async (request) => listCommenters(serviceContext(request), actorOf(request), placeOf(request.params), request.query),
  );
}
