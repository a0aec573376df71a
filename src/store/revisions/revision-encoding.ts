import type { RevisionReusableContent } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import { buildChunkedListAfter, type ListChunkObject, type ListEntry, type ListRef } from './chunked-list.ts';
import { canonicalJson } from '../canonical-json.ts';
import { isContentHash, sha256Hex, type ContentHash } from '../blobs/content-hash.ts';
import type { EncodedObject } from '../blobs/object-store.ts';
import { encodePageTree, type EncodedPageTree, type KnownContent } from './page-tree-encoding.ts';
import type { RevisionContent, StoredRevisionFile } from './revision-content.ts';
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

/**
 * Turns a revision's content into content objects, bottom-up, checking the shape the store relies on:
 * unique page, file and reusable-content ids; groups only at the root; no page bodies inline (bodies are
 * documents, referred to by `documentId`); every file names its blob. Pure; nothing is written.
 *
 * What `known` says the store handed out is not encoded again: a root list (pages, files, reusable contents)
 * handed out as it is keeps its stored list; pages, files and reusable contents keep their stored hash, and
 * the page tree is checked in time proportional to what changed (page-tree-encoding.ts); a source handed out
 * is named by its hash (`source` is then that hash). So a revision made by replacing a few pages of one read
 * costs little. The result says how to index the new page tree (`pageIndex`, for `PageIdIndex.derive`), and
 * which handed-out pages it took as they are (`handedOutPages`, so that reading the revision back reuses them).
 *
 * @example
 * const { root, objects, pageIndex } = encodeRevision(content, storedSource, known);
 */
export function encodeRevision(
  content: RevisionContent,
  source: StoredSource | ContentHash,
  known?: KnownContent,
): EncodedRevision & Pick<EncodedPageTree, 'handedOutPages' | 'sharedRoots' | 'sharedChildren'> & { pageIndex: EncodedPageTree['index'] } {
  const objects = new Map<ContentHash, EncodedContentObject>();
  const emit = (value: ContentObject, extra: { documents?: string[]; blobs?: ContentHash[] } = {}): ContentHash => {
    const body = canonicalJson(value);
    const hash = sha256Hex(body);
    if (!objects.has(hash)) {
      objects.set(hash, { hash, kind: value.t, body, refs: referencesOf(value), documents: extra.documents ?? [], blobs: extra.blobs ?? [] });
    }
    return hash;
  };
  const emitChunk = (chunk: ListChunkObject): ContentHash => {
    const remembered = known?.listChunks?.recall(chunk);
    if (remembered !== undefined) {
      if (!objects.has(remembered.hash)) objects.set(remembered.hash, remembered);
      return remembered.hash;
    }
    const hash = emit(chunk);
    known?.listChunks?.remember(chunk, objects.get(hash)!);
    return hash;
  };
  const list = (entries: ListEntry[], leading: readonly ListEntry[] = []): ListRef => buildChunkedListAfter(leading, entries, emitChunk);

  const tree = encodePageTree(content.pages, (node, documents) => emit(node, { documents }), list, known);

  const files = reuseList(content.files, known) ?? encodeFiles(content.files ?? [], emit, list, known);
  const reusableContents = reuseList(content.reusableContents, known) ?? encodeReusableContents(content.reusableContents ?? [], emit, list, known);

  const sourceHash = typeof source === 'string' ? source : emit({ t: 'source', s: source }, { blobs: Object.values(source.extra) });
  const root: RevisionRootObject = {
    t: 'revision',
    pages: tree.list,
    files,
    reusableContents,
    tags: content.tags ?? [],
    ...(content.variables === undefined ? {} : { variables: content.variables }),
    source: sourceHash,
  };
  return { root: emit(root), objects, pageIndex: tree.index, handedOutPages: tree.handedOutPages, sharedRoots: tree.sharedRoots, sharedChildren: tree.sharedChildren };
}

type Emit = (value: ContentObject, extra?: { documents?: string[]; blobs?: ContentHash[] }) => ContentHash;

/** The stored list of a root array handed out as it is (a list the store wrote is valid). */
function reuseList(items: unknown, known: KnownContent | undefined): ListRef | undefined {
  return typeof items === 'object' && items !== null ? known?.lists.get(items) : undefined;
}

function encodeFiles(files: readonly StoredRevisionFile[], emit: Emit, list: (entries: ListEntry[]) => ListRef, known: KnownContent | undefined): ListRef {
  if (!Array.isArray(files)) throw invalid('files', 'must be an array');
  const fileIds = new Set<string>();
  return list(
    files.map((file, index) => {
      const path = `files[${index}]`;
      if (typeof file !== 'object' || file === null) throw invalid(path, 'is not a file object');
      if (typeof file.id !== 'string' || file.id === '') throw invalid(`${path}.id`, 'must be a non-empty string');
      if (fileIds.has(file.id)) throw invalid(`${path}.id`, `repeats file id ${file.id}`);
      fileIds.add(file.id);
      if (!isContentHash(file.blob)) throw invalid(`${path}.blob`, `must be the SHA-256 of the file's bytes, from putBlob (file ${file.id})`);
      const stored = known?.objects.get(file);
      if (stored !== undefined) return { hash: stored, key: file.id };
      const { downloadURL: _downloadURL, ...kept } = file as typeof file & { downloadURL?: unknown };
      return { hash: emit({ t: 'file', f: kept }, { blobs: [file.blob] }), key: file.id };
    }),
  );
}

function encodeReusableContents(
  reusableContents: readonly RevisionReusableContent[],
  emit: Emit,
  list: (entries: ListEntry[]) => ListRef,
  known: KnownContent | undefined,
): ListRef {
  if (!Array.isArray(reusableContents)) throw invalid('reusableContents', 'must be an array');
  const reusableIds = new Set<string>();
  return list(
    reusableContents.map((reusable, index) => {
      const path = `reusableContents[${index}]`;
      if (typeof reusable !== 'object' || reusable === null) throw invalid(path, 'is not a reusable content object');
      if (typeof reusable.id !== 'string' || reusable.id === '') throw invalid(`${path}.id`, 'must be a non-empty string');
      if (reusableIds.has(reusable.id)) throw invalid(`${path}.id`, `repeats reusable content id ${reusable.id}`);
      reusableIds.add(reusable.id);
      const stored = known?.objects.get(reusable);
      if (stored !== undefined) return { hash: stored, key: reusable.id };
      const document = (reusable as { document?: unknown }).document;
      if (document !== undefined && typeof document !== 'string') throw invalid(`${path}.document`, 'must be a string');
      return { hash: emit({ t: 'reusable', r: reusable }, { documents: document === undefined ? [] : [document] }), key: reusable.id };
    }),
  );
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
