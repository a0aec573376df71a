import { planLayout, walkLayoutPages, type DirectoryLayout, type LayoutPage } from '../format/directory-layout.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import { extractLinks, type ExtractedLink, type ExtractedTarget, type LinkRelation } from './link-extraction.ts';

/*
 * The links of a revision: every reference each page body makes, resolved against the revision's Git layout.
 * Extraction (`extractLinks`) depends only on a body and the path of the page's file; resolution only on the
 * layout. So a new revision extracts only the pages whose (body, path) pair is new (`missingExtracts`), and
 * resolves the rest from stored extracts with hash lookups (`resolveLinkGraph`); `linksOf` does it all from
 * scratch and gives the same graph (link-graph.property.test.ts).
 */

/** What a link points at once resolved in a revision. `missing`: a path or id the revision does not have. */
export type LinkTarget =
  | { kind: 'page'; page: string; anchor?: string }
  | { kind: 'file'; file: string }
  | { kind: 'reusable-content'; reusableContent: string }
  | { kind: 'anchor'; anchor: string; page: string }
  | { kind: 'url'; url: string }
  | { kind: 'missing'; written: string };

/** Whether a link works: `ok`, `broken` (its target is missing from the revision), `in-app` (a URL of this service). */
export type LinkStatus = 'ok' | 'broken' | 'in-app';

/** One reference of one page, resolved. */
export interface LinkOccurrence {
  /** The page whose body holds the reference. */
  page: string;
  relation: LinkRelation;
  target: LinkTarget;
  status: LinkStatus;
}

/** The links of a revision, in page-tree order, then in order of position in each body. */
export interface LinkGraph {
  occurrences: LinkOccurrence[];
}

/** The key extracts are stored under: the body's document id and the page's file. */
export interface ExtractKey {
  documentId: string;
  pagePath: string;
}

/**
 * The stored form's key of an extract.
 *
 * @example
 * extractKey({ documentId: 'd1', pagePath: 'a.md' }) // → 'd1\na.md'
 */
export function extractKey(key: ExtractKey): string {
  return `${key.documentId}\n${key.pagePath}`;
}

/** What resolution needs to tell `in-app` URLs: the address prefixes of this service (`http://q.test/`). */
export interface LinkResolution {
  inAppPrefixes: readonly string[];
}

/**
 * The (document, path) pair of every document page with a body, in page-tree order.
 *
 * @example
 * extractKeysOf(snapshot, planLayout(snapshot)) // → [{ page: 'p1', documentId: 'd1', pagePath: 'README.md' }, ...]
 */
export function extractKeysOf(snapshot: RevisionSnapshot, layout: DirectoryLayout): Array<ExtractKey & { page: string }> {
  const keys: Array<ExtractKey & { page: string }> = [];
  walkLayoutPages<LayoutPage>(snapshot.pages, (page) => {
    const pagePath = layout.pages.get(page.id);
    if (page.type !== 'document' || page.documentId === undefined || pagePath === undefined) return;
    keys.push({ page: page.id, documentId: page.documentId, pagePath });
  });
  return keys;
}

/**
 * The pairs of a revision whose extracts `known` lacks (the incremental step: after a one-page edit, that one
 * page), deduplicated.
 *
 * @example
 * missingExtracts(snapshot, layout, (key) => stored.has(extractKey(key))) // → [{ documentId, pagePath }]
 */
export function missingExtracts(snapshot: RevisionSnapshot, layout: DirectoryLayout, known: (key: ExtractKey) => boolean): ExtractKey[] {
  const missing = new Map<string, ExtractKey>();
  for (const { documentId, pagePath } of extractKeysOf(snapshot, layout)) {
    const key = { documentId, pagePath };
    if (!known(key)) missing.set(extractKey(key), key);
  }
  return [...missing.values()];
}

/**
 * Resolves stored extracts against a revision. `extracts` must hold every pair `extractKeysOf` names (a pair it
 * lacks is taken as a page without links).
 *
 * @example
 * const graph = resolveLinkGraph(snapshot, layout, (key) => extracts.get(extractKey(key)), { inAppPrefixes: ['http://q.test/'] });
 */
export function resolveLinkGraph(
  snapshot: RevisionSnapshot,
  layout: DirectoryLayout,
  extracts: (key: ExtractKey) => readonly ExtractedLink[] | undefined,
  resolution: LinkResolution,
): LinkGraph {
  const occurrences: LinkOccurrence[] = [];
  for (const key of extractKeysOf(snapshot, layout)) {
    for (const link of extracts(key) ?? []) {
      const target = resolveTarget(link.target, key.page, layout);
      occurrences.push({ page: key.page, relation: link.relation, target, status: statusOf(target, resolution) });
    }
  }
  return { occurrences };
}

/**
 * The links of a revision from scratch: lays it out, extracts every body, resolves. `bodies` holds the body of
 * every document the revision names.
 *
 * @example
 * linksOf(snapshot, bodies, { inAppPrefixes: [] }).occurrences.filter((link) => link.status === 'broken')
 */
export function linksOf(snapshot: RevisionSnapshot, bodies: ReadonlyMap<string, string>, resolution: LinkResolution, layout: DirectoryLayout = planLayout(snapshot)): LinkGraph {
  return resolveLinkGraph(snapshot, layout, ({ documentId, pagePath }) => extractLinks(bodies.get(documentId) ?? '', pagePath), resolution);
}

function resolveTarget(target: ExtractedTarget, page: string, layout: DirectoryLayout): LinkTarget {
  switch (target.kind) {
    case 'url':
      return { kind: 'url', url: target.url };
    case 'anchor':
      return { kind: 'anchor', anchor: target.anchor, page };
    case 'invalid':
      return { kind: 'missing', written: target.written };
    case 'file-id':
      return layout.files.has(target.file) ? { kind: 'file', file: target.file } : { kind: 'missing', written: `/files/${target.file}` };
    case 'page-id':
      if (!layout.pages.has(target.page)) return { kind: 'missing', written: `/pages/${target.page}` };
      return pageTarget(target.page, target.anchor);
    case 'path': {
      // A folder link (`guides/`, normalised to `guides`) means the folder's README.md.
      const found = layout.byPath.get(target.path) ?? layout.byPath.get(`${target.path}/README.md`);
      if (found === undefined) return { kind: 'missing', written: target.path };
      if (found.kind === 'file') return { kind: 'file', file: found.id };
      if (found.kind === 'reusable-content') return { kind: 'reusable-content', reusableContent: found.id };
      return pageTarget(found.id, target.anchor);
    }
  }
}

function pageTarget(page: string, anchor: string | undefined): LinkTarget {
  return anchor === undefined ? { kind: 'page', page } : { kind: 'anchor', anchor, page };
}

function statusOf(target: LinkTarget, resolution: LinkResolution): LinkStatus {
  if (target.kind === 'missing') return 'broken';
  if (target.kind === 'url' && resolution.inAppPrefixes.some((prefix) => target.url.startsWith(prefix))) return 'in-app';
  return 'ok';
}

/**
 * A key that names a target (the same target written differently in two pages gets one key), for grouping.
 *
 * @example
 * targetKey({ kind: 'page', page: 'p1' }) // → 'page:p1'
 */
export function targetKey(target: LinkTarget): string {
  switch (target.kind) {
    case 'page':
      return `page:${target.page}`;
    case 'file':
      return `file:${target.file}`;
    case 'reusable-content':
      return `reusable-content:${target.reusableContent}`;
    case 'anchor':
      return `anchor:${target.page}#${target.anchor}`;
    case 'url':
      return `url:${target.url}`;
    case 'missing':
      return `missing:${target.written}`;
  }
}
