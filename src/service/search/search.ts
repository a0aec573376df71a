import type { SearchPageResult, SearchSectionResult, SearchSpaceResult } from '@gitbook/api';
import { changedSearchablePages, diffSearchablePages, parseSearchQuery, searchablePages, searchExcerpt, searchSections, type SearchablePage, type SearchQuery } from '../../content/index.ts';
import { mapInTurns } from '../../disk/map-in-turns.ts';
import { QuireError, isQuireError } from '../../errors/index.ts';
import type { SnapshotPage } from '../../model/index.ts';
import type { ListOptions, SearchIndexPage, SearchPageHit, Store } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { contentUrls } from '../content/content-urls.ts';
import { ContentLevels, spaceAccess } from '../access/content-access.ts';
import { organizationAccess } from '../access/organization-access.ts';
import type { PublishedList } from '../published-shapes.ts';
import { readAllPages } from '../content/read-all-pages.ts';
import { nextSearchWindow, searchWindow } from './search-window.ts';
import type { ServiceContext } from '../service-context.ts';

/*
 * Full-text search of space content (searchSpaceContent, searchOrganizationContent) and the upkeep of its index.
 * The index (src/store/search/search.ts) is refreshed when a revision becomes a space's content: after every move of a
 * head (a merge, a new or duplicated space), and, cheaply, before answering a search whenever the revision it
 * reflects is not the head, so a process that died between committing a head and indexing it heals there.
 */

/** What one refresh did. */
export interface SearchRefresh {
  /** The revision the index reflects now. */
  revisionId: string;
  /** Pages whose sections were parsed and written anew. */
  reindexed: number;
  /** Pages whose path, ancestors or place changed (their sections stayed). */
  relocated: number;
  removed: number;
}

/** The longest query, in characters (the published `maxLength`). */
export const maxSearchQueryLength = 512;
/** A refresh that keeps losing its compare-and-set to other writers gives up after this many rounds (they did the work). */
const refreshAttempts = 5;

/**
 * Brings a space's search index to its head revision: diffs the pages of the revision the index reflects with
 * the head's (skipping the subtrees both share, then by page id, `documentId`, title and description), reads
 * only the pages that changed,
 * and writes it all by compare-and-set on the recorded revision, redoing the diff when another process got
 * there first. A space that is gone (purged) is left alone.
 *
 * @example
 * const { reindexed } = await refreshSearchIndex(ctx, spaceId); // → 1 after a one-page merge
 */
export async function refreshSearchIndex(ctx: Pick<ServiceContext, 'store'>, spaceId: string): Promise<SearchRefresh> {
  const { store } = ctx;
  let last: SearchRefresh | undefined;
  for (let attempt = 0; attempt < refreshAttempts; attempt++) {
    const space = await store.getSpace(spaceId, { includeDeleted: true });
    const recorded = await store.getSearchIndexRevision(spaceId);
    last = { revisionId: space.revisionId, reindexed: 0, relocated: 0, removed: 0 };
    if (recorded === space.revisionId) return last;
    const head = (await store.getRevision(space.revisionId)).pages;
    const indexed = await indexedRevisionPages(store, recorded);
    // From the revision the index reflects, only what lies outside the subtrees both revisions share is compared.
    const changed = indexed === undefined ? { before: await store.listSearchIndexPages(spaceId), after: searchablePages(head) } : changedSearchablePages(indexed, head);
    const diff = diffSearchablePages(changed.before, changed.after);
    const put = await withSections(store, diff.reindex);
    const applied = await store.applySearchIndexUpdate({ spaceId, from: recorded, to: space.revisionId, put, relocate: diff.relocate, remove: diff.remove });
    if (applied) return { revisionId: space.revisionId, reindexed: put.length, relocated: diff.relocate.length, removed: diff.remove.length };
  }
  return last!;
}

/**
 * `refreshSearchIndex` after a head moved, where the move has committed already: a failure must not turn it
 * into an error (the next search heals the index), so it is swallowed. With `ctx.searchRefreshes` (the server)
 * it is scheduled to run right after the answer instead of awaited.
 *
 * @example
 * await refreshSearchIndexAfterCommit(ctx, spaceId);
 */
export async function refreshSearchIndexAfterCommit(ctx: Pick<ServiceContext, 'store' | 'searchRefreshes'>, spaceId: string): Promise<void> {
  // In the server, after the answer (search-refresh-queue.ts): a one-page merge answers without waiting for it.
  if (ctx.searchRefreshes !== undefined) ctx.searchRefreshes.schedule(spaceId);
  else await refreshSearchIndex(ctx, spaceId).catch(() => undefined);
}

/** The page tree of the revision the index reflects (read from the caches), or undefined when there is none to read (then the index's own rows say what it holds). */
async function indexedRevisionPages(store: Store, recorded: string | undefined): Promise<readonly SnapshotPage[] | undefined> {
  if (recorded === undefined) return undefined;
  try {
    return (await store.getRevision(recorded)).pages;
  } catch (error) {
    if (isQuireError(error, 'NOT_FOUND')) return undefined;
    throw error;
  }
}

async function withSections(store: Store, pages: readonly SearchablePage[]): Promise<SearchIndexPage[]> {
  const documents = await store.getDocuments(pages.flatMap((page) => (page.documentId === undefined ? [] : [page.documentId])));
  // In slices, between which the event loop answers other requests: the first refresh after importing 10,000
  // pages parses them all (about half a second of CPU), right after the merge's answer.
  return mapInTurns(pages, (page) => ({ ...page, sections: searchSections(page.documentId === undefined ? '' : (documents.get(page.documentId) ?? '')) }));
}

/**
 * Searches the content of a space (`GET /v1/spaces/{spaceId}/search?query=`): its pages that hold every word of
 * the query, ranked by the engine with the title weighted above headings above text, each with its best
 * sections and an excerpt. Needs to see the space.
 *
 * @example
 * const { items } = await searchSpaceContent(ctx, actor, spaceId, 'install', { limit: 10 });
 */
export async function searchSpaceContent(ctx: ServiceContext, actor: Actor, spaceId: string, text: string, options: ListOptions = {}): Promise<PublishedList<SearchPageResult>> {
  const query = checkSearchQuery(text);
  const { space } = await spaceAccess(ctx, actor, spaceId);
  const window = searchWindow(`space|${space.id}|${text}`, options);
  await healSearchIndexes(ctx, [space.id]);
  const hits = await ctx.store.searchIndex(query, [space.id], window);
  const next = nextSearchWindow(window, hits.total);
  return { ...(next === undefined ? {} : { next }), count: hits.total, items: hits.pages.map((hit) => toSearchPageResult(ctx.baseUrl, hit, query)) };
}

/**
 * Searches every space of an organization the caller may read (`GET /v1/orgs/{organizationId}/search?query=`):
 * guests only the spaces granted to them, deleted spaces never. Pages are ranked across spaces and paged by
 * `limit` pages; each answer groups its pages by space, in the order of each space's best page, and every page
 * keeps its rank in the whole result. `count` is the number of pages that match.
 *
 * @example
 * const { items } = await searchOrganizationContent(ctx, actor, orgId, 'install');
 */
export async function searchOrganizationContent(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: string,
  text: string,
  options: ListOptions = {},
): Promise<PublishedList<SearchSpaceResult>> {
  const query = checkSearchQuery(text);
  const levels = new ContentLevels(ctx, await organizationAccess(ctx, actor, organizationId));
  const window = searchWindow(`organization|${organizationId}|${actor.user.id}|${text}`, options);
  const spaces = await readAllPages((list) => ctx.store.listSpaces({ organizationId }, list));
  const readable = [];
  for (const space of spaces) if ((await levels.of(space)) !== null) readable.push(space);
  const titles = new Map(readable.map((space) => [space.id, space.title]));
  await healSearchIndexes(ctx, [...titles.keys()]);
  const hits = await ctx.store.searchIndex(query, [...titles.keys()], window);
  const groups = new Map<string, SearchSpaceResult>();
  for (const hit of hits.pages) {
    let group = groups.get(hit.spaceId);
    if (group === undefined) {
      group = { type: 'space', id: hit.spaceId, title: titles.get(hit.spaceId) ?? '', score: hit.score, pages: [] };
      groups.set(hit.spaceId, group);
    }
    group.pages.push(toSearchPageResult(ctx.baseUrl, hit, query));
  }
  const next = nextSearchWindow(window, hits.total);
  return { ...(next === undefined ? {} : { next }), count: hits.total, items: [...groups.values()] };
}

/** Refreshes the indexes of those of `spaceIds` that do not reflect their head (one query when none is stale). */
async function healSearchIndexes(ctx: Pick<ServiceContext, 'store' | 'searchRefreshes'>, spaceIds: readonly string[]): Promise<void> {
  // A refresh scheduled by a merge of this process is waited for rather than done twice.
  if (ctx.searchRefreshes !== undefined) for (const spaceId of spaceIds) await ctx.searchRefreshes.settled(spaceId);
  for (const spaceId of await ctx.store.listStaleSearchIndexes(spaceIds)) await refreshSearchIndex(ctx, spaceId);
}

/**
 * Reads a query: 1 to 512 characters of one line of text (`INVALID_ARGUMENT` naming `query` otherwise).
 *
 * @example
 * checkSearchQuery('install quire').clauses.length // → 2
 */
export function checkSearchQuery(text: string): SearchQuery {
  if (typeof text !== 'string' || text.length === 0 || text.length > maxSearchQueryLength) {
    throw new QuireError('INVALID_ARGUMENT', `query must be 1 to ${maxSearchQueryLength} characters`, { field: 'query' });
  }
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(text);
  if (control !== null) {
    throw new QuireError('INVALID_ARGUMENT', `query contains the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}: it is one line of text`, { field: 'query' });
  }
  if (/\p{Cs}/u.test(text)) throw new QuireError('INVALID_ARGUMENT', 'query contains an unpaired surrogate: it is not Unicode text', { field: 'query' });
  return parseSearchQuery(text);
}

function toSearchPageResult(baseUrl: string, hit: SearchPageHit, query: SearchQuery): SearchPageResult {
  const { page } = hit;
  const app = contentUrls.page(baseUrl, hit.spaceId, { kind: 'space' }, page.pageId);
  const sections: SearchSectionResult[] = hit.sections.map((section) => ({
    id: section.anchor === '' ? page.pageId : `${page.pageId}#${section.anchor}`,
    title: section.title === '' ? page.title : section.title,
    path: section.anchor === '' ? page.path : `${page.path}#${section.anchor}`,
    score: section.score,
    resultType: section.contentMatch ? 'section' : 'page',
    body: searchExcerpt(section.body, query),
    urls: { app: section.anchor === '' ? app : `${app}#${encodeURIComponent(section.anchor)}` },
  }));
  return {
    id: page.pageId,
    title: page.title,
    description: page.description,
    path: page.path,
    score: hit.score,
    rank: hit.rank,
    resultType: hit.tier === 2 ? 'page' : 'section',
    sections,
    ancestors: page.ancestors.map((title) => ({ title })),
    urls: { app },
  };
}
