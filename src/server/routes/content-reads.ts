import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TObject, type TProperties } from 'typebox';
import {
  getContentFile,
  getContentPage,
  getContentPageByPath,
  getContentReusableContent,
  getContentRevision,
  listContentFiles,
  listContentPages,
  type ContentLocation,
} from '../../service/index.ts';
import { actorOf, serviceContext } from '../request-context.ts';
import { ContentQuery, FilesQuery, PageQuery, PathQuery } from '../schemas/content-query.ts';
import { EntityId } from '../schemas/entity-id.ts';
import { errorResponses } from '../schemas/error-body.ts';
import { ListOf } from '../schemas/list.ts';
import { FileSchema, PageListSchema, PageSchema, ReusableContentSchema, RevisionSchema } from '../schemas/revision.ts';

/** Where a family of content routes reads: its path, its path parameters, and the content location they name. */
export interface ContentReadMount<P extends TProperties> {
  /** `/spaces/:spaceId/content`, `/spaces/:spaceId/change-requests/:changeRequestId/content`, `/spaces/:spaceId/revisions/:revisionId`. */
  root: string;
  params: P;
  locate(params: Record<string, string>): ContentLocation;
}

/**
 * The read routes of one place content lives (the space's content, a change request's, a revision), at the
 * published paths under `root`: the revision, `pages`, `files` (list envelope), `files/{fileId}`,
 * `page/{pageId}`, `path/{pagePath}` (any number of segments) and `reusable-contents/{reusableContentId}`.
 *
 * @example
 * await app.register(contentReadRoutes({ root: '/spaces/:spaceId/content', params: { spaceId: EntityId }, locate: () => spaceContent }));
 */
export function contentReadRoutes<P extends TProperties & { spaceId: typeof EntityId }>(mount: ContentReadMount<P>): FastifyPluginAsyncTypebox {
  const { root, locate } = mount;
  const Params: TObject<P> = Type.Object(mount.params);
  const With = <Q extends TProperties>(extra: Q) => Type.Object({ ...mount.params, ...extra });
  const place = (params: unknown) => {
    const values = params as Record<string, string>;
    return { spaceId: values.spaceId!, location: locate(values), param: (name: string) => values[name]! };
  };

  return async (app) => {
    app.get(root, { schema: { params: Params, querystring: ContentQuery, response: { 200: RevisionSchema, ...errorResponses } } }, async (request) => {
      const { spaceId, location } = place(request.params);
      return getContentRevision(serviceContext(request), actorOf(request), spaceId, location, request.query);
    });

    app.get(`${root}/pages`, { schema: { params: Params, querystring: ContentQuery, response: { 200: PageListSchema, ...errorResponses } } }, async (request) => {
      const { spaceId, location } = place(request.params);
      return listContentPages(serviceContext(request), actorOf(request), spaceId, location, request.query);
    });

    app.get(`${root}/files`, { schema: { params: Params, querystring: FilesQuery, response: { 200: ListOf(FileSchema), ...errorResponses } } }, async (request) => {
      const { spaceId, location } = place(request.params);
      return listContentFiles(serviceContext(request), actorOf(request), spaceId, location, request.query);
    });

    app.get(
      `${root}/files/:fileId`,
      { schema: { params: With({ fileId: EntityId }), querystring: ContentQuery, response: { 200: FileSchema, ...errorResponses } } },
      async (request) => {
        const { spaceId, location, param } = place(request.params);
        return getContentFile(serviceContext(request), actorOf(request), spaceId, location, param('fileId'), request.query);
      },
    );

    app.get(
      `${root}/page/:pageId`,
      { schema: { params: With({ pageId: EntityId }), querystring: PageQuery, response: { 200: PageSchema, ...errorResponses } } },
      async (request) => {
        const { spaceId, location, param } = place(request.params);
        return getContentPage(serviceContext(request), actorOf(request), spaceId, location, param('pageId'), request.query);
      },
    );

    // The official client puts `guides/getting-started` in the path as it is: the page path is every segment left.
    app.get(
      `${root}/path/*`,
      { schema: { params: With({ '*': Type.String({ maxLength: 2048 }) }), querystring: PathQuery, response: { 200: PageSchema, ...errorResponses } } },
      async (request) => {
        const { spaceId, location, param } = place(request.params);
        return getContentPageByPath(serviceContext(request), actorOf(request), spaceId, location, param('*'), request.query);
      },
    );

    app.get(
      `${root}/reusable-contents/:reusableContentId`,
      { schema: { params: With({ reusableContentId: EntityId }), querystring: ContentQuery, response: { 200: ReusableContentSchema, ...errorResponses } } },
      async (request) => {
        const { spaceId, location, param } = place(request.params);
        return getContentReusableContent(serviceContext(request), actorOf(request), spaceId, location, param('reusableContentId'), request.query);
      },
    );
  };
}
