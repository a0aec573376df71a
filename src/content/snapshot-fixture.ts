// Test support: snapshots built inline, or from a Markdown directory the way the service would store it.
import { createHash } from 'node:crypto';
import { readDirectory } from '../format/read-directory.ts';
import { writeDirectory } from '../format/write-directory.ts';
import { emptyDirectorySource, type RevisionBundle } from '../model/revision-bundle.ts';
import type { RevisionSnapshot, SnapshotChildPage, SnapshotDocumentPage, SnapshotPage } from '../model/revision-snapshot.ts';
import { defaultLayout } from '../format/page-metadata.ts';
import { documentIdOf } from '../format/read-directory.ts';
import { documentsFrom, type DocumentLookup } from './document-lookup.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A document page made by the service (no Git path), with the body registered in `bodies`. */
export function documentPage(
  id: string,
  fields: { title?: string; slug?: string; body?: string; pages?: SnapshotChildPage[]; extra?: Record<string, unknown> } = {},
  bodies?: Map<string, string>,
): SnapshotDocumentPage {
  const title = fields.title ?? id.toUpperCase();
  const page = {
    id,
    title,
    kind: 'sheet',
    type: 'document',
    slug: fields.slug ?? id,
    path: '',
    pages: fields.pages ?? [],
    layout: { ...defaultLayout },
    tags: [],
    ...(fields.extra ?? {}),
  } as SnapshotDocumentPage;
  if (fields.body !== undefined && fields.body !== '') {
    const documentId = documentIdOf(fields.body);
    bodies?.set(documentId, fields.body);
    (page as { documentId?: string }).documentId = documentId;
  }
  return page;
}

/** A snapshot of the given pages, with paths assigned and everything frozen, as the store hands it out. */
export function snapshotOf(pages: SnapshotPage[], extra: Partial<RevisionSnapshot> = {}): RevisionSnapshot {
  const assign = (list: SnapshotPage[], parentPath: string) => {
    for (const page of list) {
      if (page.type !== 'document' && page.type !== 'group') continue;
      page.path = parentPath === '' ? page.slug : page.slug === '' ? parentPath : `${parentPath}/${page.slug}`;
      assign(page.pages, page.path);
    }
  };
  assign(pages, '');
  return deepFreeze({ pages, files: [], reusableContents: [], tags: [], source: emptyDirectorySource(), ...extra });
}

/** A snapshot read from a Markdown directory, its bodies, and a lookup over them. */
export function snapshotFromDirectory(files: Record<string, string>): { snapshot: RevisionSnapshot; bodies: Map<string, string>; lookup: DocumentLookup; bundle: RevisionBundle } {
  const bundle = readDirectory(new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]))).bundle;
  const snapshot = snapshotFromBundle(bundle);
  const bodies = new Map(Object.entries(bundle.documents));
  return { snapshot, bodies, lookup: documentsFrom(bodies), bundle };
}

export function snapshotFromBundle(bundle: RevisionBundle): RevisionSnapshot {
  const { revision } = bundle;
  return deepFreeze(
    structuredClone({
      pages: revision.pages as unknown as SnapshotPage[],
      files: revision.files.map(({ downloadURL: _url, ...file }) => ({ ...file, blob: createHash('sha256').update(bundle.files[file.id]!).digest('hex') })),
      reusableContents: revision.reusableContents,
      tags: revision.tags,
      source: bundle.source,
    }),
  );
}

/** Writes a snapshot out as a directory (text files as strings), the way export and sync would. */
export function directoryOf(snapshot: RevisionSnapshot, bodies: ReadonlyMap<string, string>, fileBytes: ReadonlyMap<string, Uint8Array> = new Map()): Record<string, string> {
  const bundle: RevisionBundle = {
    revision: {
      object: 'revision',
      id: 'r',
      parents: [],
      createdAt: '2020-01-01T00:00:00Z',
      type: 'edits',
      urls: { app: '' },
      pages: snapshot.pages as never,
      files: snapshot.files.map((file) => ({ ...file, downloadURL: '' })) as never,
      reusableContents: snapshot.reusableContents,
      tags: snapshot.tags,
    } as unknown as RevisionBundle['revision'],
    documents: Object.fromEntries(bodies),
    files: Object.fromEntries(snapshot.files.map((file) => [file.id, fileBytes.get(file.blob) ?? new Uint8Array()])),
    source: snapshot.source,
  };
  return Object.fromEntries([...writeDirectory(bundle)].map(([path, bytes]) => [path, decoder.decode(bytes)]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value) && !(value instanceof Uint8Array)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Ids `n1`, `n2`, ... in order. */
export function sequentialIds(prefix = 'n'): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}
