import type { RevisionSnapshot } from '../../model/revision-snapshot.ts';
import { QuireError } from '../../errors/index.ts';
import type { SnapshotPage } from '../../model/index.ts';
import type { Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import type { ContentLocation } from './content-location.ts';
import { viewOf, type ContentReadOptions } from './content-revisions.ts';
import { openContent } from '../spaces/open-content.ts';
import type { PublishedJsonDocument, PublishedPage } from './published-content-shapes.ts';
import { documentsOf, type ServiceContext } from '../service-context.ts';
import { toPublishedPage } from './to-published-content.ts';
import { pageById, pageByPath } from './page-lookup.ts';

/**
 * The query of a single page read: `format` (`markdown`: the body as `markdown`; `document`: as a JSON
 * `document`; none: neither), and the published options Quire accepts and has nothing to do for:
 * `format.markdown.refs` (bodies keep their relative links), `evaluated` and `dereferenced` (no expressions or
 * references are expanded), `cachedMetadata`.
 */
export interface PageReadOptions extends ContentReadOptions {
  format?: 'markdown' | 'document';
  'format.markdown.refs'?: 'relative' | 'stable';
  evaluated?: boolean | 'true' | 'false' | 'deterministic-only';
  dereferenced?: boolean | 'true' | 'false' | 'reusable-contents';
  cachedMetadata?: boolean;
}

/**
 * A page by id at `location` (getPageById, getPageInChangeRequestById, getPageInRevisionById), with its
 * subpages and, with `format`, its body.
 *
 * @example
 * const page = await getContentPage(ctx, actor, spaceId, spaceContent, pageId, { format: 'markdown' });
 * page.markdown // → 'Run `npm i quire`.\n'
 */
export async function getContentPage(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, pageId: string, options: PageReadOptions = {}): Promise<PublishedPage> {
  const opened = await openContent(ctx, actor, spaceId, location);
  const page = pageById(opened.revision.pages, pageId);
  if (page === undefined) throw new QuireError('NOT_FOUND', `page ${pageId} does not exist in revision ${opened.revision.id}`, { kind: 'page', id: pageId });
  return withBody(ctx, opened.revision, toPublishedPage(page, viewOf(ctx, spaceId, opened)), options);
}

/**
 * A document or group page by its path (`guides/getting-started`, slashes and all) at `location`
 * (getPageByPath, getPageInChangeRequestByPath, getPageInRevisionByPath).
 *
 * @example
 * const page = await getContentPageByPath(ctx, actor, spaceId, spaceContent, 'guides/install', {});
 */
export async function getContentPageByPath(
  ctx: ServiceContext,
  actor: Actor,
  spaceId: string,
  location: ContentLocation,
  pagePath: string,
  options: PageReadOptions = {},
): Promise<PublishedPage> {
  const path = pagePath.replace(/^\/+|\/+$/g, '');
  const opened = await openContent(ctx, actor, spaceId, location);
  const page = pageByPath(opened.revision.pages, path);
  if (page === undefined) throw new QuireError('NOT_FOUND', `no page has the path "${path}" in revision ${opened.revision.id}`, { kind: 'page', path });
  return withBody(ctx, opened.revision, toPublishedPage(page, viewOf(ctx, spaceId, opened)), options);
}

/**
 * The JSON document of a page of a revision (getPageDocumentInRevisionById); an empty page has an empty
 * document, a page that is not a document has none (`NOT_FOUND`).
 *
 * @example
 * const document = await getPageDocument(ctx, actor, spaceId, revisionContent(revisionId), pageId);
 */
export async function getPageDocument(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, pageId: string): Promise<PublishedJsonDocument> {
  const { revision } = await openContent(ctx, actor, spaceId, location);
  const page = pageById(revision.pages, pageId);
  if (page === undefined || page.type !== 'document') throw new QuireError('NOT_FOUND', `page ${pageId} is not a document page of revision ${revision.id}`, { kind: 'page', id: pageId });
  return documentsOf(ctx).convert(await bodyOf(ctx.store, documentIdOfPage(page)), revision, { kind: 'page', id: page.id });
}

/**
 * The Markdown body a document id names ('' for none).
 *
 * @example
 * await bodyOf(store, page.documentId) // → '# Install\n…'
 */
export async function bodyOf(store: Pick<Store, 'getDocument'>, documentId: string | undefined): Promise<string> {
  return documentId === undefined ? '' : store.getDocument(documentId);
}

async function withBody(ctx: ServiceContext, revision: RevisionSnapshot, page: PublishedPage, options: PageReadOptions): Promise<PublishedPage> {
  if (options.format === undefined || page.type !== 'document') return page;
  const body = await bodyOf(ctx.store, page.documentId);
  return options.format === 'markdown' ? { ...page, markdown: body } : { ...page, document: await documentsOf(ctx).convert(body, revision, { kind: 'page', id: page.id }) };
}

function documentIdOfPage(page: SnapshotPage): string | undefined {
  return 'documentId' in page && typeof page.documentId === 'string' ? page.documentId : undefined;
}
