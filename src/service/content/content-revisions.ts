import { QuireError } from '../../errors/index.ts';
import type { ListOptions, StoredRevision } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import type { ContentLocation } from './content-location.ts';
import { openContent, revisionOfSpace, type OpenedContent } from '../spaces/open-content.ts';
import type { PublishedChangeRequest, PublishedFile, PublishedPage, PublishedRevision } from './published-content-shapes.ts';
import type { PublishedList } from '../published-shapes.ts';
import { readRevisionListCursor, revisionListPage } from './revision-list-page.ts';
import type { ServiceContext } from '../service-context.ts';
import { ChangeRequestUsers, toPublishedChangeRequest } from '../change-requests/to-published-change-request.ts';
import { toPublishedFile, toPublishedPages, toPublishedRevision, type ContentView } from './to-published-content.ts';

/**
 * The query every content read takes: `metadata` (default true; false leaves the revision's mutable `git` out)
 * and `computed` (default true; Quire has no computed content, so it changes nothing).
 */
export interface ContentReadOptions {
  metadata?: boolean;
  computed?: boolean;
}

/**
 * The revision at `location` as the published `Revision` (getCurrentRevision, getRevisionOfChangeRequestById,
 * getRevisionById).
 *
 * @example
 * const revision = await getContentRevision(ctx, actor, spaceId, spaceContent, { metadata: false });
 */
export async function getContentRevision(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, options: ContentReadOptions = {}): Promise<PublishedRevision> {
  const opened = await openContent(ctx, actor, spaceId, location);
  return publishRevision(ctx, opened.revision, { ...viewOf(ctx, spaceId, opened), metadata: options.metadata ?? true }, opened.access.space.revisionId);
}

/**
 * The page tree at `location`: `{ pages }` (listPages, listPagesInChangeRequest, listPagesInRevisionById).
 *
 * @example
 * const { pages } = await listContentPages(ctx, actor, spaceId, spaceContent);
 */
export async function listContentPages(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, _options: ContentReadOptions = {}): Promise<{ pages: PublishedPage[] }> {
  const opened = await openContent(ctx, actor, spaceId, location);
  return { pages: toPublishedPages(opened.revision.pages, viewOf(ctx, spaceId, opened)) };
}

/**
 * The files at `location`, in the list envelope (listFiles, listFilesInChangeRequestById,
 * listFilesInRevisionById). The cursor of `next.page` keeps reading the revision the walk started on.
 *
 * @example
 * const { items, next } = await listContentFiles(ctx, actor, spaceId, spaceContent, { limit: 100 });
 */
export async function listContentFiles(
  ctx: ServiceContext,
  actor: Actor,
  spaceId: string,
  location: ContentLocation,
  options: ContentReadOptions & ListOptions = {},
): Promise<PublishedList<PublishedFile>> {
  const scope = `files|${spaceId}|${JSON.stringify(location)}`;
  const cursor = readRevisionListCursor(options.page, scope);
  let revision: StoredRevision;
  if (cursor === undefined) {
    revision = (await openContent(ctx, actor, spaceId, location)).revision;
  } else {
    await spaceAccess(ctx, actor, spaceId);
    await revisionOfSpace(ctx, spaceId, cursor.revisionId).catch(() => {
      throw new QuireError('INVALID_ARGUMENT', 'page is not a cursor of this list (take it from next.page of the same list)', { field: 'page' });
    });
    revision = await ctx.store.getRevision(cursor.revisionId);
  }
  const page = revisionListPage(revision.files, cursor ?? { revisionId: revision.id, offset: 0 }, options, scope);
  return { ...page, items: page.items.map((file) => toPublishedFile(file, ctx.baseUrl, spaceId, revision.id)) };
}

/**
 * One file at `location` (getFileById, getFileInChangeRequestById, getFileInRevisionById); `NOT_FOUND` when the
 * revision has no such file.
 *
 * @example
 * const file = await getContentFile(ctx, actor, spaceId, spaceContent, fileId);
 * await fetch(file.downloadURL, { headers: { authorization } });
 */
export async function getContentFile(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, fileId: string, _options: ContentReadOptions = {}): Promise<PublishedFile> {
  const { revision } = await openContent(ctx, actor, spaceId, location);
  const file = revision.files.find((candidate) => candidate.id === fileId);
  if (file === undefined) throw new QuireError('NOT_FOUND', `file ${fileId} does not exist in revision ${revision.id}`, { kind: 'file', id: fileId });
  return toPublishedFile(file, ctx.baseUrl, spaceId, revision.id);
}

/**
 * The view of opened content: where it was read from, for the `urls` of its pages.
 *
 * @example
 * toPublishedPages(opened.revision.pages, viewOf(ctx, spaceId, opened));
 */
export function viewOf(ctx: ServiceContext, spaceId: string, opened: OpenedContent): ContentView {
  return { baseUrl: ctx.baseUrl, spaceId, location: opened.location };
}

/**
 * A stored revision as published, with the change request a `merge` revision came from read for `mergedFrom`
 * (its `outdated` judged against the space head `spaceHead`).
 *
 * @example
 * const published = await publishRevision(ctx, revision, view, space.revisionId);
 */
export async function publishRevision(ctx: ServiceContext, revision: StoredRevision, view: ContentView, spaceHead: string): Promise<PublishedRevision> {
  return toPublishedRevision(revision, view, await mergedFromOf(ctx, revision, spaceHead));
}

/**
 * The change request a `merge` revision came from, as published (its `outdated` judged against the space head
 * `spaceHead`); undefined for other revisions, and when the change request is gone.
 *
 * @example
 * toPublishedRevision(revision, view, await mergedFromOf(ctx, revision, space.revisionId)).mergedFrom?.number
 */
export async function mergedFromOf(ctx: ServiceContext, revision: StoredRevision, spaceHead: string): Promise<PublishedChangeRequest | undefined> {
  if (revision.mergedFromChangeRequest === undefined) return undefined;
  const changeRequest = await ctx.store.getChangeRequest(revision.space, revision.mergedFromChangeRequest).catch(() => undefined);
  return changeRequest === undefined ? undefined : toPublishedChangeRequest(changeRequest, spaceHead, new ChangeRequestUsers(ctx.store, ctx.baseUrl), ctx.baseUrl);
}
