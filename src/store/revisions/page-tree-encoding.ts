/**
 * Encodes a revision's page tree into page-node objects, bottom-up, checking what the store relies on: every
 * page an object with a non-empty id unique in the revision, a known type, groups only at the root, no body
 * inline, children where a document or group needs them.
 *
 * What the store handed out before is not encoded again (see `KnownContent`):
 * - a root page list handed out as it is (a merge that takes a change request's content) is the stored list;
 * - a page handed out keeps its stored hash. Its subtree is valid in itself; only its ids could clash with the
 *   rest of the revision. When the tree it was read from is indexed (page-id-index.ts) and the page sits there
 *   under its id with the same hash, its subtree is that tree's, whose ids were unique: it is not walked, and
 *   only the ids outside such reused subtrees are checked against them, through the index. Otherwise its
 *   subtree is walked once, id by id.
 * So a one-page edit of a large tree checks the changed path and its siblings, not every page.
 */
import { QuireError } from '../../errors/index.ts';
import type { ListEntry, ListRef } from './chunked-list.ts';
import type { ListChunkMemo } from './list-chunk-memo.ts';
import type { ContentHash } from '../blobs/content-hash.ts';
import { pageListKey, type PageIdIndex, type PageIndexEntry, type PageTreeEdit } from './page-id-index.ts';
import type { StoredPage } from './revision-content.ts';
import type { PageNodeObject } from './revision-objects.ts';

/** What the store handed out, so that encoding can reuse it. */
export interface KnownContent {
  /** The node hash of every page, file and reusable content object handed out, and of each revision's source. */
  objects: WeakMap<object, ContentHash>;
  /** The list of every root array handed out: a revision's pages, files and reusable contents. */
  lists: WeakMap<object, ListRef>;
  /** Indexes of recently encoded page trees, most recent first. */
  pageIndexes: readonly PageIdIndex[];
  /** List chunks encoded recently (a long list re-encoded with few changes reuses the others). */
  listChunks?: ListChunkMemo;
}

/** The encoded tree, and how to index it: derive the new index from `base` (consumed) with `edit`. */
export interface EncodedPageTree {
  list: ListRef;
  /** Undefined when the list was reused as it is (its index, if any, is still right) or a page's hash is unknown. */
  index: { base: PageIdIndex | undefined; edit: PageTreeEdit } | undefined;
  /** The handed-out pages the tree took as they are, by node hash (what reading the new revision back reuses). */
  handedOutPages: Map<ContentHash, StoredPage>;
}

const pageTypes = new Set(['document', 'group', 'link', 'computed']);

/**
 * Encodes `pages` with `emitPage` (stores a page node, returns its hash) and `list` (chunks a list of entries).
 *
 * @throws QuireError `INVALID_ARGUMENT` naming the page (`pages[2].pages[0].id repeats page id p7`).
 * @example
 * const { list, index } = encodePageTree(content.pages, emitPage, buildList, known);
 */
export function encodePageTree(
  pages: readonly StoredPage[],
  emitPage: (node: PageNodeObject, documents: string[]) => ContentHash,
  list: (entries: ListEntry[]) => ListRef,
  known: KnownContent | undefined,
): EncodedPageTree {
  if (!Array.isArray(pages)) throw invalid('pages', 'must be an array');
  const storedList = known?.lists.get(pages);
  if (storedList !== undefined) return { list: storedList, index: undefined, handedOutPages: new Map() };

  const pageIds = new Set<string>();
  /** Where each id outside reused subtrees was found, for the message when it clashes with one. */
  const where = new Map<string, string>();
  /** Pages whose subtree is the base tree's, as it is. */
  const reused = new Set<string>();
  let entries: Map<string, PageIndexEntry> | undefined = known === undefined ? undefined : new Map();
  let base: PageIdIndex | undefined;
  const handedOutPages = new Map<ContentHash, StoredPage>();

  /** Reused pages that sat below another page in the base tree: they could also be inside a reused subtree. */
  const reusedBelow = new Map<string, string>();

  const claimId = (id: string, path: string, at: string): void => {
    if (pageIds.has(id) || reused.has(id)) throw invalid(path, `repeats page id ${id}`);
    pageIds.add(id);
    where.set(id, at);
  };

  // A handed-out subtree that no index vouches for: every id below it is claimed, once.
  const claimBelow = (top: StoredPage, path: string): void => {
    const below = `${path} (below)`;
    const stack: StoredPage[] = [top];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const children = (node as { pages?: readonly StoredPage[] }).pages;
      if (children === undefined) continue;
      for (const child of children) {
        claimId(child.id, below, below);
        if (entries !== undefined) {
          const hash = known!.objects.get(child);
          if (hash === undefined) entries = undefined;
          else entries.set(child.id, { hash, parent: node.id, children: childIds(child) });
        }
        stack.push(child);
      }
    }
  };

  // `pages[3].pages[0]`: made only where a message or a record needs it, not for each reused page of a long list.
  const encodePage = (page: StoredPage, parentPath: string, index: number, parent: string | undefined): ListEntry => {
    const id = (page as { id?: unknown } | null)?.id;
    const type = (page as { type?: unknown } | null)?.type;
    const stored = typeof page === 'object' && page !== null ? known?.objects.get(page) : undefined;
    if (stored !== undefined && typeof id === 'string' && id !== '' && (type === 'document' || type === 'link' || type === 'computed' || (type === 'group' && parent === undefined))) {
      handedOutPages.set(stored, page);
      base ??= known!.pageIndexes.find((candidate) => !candidate.consumed && candidate.entry(id)?.hash === stored);
      const inBase = base?.entry(id);
      if (inBase !== undefined && inBase.hash === stored) {
        // Reused: its id was unique in the base tree, so it is checked against the other reused pages and the
        // new ones only (a large tree edited a little is mostly these: no per-page bookkeeping beyond the set).
        if (reused.has(id) || pageIds.has(id)) throw invalid(`${pathAt(parentPath, index)}.id`, `repeats page id ${id}`);
        reused.add(id);
        if (inBase.parent !== undefined) reusedBelow.set(id, pathAt(parentPath, index));
        // The index keeps a reused page's entry (see PageIdIndex.derive); it changes only when the page moved.
        if (inBase.parent !== parent) entries?.set(id, { hash: stored, parent, children: inBase.children });
        return { hash: stored, key: id };
      }
    }
    const path = pathAt(parentPath, index);
    if (typeof page !== 'object' || page === null || Array.isArray(page)) throw invalid(path, 'is not a page object');
    if (typeof id !== 'string' || id === '') throw invalid(`${path}.id`, 'must be a non-empty string');
    if (typeof type !== 'string' || !pageTypes.has(type)) throw invalid(`${path}.type`, `must be one of document, group, link, computed (page ${id})`);
    if (type === 'group' && parent !== undefined) throw invalid(path, `is a group below the root (page ${id}); groups exist at the root only`);

    if (stored !== undefined) {
      claimId(id, `${path}.id`, path);
      claimBelow(page, path);
      entries?.set(id, { hash: stored, parent, children: childIds(page) });
      return { hash: stored, key: id };
    }

    claimId(id, `${path}.id`, path);
    const { pages: children, urls: _urls, ...fields } = page as StoredPage & { urls?: unknown; pages?: unknown };
    if ('markdown' in fields || 'document' in fields) {
      throw invalid(path, `carries its body inline (page ${id}); store it with putDocument and refer to it by documentId`);
    }
    let childList: ListRef | undefined;
    let childIdList: string[] = [];
    if (children !== undefined) {
      if (!Array.isArray(children)) throw invalid(`${path}.pages`, `must be an array (page ${id})`);
      childList = list(children.map((child: StoredPage, childIndex: number) => encodePage(child, `${path}.pages`, childIndex, id)));
      childIdList = children.map((child: StoredPage) => child.id);
    } else if (type === 'document' || type === 'group') {
      throw invalid(`${path}.pages`, `is missing (page ${id})`);
    }
    const documentId = (fields as { documentId?: unknown }).documentId;
    if (documentId !== undefined && typeof documentId !== 'string') throw invalid(`${path}.documentId`, `must be a string (page ${id})`);
    const hash = emitPage({ t: 'page', p: fields as Record<string, unknown>, ...(childList === undefined ? {} : { c: childList }) }, documentId === undefined ? [] : [documentId]);
    entries?.set(id, { hash, parent, children: childIdList });
    return { hash, key: id };
  };

  const tree = list(pages.map((page, index) => encodePage(page, 'pages', index, undefined)));

  if (base !== undefined && reused.size > 0) {
    // Reused subtrees hold what they held in the base tree, where ids were unique. An id found outside them
    // clashes only if the base tree had it inside one of them: below it, as a descendant (which also catches a
    // reused subtree placed inside another).
    for (const [id, at] of [...where, ...reusedBelow]) {
      const holder = base.ancestorIn(id, reused);
      if (holder !== undefined) throw invalid(at, `repeats page id ${id}, which is also below page ${holder}`);
    }
  }
  if (entries === undefined) return { list: tree, index: undefined, handedOutPages };
  return {
    list: tree,
    index: { base: reused.size > 0 ? base : undefined, edit: { key: pageListKey(tree), roots: pages.map((page) => page.id), entries, reused } },
    handedOutPages,
  };
}

function pathAt(listPath: string, index: number): string {
  return `${listPath}[${index}]`;
}

function childIds(page: StoredPage): string[] {
  const children = (page as { pages?: readonly StoredPage[] }).pages;
  return children === undefined ? [] : children.map((child) => child.id);
}

function invalid(path: string, problem: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `${path} ${problem}`, { field: path });
}
