import type { RevisionReusableContent, RevisionTag, Variables } from '@gitbook/api';
import type { DirectorySource } from '../../model/index.ts';
import type { ListChunkObject, ListRef } from './chunked-list.ts';
import type { ContentHash } from '../blobs/content-hash.ts';
import type { StoredRevisionFile } from './revision-content.ts';

/*
 * The content objects a revision is made of, as stored in `objects` (canonical JSON, keyed by its SHA-256).
 * Like Git's trees: a page node holds the page's own fields and the hashes of its children's nodes (a chunked
 * list, see chunked-list.ts), so a page's hash covers its whole subtree and unchanged subtrees are shared
 * between revisions. Short keys: there is one object per page.
 */

/** A page without its children (`p`), and its children list (`c`, absent on link and computed pages). */
export interface PageNodeObject {
  t: 'page';
  p: Record<string, unknown>;
  c?: ListRef;
}

export interface FileObject {
  t: 'file';
  f: StoredRevisionFile;
}

export interface ReusableContentObject {
  t: 'reusable';
  r: RevisionReusableContent;
}

/** `DirectorySource` with the bytes of `extra` files replaced by their blob hashes. */
export type StoredSource = Omit<DirectorySource, 'extra'> & { extra: Record<string, ContentHash> };

export interface SourceObject {
  t: 'source';
  s: StoredSource;
}

/** The root of a revision's content; the revision row (id, parents, type, git, time) points at it. */
export interface RevisionRootObject {
  t: 'revision';
  pages: ListRef;
  files: ListRef;
  reusableContents: ListRef;
  tags: RevisionTag[];
  variables?: Variables;
  source: ContentHash;
}

export type ContentObject = PageNodeObject | FileObject | ReusableContentObject | SourceObject | RevisionRootObject | ListChunkObject;

/**
 * The hashes an object refers to.
 *
 * @example
 * referencesOf({ t: 'page', p: { id: 'a' }, c: { l: 0, i: ['3f…'] } }) // → ['3f…']
 */
export function referencesOf(object: ContentObject): readonly ContentHash[] {
  switch (object.t) {
    case 'list':
      return object.i;
    case 'page':
      return object.c?.i ?? [];
    case 'revision':
      return [...object.pages.i, ...object.files.i, ...object.reusableContents.i, object.source];
    default:
      return [];
  }
}
