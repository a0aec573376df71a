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
 *
 * A root list made from a handed-out one whose head it shares (`sharedPrefixOf`, recorded by the page tree
 * draft) takes that head from the index of the tree it came from without reading its pages: ids outside it are
 * checked against the index for a root ancestor in the head, and the new index keeps the head's entries. A
 * batch that appends pages to a 10,000-page root list then visits the pages it adds.
 */
import { QuireError } from '../../errors/index.ts';
import { sharedPrefixOf } from '../../model/shared-prefix.ts';
import { levelZeroChunks, maxInline, type ListEntry, type ListRef } from './chunked-list.ts';
import type { ListChunkMemo } from './list-chunk-memo.ts';
import type { ContentHash } from '../blobs/content-hash.ts';
import { pageListKey, type PageIdIndex, type PageIndexEntry, type PageTreeEdit } from './page-id-index.ts';
import type { StoredPage } from './revision-content.ts';
import type { ContentObject, PageNodeObject } from './revision-objects.ts';

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
  /** A stored content object, when at hand without reading the database (a shared head reuses its list's chunks). */
  stored?: (hash: ContentHash) => ContentObject | undefined;
}

/** The encoded tree, and how to index it: derive the new index from `base` (consumed) with `edit`. */
export interface EncodedPageTree {
  list: ListRef;
  /** Undefined when the list was reused as it is (its index, if any, is still right) or a page's hash is unknown. */
  index: { base: PageIdIndex | undefined; edit: PageTreeEdit } | undefined;
  /** The handed-out pages the tree took as they are, by node hash (what reading the new revision back reuses). */
  handedOutPages: Map<ContentHash, StoredPage>;
  /**
   * The handed-out root pages the list starts with, as they are (a shared prefix, see above): not in
   * `handedOutPages`; reading the new revision back takes them as they are.
   */
  sharedRoots?: readonly StoredPage[] | undefined;
  /** The same for child lists: the handed-out pages a new page node's children start with, by that node's hash. */
  sharedChildren?: ReadonlyMap<ContentHash, readonly StoredPage[]>;
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
  list: (entries: ListEntry[], leading?: readonly ListEntry[]) => ListRef,
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
  /** Where each reused page sits (its list's path and index), for the message when it clashes with a shared head. */
  const reusedAt: Array<[id: string, listPath: string, index: number]> = [];
  let entries: Map<string, PageIndexEntry> | undefined = known === undefined ? undefined : new Map();
  let base: PageIdIndex | undefined;
  const handedOutPages = new Map<ContentHash, StoredPage>();
  /** The shared heads of the lists encoded, by the id of the page holding the list (undefined: the root list). */
  const heads = new Map<string | undefined, SharedHead>();
  /** The head pages of child lists, by the hash of the new page node holding them. */
  const sharedChildren = new Map<ContentHash, readonly StoredPage[]>();

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

  /**
   * Encodes a list (the root pages, or the children of page `parent`) whose first `head.length` elements, when
   * there is a head, are the base tree's: their stored chunks or hashes are taken as they are.
   */
  const encodeList = (items: readonly StoredPage[], listPath: string, parent: string | undefined, head: SharedHead | undefined): ListRef => {
    const shared = head?.length ?? 0;
    if (head !== undefined) heads.set(parent, head);
    // The head's stored chunks are taken as they are (when the list stays long enough to be chunked); its
    // elements after the last whole chunk, and the rest of the list, are entries.
    const { leading, rest } = head === undefined ? { leading: [], rest: [] } : items.length > maxInline ? head.split() : { leading: [], rest: head.entries() };
    for (let index = shared; index < items.length; index++) rest.push(encodePage(items[index]!, listPath, index, parent));
    return list(rest, leading);
  };

  /** The head a list shares with the base tree's list of the same page, when the base index vouches for it. */
  const headOf = (items: readonly StoredPage[], parent: string | undefined): SharedHead | undefined => {
    const prefix = known === undefined ? undefined : sharedPrefixOf(items);
    if (prefix === undefined || known === undefined) return undefined;
    const agrees = (ids: readonly string[] | undefined): ids is readonly string[] =>
      ids !== undefined && ids.length === prefix.base.length && ids[0] === prefix.base[0]?.id && ids.at(-1) === prefix.base.at(-1)?.id;
    if (parent === undefined) {
      const baseList = known.lists.get(prefix.base);
      if (baseList === undefined) return undefined;
      const key = pageListKey(baseList);
      const index = known.pageIndexes.find((candidate) => !candidate.consumed && candidate.key === key);
      const ids = index?.rootIds();
      if (index === undefined || (base !== undefined && base !== index) || !agrees(ids)) return undefined;
      base = index;
      return sharedHead(prefix.length, baseList, ids, index, known);
    }
    const index = base ?? known.pageIndexes.find((candidate) => !candidate.consumed && agrees(candidate.entry(parent)?.children));
    const entry = index?.entry(parent);
    if (index === undefined || entry === undefined || !agrees(entry.children)) return undefined;
    const node = known.stored?.(entry.hash) as PageNodeObject | undefined;
    if (node?.t !== 'page' || node.c === undefined) return undefined;
    base = index;
    return sharedHead(prefix.length, node.c, entry.children, index, known);
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
        reusedAt.push([id, parentPath, index]);
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
    let childIdList: readonly string[] = [];
    let head: SharedHead | undefined;
    if (children !== undefined) {
      if (!Array.isArray(children)) throw invalid(`${path}.pages`, `must be an array (page ${id})`);
      head = headOf(children, id);
      childList = encodeList(children, `${path}.pages`, id, head);
      childIdList = idsAfter(head, children);
    } else if (type === 'document' || type === 'group') {
      throw invalid(`${path}.pages`, `is missing (page ${id})`);
    }
    const documentId = (fields as { documentId?: unknown }).documentId;
    if (documentId !== undefined && typeof documentId !== 'string') throw invalid(`${path}.documentId`, `must be a string (page ${id})`);
    const hash = emitPage({ t: 'page', p: fields as Record<string, unknown>, ...(childList === undefined ? {} : { c: childList }) }, documentId === undefined ? [] : [documentId]);
    if (head !== undefined) sharedChildren.set(hash, (children as StoredPage[]).slice(0, head.length));
    entries?.set(id, { hash, parent, children: childIdList });
    return { hash, key: id };
  };

  const rootHead = headOf(pages, undefined);
  const tree = encodeList(pages, 'pages', undefined, rootHead);

  if (base !== undefined && reused.size > 0) {
    // Reused subtrees hold what they held in the base tree, where ids were unique. An id found outside them
    // clashes only if the base tree had it inside one of them: below it, as a descendant (which also catches a
    // reused subtree placed inside another).
    for (const [id, at] of [...where, ...reusedBelow]) {
      const holder = base.ancestorIn(id, reused);
      if (holder !== undefined) throw invalid(at, `repeats page id ${id}, which is also below page ${holder}`);
    }
  }
  if (heads.size > 0) {
    // Shared heads hold what they held in the base tree, where ids were unique: an id found outside them
    // clashes when the base tree had it inside one.
    for (const [id, at] of where) if (heldByHead(base!, heads, id)) throw invalid(at, `repeats page id ${id}, which is also in a list's first pages, kept as they were`);
    for (const [id, listPath, index] of reusedAt) if (heldByHead(base!, heads, id)) throw invalid(`${pathAt(listPath, index)}.id`, `repeats page id ${id}`);
  }
  const sharedRoots = rootHead === undefined ? undefined : pages.slice(0, rootHead.length);
  const encoded = { handedOutPages, sharedRoots, sharedChildren };
  if (entries === undefined) return { list: tree, index: undefined, ...encoded };
  const sharedLists = new Map([...heads].map(([parent, head]) => [parent, head.length]));
  return {
    list: tree,
    index: { base: reused.size > 0 || heads.size > 0 ? base : undefined, edit: { key: pageListKey(tree), roots: idsAfter(rootHead, pages), entries, reused, sharedLists } },
    ...encoded,
  };
}

/** The ids of a list whose head, if any, is the base tree's: the head's from the index, the others' read. */
function idsAfter(head: SharedHead | undefined, items: readonly StoredPage[]): string[] {
  if (head === undefined) return items.map((page) => page.id);
  const ids = head.ids.slice(0, head.length);
  for (let index = head.length; index < items.length; index++) ids.push(items[index]!.id);
  return ids;
}

/** True when the base tree had page `id` inside one of the shared heads (at a head's top or below). */
function heldByHead(index: PageIdIndex, heads: ReadonlyMap<string | undefined, SharedHead>, id: string): boolean {
  for (let cursor: string | undefined = index.entry(id) === undefined ? undefined : id; cursor !== undefined; ) {
    const parent = index.entry(cursor)!.parent;
    if (heads.get(parent)?.holdsChild(cursor)) return true;
    cursor = parent;
  }
  return false;
}

/** The head a list shares with a list of the base tree, and what encoding needs of it. */
interface SharedHead {
  length: number;
  /** The base list's ids, in order. */
  ids: readonly string[];
  /** The list entries of the head's pages, from the index. */
  entries(): ListEntry[];
  /**
   * The head as the base list's level-0 chunks that lie wholly inside it (never the list's last chunk, which no
   * boundary ended), and entries for its elements after them; all entries when the chunks are not at hand.
   */
  split(): { leading: ListEntry[]; rest: ListEntry[] };
  /** True when `id`, a page of the base list, is in the head. */
  holdsChild(id: string): boolean;
}

function sharedHead(length: number, baseList: ListRef, ids: readonly string[], index: PageIdIndex, known: KnownContent): SharedHead {
  let tail: Set<string> | undefined;
  const entries = () => ids.slice(0, length).map((id) => ({ hash: index.entry(id)!.hash, key: id }));
  const chunkAt = (hash: ContentHash) => {
    const object = known.stored?.(hash);
    return object?.t === 'list' ? object : undefined;
  };
  return {
    length,
    ids,
    entries,
    split() {
      const chunks = levelZeroChunks(baseList, chunkAt);
      if (chunks === undefined || chunks.reduce((sum, chunk) => sum + chunk.size, 0) !== ids.length) return { leading: [], rest: entries() };
      const leading: ListEntry[] = [];
      let start = 0;
      for (const chunk of chunks.slice(0, -1)) {
        if (start + chunk.size > length) break;
        leading.push({ hash: chunk.hash, key: ids[start]! });
        start += chunk.size;
      }
      const rest: ListEntry[] = [];
      if (start < length) {
        const holder = chunkAt(chunks[leading.length]!.hash)!;
        for (let at = start; at < length; at++) rest.push({ hash: holder.i[at - start]!, key: ids[at]! });
      }
      return { leading, rest };
    },
    holdsChild(id) {
      tail ??= new Set(ids.slice(length));
      return !tail.has(id);
    },
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
