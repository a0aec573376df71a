import type { RevisionReusableContent } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import { expandList, type ListChunkObject, type ListRef } from './chunked-list.ts';
import type { ContentHash } from '../blobs/content-hash.ts';
import { deepFreeze } from '../deep-freeze.ts';
import type { ObjectStore } from '../blobs/object-store.ts';
import type { StoredPage, StoredRevisionFile } from './revision-content.ts';
import {
  referencesOf,
  type ContentObject,
  type FileObject,
  type PageNodeObject,
  type ReusableContentObject,
  type RevisionRootObject,
  type SourceObject,
  type StoredSource,
} from './revision-objects.ts';

/** A revision's content rebuilt from its objects, frozen. */
export interface MaterializedContent {
  pages: StoredPage[];
  files: StoredRevisionFile[];
  reusableContents: RevisionReusableContent[];
  tags: RevisionRootObject['tags'];
  variables?: RevisionRootObject['variables'];
  source: StoredSource;
  /** The hash of the source object. */
  sourceHash: ContentHash;
}

/** Where materializing records what it hands out, for encoding to reuse (see `KnownContent`). */
export interface HandedOut {
  /** Each page, file and reusable content object → its object hash. */
  objects: WeakMap<object, ContentHash>;
  /** Each root array (pages, files, reusable contents) → its stored list. */
  lists: WeakMap<object, ListRef>;
}

/**
 * Pages already rebuilt for an earlier revision, by page-node hash. Revisions share most of their subtrees
 * (a one-page edit changes one path from the root), and rebuilt pages are deeply frozen, so a new revision takes
 * the unchanged subtrees as they are: reading it costs the changed path, not the whole tree.
 */
export interface MaterializedPages {
  recall(hash: ContentHash): StoredPage | undefined;
  remember(hash: ContentHash, page: StoredPage, size: number): void;
}

/**
 * Loads the objects of a revision's content, breadth-first: one batch of queries per level of the tree
 * (page depth times list levels), never one query per page. Page subtrees found in `materialized` are not
 * descended into: they are returned in `reused`, held for `materializeContent`.
 *
 * @example
 * const { loaded, reused, size } = await loadRevisionObjects(objects, row.content, materialized);
 */
export async function loadRevisionObjects(
  objects: ObjectStore,
  root: ContentHash,
  materialized?: MaterializedPages,
): Promise<{ loaded: Map<ContentHash, LoadedContentObject>; reused: Map<ContentHash, StoredPage>; size: number }> {
  const loaded = new Map<ContentHash, LoadedContentObject>();
  const reused = new Map<ContentHash, StoredPage>();
  let size = 0;
  let frontier: ContentHash[] = [root];
  while (frontier.length > 0) {
    const batch = await objects.load(frontier.filter((hash) => !loaded.has(hash)));
    const next: ContentHash[] = [];
    for (const [hash, entry] of batch) {
      const object = entry.value as ContentObject;
      size += entry.size;
      loaded.set(hash, { object, size: entry.size });
      for (const ref of referencesOf(object)) {
        if (loaded.has(ref) || reused.has(ref)) continue;
        const page = materialized?.recall(ref);
        if (page !== undefined) reused.set(ref, page);
        else next.push(ref);
      }
    }
    frontier = [...new Set(next)];
  }
  return { loaded, reused, size };
}

/**
 * The objects of a revision this process has just written, found without the database: the objects it wrote
 * (parsed from the bodies written, so exactly what reading them back gives), the handed-out pages it took as
 * they are (held for `materializeContent`, as `reused`), and the rest from `cached`. Undefined when an object
 * is in none of them: the revision is then read like any other when asked for.
 *
 * @example
 * const found = writtenRevisionObjects(encoded.root, encoded.objects, encoded.handedOutPages, (hash) => objects.cached(hash));
 */
export function writtenRevisionObjects(
  root: ContentHash,
  written: ReadonlyMap<ContentHash, { body: string }>,
  handedOutPages: ReadonlyMap<ContentHash, StoredPage>,
  cached: (hash: ContentHash) => { value: unknown; size: number } | undefined,
  shared: SharedHeads = noSharedHeads,
): { loaded: Map<ContentHash, LoadedContentObject>; parsed: Map<ContentHash, { value: unknown; size: number }>; reused: Map<ContentHash, StoredPage>; size: number } | undefined {
  const loaded = new Map<ContentHash, LoadedContentObject>();
  const parsed = new Map<ContentHash, { value: unknown; size: number }>();
  const reused = new Map<ContentHash, StoredPage>();
  let size = 0;
  const load = (hash: ContentHash): ContentObject | undefined => {
    const known = loaded.get(hash);
    if (known !== undefined) return known.object;
    const body = written.get(hash)?.body;
    const entry = body === undefined ? cached(hash) : { value: deepFreeze(JSON.parse(body) as unknown), size: body.length };
    if (entry === undefined) return undefined;
    if (body !== undefined) parsed.set(hash, entry);
    size += entry.size;
    loaded.set(hash, { object: entry.value as ContentObject, size: entry.size });
    return entry.value as ContentObject;
  };
  const stack: ContentHash[] = [root];
  /** Pushes the elements of a list after its first `skip` (given as they are): its chunks are loaded. */
  const pushAfter = (ref: ListRef, skip: number): boolean => {
    let missing = false;
    const elements = expandList(ref, (hash) => {
      const chunk = load(hash);
      if (chunk?.t === 'list') return chunk;
      missing = true;
      return { t: 'list', l: 0, i: [] };
    });
    for (let index = skip; index < elements.length; index++) stack.push(elements[index]!);
    return !missing;
  };
  while (stack.length > 0) {
    const hash = stack.pop()!;
    if (loaded.has(hash) || reused.has(hash)) continue;
    const page = handedOutPages.get(hash);
    if (page !== undefined) {
      reused.set(hash, page);
      continue;
    }
    const object = load(hash);
    if (object === undefined) return undefined;
    // A list whose first pages are given as they are: only its chunks and the pages after them are read.
    if (object.t === 'revision' && hash === root && shared.roots.length > 0) {
      if (!pushAfter(object.pages, shared.roots.length)) return undefined;
      for (const ref of referencesOf({ ...object, pages: { l: 0, i: [] } })) stack.push(ref);
      continue;
    }
    const children = object.t === 'page' ? (object as PageNodeObject).c : undefined;
    const head = children === undefined ? undefined : shared.children.get(hash);
    if (head !== undefined) {
      if (!pushAfter(children!, head.length)) return undefined;
      continue;
    }
    for (const ref of referencesOf(object)) stack.push(ref);
  }
  return { loaded, parsed, reused, size };
}

/**
 * Pages a revision's lists start with, handed out already and taken as they are when it is read back (see
 * `EncodedPageTree.sharedRoots` and `sharedChildren`).
 */
export interface SharedHeads {
  roots: readonly StoredPage[];
  /** By the hash of the page node holding the list. */
  children: ReadonlyMap<ContentHash, readonly StoredPage[]>;
}

const noSharedHeads: SharedHeads = { roots: [], children: new Map() };

/** A loaded content object and the length of its JSON. */
export interface LoadedContentObject {
  object: ContentObject;
  size: number;
}

/**
 * Rebuilds a revision's content from its loaded objects: pages with their children in place (the published
 * tree minus `urls`), files, reusable contents, tags, variables and source. Everything returned is frozen, and
 * every page, file and reusable content handed out is recorded in `handedOut` with its object hash, each root
 * array with its stored list. Subtrees in `reused` are taken as they are; every subtree rebuilt is offered to
 * `materialized` for later revisions.
 *
 * @example
 * const content = materializeContent(row.content, loaded, objects.handedOut, reused, materialized);
 */
export function materializeContent(
  root: ContentHash,
  loaded: Map<ContentHash, LoadedContentObject>,
  handedOut: HandedOut,
  reused: ReadonlyMap<ContentHash, StoredPage> = new Map(),
  materialized?: MaterializedPages,
  shared: SharedHeads = noSharedHeads,
): MaterializedContent {
  const get = <T extends ContentObject>(hash: ContentHash, kind: T['t']): T => {
    const object = loaded.get(hash)?.object;
    if (object === undefined || object.t !== kind) {
      throw new QuireError('STORE_CORRUPT', `content object ${hash} is missing or is not a ${kind}`, { hash });
    }
    return object as T;
  };
  const elements = (ref: ListRef): ContentHash[] => expandList(ref, (hash) => get<ListChunkObject>(hash, 'list'));
  /** The pages of a list, the first ones given as they are (handed out already). */
  const pagesOf = (ref: ListRef, head: readonly StoredPage[] = []): readonly StoredPage[] => {
    const hashes = elements(ref);
    const list = head.slice();
    for (let index = head.length; index < hashes.length; index++) list.push(page(hashes[index]!));
    return Object.freeze(list);
  };
  const page = (hash: ContentHash): StoredPage => {
    const kept = reused.get(hash);
    if (kept !== undefined) return kept;
    const node = get<PageNodeObject>(hash, 'page');
    const built = Object.freeze(node.c === undefined ? { ...node.p } : { ...node.p, pages: pagesOf(node.c, shared.children.get(hash)) }) as unknown as StoredPage;
    handedOut.objects.set(built, hash);
    // Its children are remembered on their own: what this entry adds to memory is its own node.
    materialized?.remember(hash, built, loaded.get(hash)!.size);
    return built;
  };
  const revision = get<RevisionRootObject>(root, 'revision');
  const pages = pagesOf(revision.pages, shared.roots) as StoredPage[];
  const files = Object.freeze(
    elements(revision.files).map((hash) => {
      const file = get<FileObject>(hash, 'file').f;
      handedOut.objects.set(file, hash);
      return file;
    }),
  ) as StoredRevisionFile[];
  const reusableContents = Object.freeze(
    elements(revision.reusableContents).map((hash) => {
      const reusable = get<ReusableContentObject>(hash, 'reusable').r;
      handedOut.objects.set(reusable, hash);
      return reusable;
    }),
  ) as RevisionReusableContent[];
  handedOut.lists.set(pages, revision.pages);
  handedOut.lists.set(files, revision.files);
  handedOut.lists.set(reusableContents, revision.reusableContents);
  const source = get<SourceObject>(revision.source, 'source').s;
  return {
    pages,
    files,
    reusableContents,
    tags: revision.tags,
    ...(revision.variables === undefined ? {} : { variables: revision.variables }),
    source,
    sourceHash: revision.source,
  };
}
