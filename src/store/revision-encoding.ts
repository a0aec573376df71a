import { QuireError } from '../errors/index.ts';
import { buildChunkedList, type ListEntry, type ListRef } from './chunked-list.ts';
import { canonicalJson } from './canonical-json.ts';
import { isContentHash, sha256Hex, type ContentHash } from './content-hash.ts';
import type { EncodedObject } from './object-store.ts';
import type { RevisionContent, StoredPage } from './revision-content.ts';
import { referencesOf, type ContentObject, type RevisionRootObject, type StoredSource } from './revision-objects.ts';

/** An object of an encoded revision, with what it refers to and what must exist before it is stored. */
export interface EncodedContentObject extends EncodedObject {
  refs: readonly ContentHash[];
  /** Document ids its page or reusable content refers to. */
  documents: readonly string[];
  /** Blob hashes its file refers to. */
  blobs: readonly ContentHash[];
}

/** A revision's content as a graph of content objects, by hash, and the hash of its root. */
export interface EncodedRevision {
  root: ContentHash;
  objects: Map<ContentHash, EncodedContentObject>;
}

const pageTypes = new Set(['document', 'group', 'link', 'computed']);

/**
 * Turns a revision's content into content objects, bottom-up, checking the shape the store relies on:
 * unique page, file and reusable-content ids; groups only at the root; no page bodies inline (bodies are
 * documents, referred to by `documentId`); every file names its blob. Pure; nothing is written.
 *
 * Pages, files and reusable contents found in `handedOut` (frozen, read from this store) are not encoded
 * again: their stored hash is used, so a revision made by replacing a few pages of one read costs little.
 *
 * @example
 * const { root, objects } = encodeRevision(content, storedSource, objects.handedOut);
 */
export function encodeRevision(content: RevisionContent, source: StoredSource, handedOut?: WeakMap<object, ContentHash>): EncodedRevision {
  const objects = new Map<ContentHash, EncodedContentObject>();
  const emit = (value: ContentObject, extra: { documents?: string[]; blobs?: ContentHash[] } = {}): ContentHash => {
    const body = canonicalJson(value);
    const hash = sha256Hex(body);
    if (!objects.has(hash)) {
      objects.set(hash, { hash, kind: value.t, body, refs: referencesOf(value), documents: extra.documents ?? [], blobs: extra.blobs ?? [] });
    }
    return hash;
  };
  const list = (entries: ListEntry[]): ListRef => buildChunkedList(entries, (chunk) => emit(chunk));

  const pageIds = new Set<string>();
  const encodePage = (page: StoredPage, path: string, atRoot: boolean): ListEntry => {
    if (typeof page !== 'object' || page === null || Array.isArray(page)) throw invalid(path, 'is not a page object');
    const { pages, urls: _urls, ...fields } = page as StoredPage & { urls?: unknown; pages?: unknown };
    const id = fields.id;
    if (typeof id !== 'string' || id === '') throw invalid(`${path}.id`, 'must be a non-empty string');
    if (pageIds.has(id)) throw invalid(`${path}.id`, `repeats page id ${id}`);
    pageIds.add(id);
    if (!pageTypes.has(fields.type)) throw invalid(`${path}.type`, `must be one of document, group, link, computed (page ${id})`);
    if (fields.type === 'group' && !atRoot) throw invalid(path, `is a group below the root (page ${id}); groups exist at the root only`);
    const stored = handedOut?.get(page);
    if (stored !== undefined) {
      // A stored subtree is valid in itself; only its ids can clash with the rest of this revision. This walk is
      // the one pass over unchanged pages, so it builds no strings unless an id repeats.
      const claim = (child: StoredPage): void => {
        const grandchildren = (child as { pages?: StoredPage[] }).pages;
        if (grandchildren === undefined) return;
        for (const grandchild of grandchildren) {
          if (pageIds.has(grandchild.id)) throw invalid(`${path} (below)`, `repeats page id ${grandchild.id}`);
          pageIds.add(grandchild.id);
          claim(grandchild);
        }
      };
      claim(page);
      return { hash: stored, key: id };
    }
    if ('markdown' in fields || 'document' in fields) {
      throw invalid(path, `carries its body inline (page ${id}); store it with putDocument and refer to it by documentId`);
    }
    let children: ListRef | undefined;
    if (pages !== undefined) {
      if (!Array.isArray(pages)) throw invalid(`${path}.pages`, `must be an array (page ${id})`);
      children = list(pages.map((child: StoredPage, index: number) => encodePage(child, `${path}.pages[${index}]`, false)));
    } else if (fields.type === 'document' || fields.type === 'group') {
      throw invalid(`${path}.pages`, `is missing (page ${id})`);
    }
    const documentId = (fields as { documentId?: unknown }).documentId;
    if (documentId !== undefined && typeof documentId !== 'string') throw invalid(`${path}.documentId`, `must be a string (page ${id})`);
    const hash = emit(
      { t: 'page', p: fields as Record<string, unknown>, ...(children === undefined ? {} : { c: children }) },
      { documents: documentId === undefined ? [] : [documentId] },
    );
    return { hash, key: id };
  };

  if (!Array.isArray(content.pages)) throw invalid('pages', 'must be an array');
  const pages = list(content.pages.map((page, index) => encodePage(page, `pages[${index}]`, true)));

  const fileIds = new Set<string>();
  const files = list(
    (content.files ?? []).map((file, index) => {
      const path = `files[${index}]`;
      if (typeof file !== 'object' || file === null) throw invalid(path, 'is not a file object');
      if (typeof file.id !== 'string' || file.id === '') throw invalid(`${path}.id`, 'must be a non-empty string');
      if (fileIds.has(file.id)) throw invalid(`${path}.id`, `repeats file id ${file.id}`);
      fileIds.add(file.id);
      if (!isContentHash(file.blob)) throw invalid(`${path}.blob`, `must be the SHA-256 of the file's bytes, from putBlob (file ${file.id})`);
      const known = handedOut?.get(file);
      if (known !== undefined) return { hash: known, key: file.id };
      const { downloadURL: _downloadURL, ...stored } = file as typeof file & { downloadURL?: unknown };
      return { hash: emit({ t: 'file', f: stored }, { blobs: [file.blob] }), key: file.id };
    }),
  );

  const reusableIds = new Set<string>();
  const reusableContents = list(
    (content.reusableContents ?? []).map((reusable, index) => {
      const path = `reusableContents[${index}]`;
      if (typeof reusable !== 'object' || reusable === null) throw invalid(path, 'is not a reusable content object');
      if (typeof reusable.id !== 'string' || reusable.id === '') throw invalid(`${path}.id`, 'must be a non-empty string');
      if (reusableIds.has(reusable.id)) throw invalid(`${path}.id`, `repeats reusable content id ${reusable.id}`);
      reusableIds.add(reusable.id);
      const known = handedOut?.get(reusable);
      if (known !== undefined) return { hash: known, key: reusable.id };
      const document = (reusable as { document?: unknown }).document;
      if (document !== undefined && typeof document !== 'string') throw invalid(`${path}.document`, 'must be a string');
      return { hash: emit({ t: 'reusable', r: reusable }, { documents: document === undefined ? [] : [document] }), key: reusable.id };
    }),
  );

  const sourceHash = emit({ t: 'source', s: source }, { blobs: Object.values(source.extra) });
  const root: RevisionRootObject = {
    t: 'revision',
    pages,
    files,
    reusableContents,
    tags: content.tags ?? [],
    ...(content.variables === undefined ? {} : { variables: content.variables }),
    source: sourceHash,
  };
  return { root: emit(root), objects };
}

/**
 * The objects of an encoded revision that are not stored yet, found top-down: when an object is stored,
 * everything below it is too (objects are written with all they refer to), so its subtree is skipped. A
 * one-page edit asks about O(depth × chunk size) hashes, not about every page.
 *
 * @example
 * const toWrite = await missingObjects(encoded, (hashes) => objects.missing(hashes));
 */
export async function missingObjects(
  encoded: EncodedRevision,
  missing: (hashes: ContentHash[]) => Promise<Set<ContentHash>>,
): Promise<EncodedContentObject[]> {
  const out: EncodedContentObject[] = [];
  const visited = new Set<ContentHash>();
  let frontier: ContentHash[] = [encoded.root];
  while (frontier.length > 0) {
    const fresh = [...new Set(frontier)].filter((hash) => !visited.has(hash));
    for (const hash of fresh) visited.add(hash);
    const absent = await missing(fresh);
    const next: ContentHash[] = [];
    for (const hash of fresh) {
      if (!absent.has(hash)) continue;
      const object = encoded.objects.get(hash);
      if (object === undefined) {
        throw new QuireError('STORE_CORRUPT', `content object ${hash}, read from this store earlier, is missing from the database`, { hash });
      }
      out.push(object);
      for (const ref of object.refs) next.push(ref);
    }
    frontier = next;
  }
  return out;
}

function invalid(path: string, problem: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `${path} ${problem}`, { field: path });
}
