import { extractLinks, type ExtractedLink, type LinkRelation } from '../../content/link-extraction.ts';
import { extractKey, extractKeysOf, missingExtracts, resolveLinkGraph, targetKey, type ExtractKey, type LinkGraph, type LinkOccurrence, type LinkStatus, type LinkTarget } from '../../content/link-graph.ts';
import { QuireError } from '../../errors/index.ts';
import { planLayout, type DirectoryLayout } from '../../format/directory-layout.ts';
import type { RevisionSnapshot } from '../../model/revision-snapshot.ts';
import { LruCache } from '../../store/lru-cache.ts';
import type { ListOptions } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { pageOfComputedList } from '../content/computed-list-page.ts';
import type { ContentLocation } from '../content/content-location.ts';
import { mergeBaseOf } from '../change-requests/merge-base.ts';
import { openContent, type OpenedContent } from '../spaces/open-content.ts';
import type { PublishedList } from '../published-shapes.ts';
import type { ServiceContext } from '../service-context.ts';

/*
 * Links and backlinks (issue 14; routes missing from the published spec, so the seed's shapes rule, with the
 * field names of the published `ContentRef*` and `ContentLocation*` schemas; docs/api-extensions.md). A link item
 * is one target of one relation, with every page whose body points at it; a backlink item is one page whose body
 * points at a file.
 */

/** Where content is, in a reference: the published `ContentLocation*` field names, with ids for values. */
interface VersionedPlace {
  organization: string;
  space: string;
  versionContext: { type: 'revision'; revision: string };
}

/** What a link points at (`targetReference`): `kind` and the ids of the published `ContentRef*` of that kind. */
export type LinkTargetReference =
  | ({ kind: 'page'; page: string } & VersionedPlace)
  | ({ kind: 'anchor'; page: string; anchor: string } & VersionedPlace)
  | ({ kind: 'file'; file: string } & VersionedPlace)
  | ({ kind: 'reusable-content'; reusableContent: string } & VersionedPlace)
  | { kind: 'url'; url: string };

/** Where a link is written (`locationReferences`), and a backlink item: a page of a revision. */
export type PageLocationReference = { kind: 'page'; page: string } & VersionedPlace;

export interface PublishedLink {
  status: LinkStatus;
  relation: LinkRelation;
  targetReference: LinkTargetReference;
  locationReferences: PageLocationReference[];
}

/**
 * `stats` of a link list, over the whole list whatever its `status` filter: how many link items, how many are
 * broken, and how many of those the change request introduced (`changeRequest`: broken in the change
 * request's content, not broken in the revision it branches from; 0 outside a change request).
 */
export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest: number };
}

export type PublishedLinkList = PublishedList<PublishedLink> & { stats: LinkStats };

export interface LinkListOptions extends ListOptions {
  status?: LinkStatus;
}

/** Resolved graphs by revision (and service address, which tells `in-app` URLs): a revision never changes. */
const graphs = new LruCache<LinkGraph>(500_000);

/**
 * Stores the links of the bodies a content batch wrote (`AppliedContentChanges.bodies`), at the paths the
 * batch's layout gives them: the work of a batch is its own pages', whatever the size of the space. Pages it
 * moved without a new body, and a batch that did not lay its tree out, leave their pairs to the first read
 * (`linkGraphOf` extracts what is missing, with the same result). Merges and updates write no new body but
 * those of text merges, extracted on first read the same way.
 *
 * @example
 * await recordBatchLinks(ctx, applied);
 */
export async function recordBatchLinks(
  ctx: ServiceContext,
  applied: { layout?: DirectoryLayout | undefined; documents: ReadonlyMap<string, string>; bodies: ReadonlyArray<{ page: string; documentId: string }> },
): Promise<void> {
  const { layout } = applied;
  if (layout === undefined || applied.bodies.length === 0) return;
  const keys = new Map<string, ExtractKey>();
  for (const { page, documentId } of applied.bodies) {
    const pagePath = layout.pages.get(page);
    if (pagePath !== undefined) keys.set(extractKey({ documentId, pagePath }), { documentId, pagePath });
  }
  const stored = await ctx.store.getLinkExtracts([...keys.values()]);
  const missing = [...keys.entries()].filter(([key]) => !stored.has(key)).map(([, key]) => key);
  if (missing.length === 0) return;
  const read = await ctx.store.getDocuments(missing.map((key) => key.documentId).filter((id) => !applied.documents.has(id)));
  await ctx.store.putLinkExtracts(missing.map((key) => ({ ...key, links: extractLinks(applied.documents.get(key.documentId) ?? read.get(key.documentId) ?? '', key.pagePath) })));
}

/**
 * The extracts of every (body, path) pair of a revision, by `extractKey`: those stored, and those missing
 * (pages moved or written by a merge), extracted now and stored, so the next read finds them. `documents` are
 * bodies at hand; others are read from the store.
 */
async function extractMissingLinks(
  ctx: ServiceContext,
  snapshot: RevisionSnapshot,
  given: { layout?: DirectoryLayout | undefined; documents?: ReadonlyMap<string, string> } = {},
): Promise<Map<string, readonly ExtractedLink[]>> {
  const layout = given.layout ?? planLayout(snapshot);
  const keys = extractKeysOf(snapshot, layout);
  const stored = await ctx.store.getLinkExtracts(keys);
  const missing = missingExtracts(snapshot, layout, (key) => stored.has(extractKey(key)));
  if (missing.length === 0) return stored;
  const unknown = missing.map((key) => key.documentId).filter((id) => !given.documents?.has(id));
  const read = unknown.length === 0 ? new Map<string, string>() : await ctx.store.getDocuments(unknown);
  const body = (id: string) => given.documents?.get(id) ?? read.get(id) ?? '';
  const extracted = missing.map((key) => ({ ...key, links: extractLinks(body(key.documentId), key.pagePath) }));
  await ctx.store.putLinkExtracts(extracted);
  for (const extract of extracted) stored.set(extractKey(extract), extract.links);
  return stored;
}

/**
 * The resolved links of a revision: from memory, or from the stored extracts (extracting, and storing, those
 * a revision written before links were recorded lacks: the same result as at write time).
 *
 * @example
 * const graph = await linkGraphOf(ctx, revision);
 */
export async function linkGraphOf(ctx: ServiceContext, revision: RevisionSnapshot & { id: string }): Promise<LinkGraph> {
  const prefix = `${ctx.baseUrl.replace(/\/+$/, '')}/`;
  const cacheKey = `${revision.id}\n${prefix}`;
  const cached = graphs.get(cacheKey);
  if (cached !== undefined) return cached;
  // Laid out once per revision: the graph made with it is what is kept.
  const layout = planLayout(revision);
  const extracts = await extractMissingLinks(ctx, revision, { layout });
  const graph = resolveLinkGraph(revision, layout, (key) => extracts.get(extractKey(key)), { inAppPrefixes: [prefix] });
  graphs.set(cacheKey, graph, Math.max(1, graph.occurrences.length));
  return graph;
}

/**
 * The links of a space's content (`GET /v1/spaces/{spaceId}/links`, a Quire extension of a seed route the
 * published spec lacks): one item per target and relation, with the pages where it is written, sorted by
 * target; `status` filters the items; `stats` counts the whole list. Needs read access to the space.
 *
 * @example
 * const { items, stats } = await listSpaceLinks(ctx, actor, spaceId, spaceContent, { status: 'broken' });
 */
export async function listSpaceLinks(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, options: LinkListOptions = {}): Promise<PublishedLinkList> {
  const opened = await openContent(ctx, actor, spaceId, location);
  return linkList(ctx, opened, undefined, `links|${spaceId}|${scopeOf(opened)}`, options);
}

/**
 * The links written in one page (`GET …/content/page/{pageId}/links`, in the space's content or a change
 * request's): as `listSpaceLinks`, for that page's body only. `NOT_FOUND` when the page is not in the content.
 *
 * @example
 * const { items } = await listPageLinks(ctx, actor, spaceId, changeRequestContent('2'), pageId, {});
 */
export async function listPageLinks(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, pageId: string, options: LinkListOptions = {}): Promise<PublishedLinkList> {
  const opened = await openContent(ctx, actor, spaceId, location);
  if (!hasPage(opened.revision.pages, pageId)) throw new QuireError('NOT_FOUND', `page ${pageId} does not exist in revision ${opened.revision.id}`, { kind: 'page', id: pageId });
  return linkList(ctx, opened, (occurrence) => occurrence.page === pageId, `links|${spaceId}|${scopeOf(opened)}|${pageId}`, options);
}

/**
 * The pages whose bodies point at a file (`GET …/content/files/{fileId}/backlinks`, in the space's content or a
 * change request's): one item per page, `{ kind: 'page', organization, space, versionContext, page }`, sorted by
 * page id. The seed's sample item shows `kind: 'file'`; the item is a content location, and the location of a
 * backlink is the page that holds it (the file is the one in the path). `NOT_FOUND` when the file is not in the
 * content.
 *
 * @example
 * const { items } = await listFileBacklinks(ctx, actor, spaceId, spaceContent, fileId, {});
 */
export async function listFileBacklinks(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, fileId: string, options: ListOptions = {}): Promise<PublishedList<PageLocationReference>> {
  const opened = await openContent(ctx, actor, spaceId, location);
  if (!opened.revision.files.some((file) => file.id === fileId)) throw new QuireError('NOT_FOUND', `file ${fileId} does not exist in revision ${opened.revision.id}`, { kind: 'file', id: fileId });
  const graph = await linkGraphOf(ctx, opened.revision);
  const pages = new Set<string>();
  for (const occurrence of graph.occurrences) if (occurrence.target.kind === 'file' && occurrence.target.file === fileId) pages.add(occurrence.page);
  const place = placeOf(opened);
  const items = [...pages].sort().map((page): PageLocationReference => ({ kind: 'page', ...place, page }));
  return pageOfComputedList(items, { scope: `backlinks|${spaceId}|${scopeOf(opened)}|${fileId}`, key: (item) => item.page }, options);
}

/** The grouped items of whole revisions (the space's list), by graph: grouping 50,000 links costs more than paging them. */
const spaceItems = new WeakMap<LinkGraph, Array<{ key: string; link: PublishedLink }>>();

async function linkList(ctx: ServiceContext, opened: OpenedContent, where: ((occurrence: LinkOccurrence) => boolean) | undefined, scope: string, options: LinkListOptions): Promise<PublishedLinkList> {
  const graph = await linkGraphOf(ctx, opened.revision);
  let items = where === undefined ? spaceItems.get(graph) : undefined;
  if (items === undefined) {
    items = linkItems(where === undefined ? graph.occurrences : graph.occurrences.filter(where), placeOf(opened));
    if (where === undefined) spaceItems.set(graph, items);
  }
  const broken = items.filter((item) => item.link.status === 'broken');
  const stats: LinkStats = { total: items.length, broken: { total: broken.length, changeRequest: await introducedBroken(ctx, opened, where, broken) } };
  const shown = options.status === undefined ? items : items.filter((item) => item.link.status === options.status);
  const page = pageOfComputedList(shown, { scope: `${scope}|${options.status ?? 'all'}`, key: (item) => item.key }, options);
  return { ...page, items: page.items.map((item) => item.link), stats };
}

/** Broken items of a change request's list that are not broken in the revision it branches from. */
async function introducedBroken(ctx: ServiceContext, opened: OpenedContent, where: ((occurrence: LinkOccurrence) => boolean) | undefined, broken: ReadonlyArray<{ key: string }>): Promise<number> {
  if (opened.changeRequest === undefined || broken.length === 0) return 0;
  const base = await ctx.store.getRevision(mergeBaseOf(opened.changeRequest));
  const before = new Set((await linkGraphOf(ctx, base)).occurrences.filter((occurrence) => occurrence.status === 'broken' && (where === undefined || where(occurrence))).map(itemKey));
  return broken.filter((item) => !before.has(item.key)).length;
}

function itemKey(occurrence: LinkOccurrence): string {
  return `${targetKey(occurrence.target)}\n${occurrence.relation}`;
}

/** Groups occurrences by target and relation, sorted by that key; locations in page-tree order, once each. */
function linkItems(occurrences: readonly LinkOccurrence[], place: VersionedPlace): Array<{ key: string; link: PublishedLink }> {
  const byKey = new Map<string, { key: string; occurrence: LinkOccurrence; pages: Set<string> }>();
  for (const occurrence of occurrences) {
    const key = itemKey(occurrence);
    const found = byKey.get(key);
    if (found === undefined) byKey.set(key, { key, occurrence, pages: new Set([occurrence.page]) });
    else found.pages.add(occurrence.page);
  }
  return [...byKey.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ key, occurrence, pages }) => ({
      key,
      link: {
        status: occurrence.status,
        relation: occurrence.relation,
        targetReference: targetReferenceOf(occurrence.target, place),
        locationReferences: [...pages].map((page) => ({ kind: 'page' as const, ...place, page })),
      },
    }));
}

function targetReferenceOf(target: LinkTarget, place: VersionedPlace): LinkTargetReference {
  switch (target.kind) {
    case 'page':
      return { kind: 'page', ...place, page: target.page };
    case 'anchor':
      return { kind: 'anchor', ...place, page: target.page, anchor: target.anchor };
    case 'file':
      return { kind: 'file', ...place, file: target.file };
    case 'reusable-content':
      return { kind: 'reusable-content', ...place, reusableContent: target.reusableContent };
    case 'url':
      return { kind: 'url', url: target.url };
    case 'missing':
      // What is missing has no id: the path (or id form) it was looked for under, with `status: 'broken'`.
      return { kind: 'url', url: target.written };
  }
}

function placeOf(opened: OpenedContent): VersionedPlace {
  return { organization: opened.access.space.organizationId, space: opened.access.space.id, versionContext: { type: 'revision', revision: opened.revision.id } };
}

function scopeOf(opened: OpenedContent): string {
  switch (opened.location.kind) {
    case 'space':
      return 'space';
    case 'change-request':
      return `change-request:${opened.location.changeRequestId}`;
    case 'revision':
      return `revision:${opened.location.revisionId}`;
  }
}

function hasPage(pages: RevisionSnapshot['pages'], pageId: string): boolean {
  const walk = (list: readonly { id: string; pages?: readonly unknown[] }[]): boolean =>
    list.some((page) => page.id === pageId || (Array.isArray(page.pages) && walk(page.pages as { id: string; pages?: readonly unknown[] }[])));
  return walk(pages);
}
