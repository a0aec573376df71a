import type { InsertedFile } from '../../content/index.ts';
import type { RevisionSnapshot } from '../../model/index.ts';
import type { RevisionContent, RevisionType, Store } from '../../store/index.ts';

/**
 * Stores the new bodies an operation made (submitted, relinked or merged), before the revision that names
 * them. Storing a body that is there already writes nothing.
 *
 * @example
 * await storeDocuments(ctx.store, applied.documents);
 */
export async function storeDocuments(store: Pick<Store, 'putDocuments'>, documents: ReadonlyMap<string, string>): Promise<void> {
  await store.putDocuments([...documents.values()]);
}

/**
 * Stores the bytes of files sent as base64 under their SHA-256 (the `blob` their records name); files that
 * name an uploaded blob have their bytes stored already.
 *
 * @example
 * await storeBlobs(ctx.store, [...applied.files, ...applied.replacedFiles]);
 */
export async function storeBlobs(store: Pick<Store, 'putBlob'>, files: readonly InsertedFile[]): Promise<void> {
  for (const { bytes } of files) if (bytes !== undefined) await store.putBlob(bytes);
}

/**
 * What `putRevision` stores for a snapshot: its content only (never the `git` of the revision it was read
 * from: a new revision has no commit until one is recorded), with the revision's type and parents.
 *
 * @example
 * await store.putRevision(spaceId, revisionContentOf(applied.snapshot, { type: 'edits', parents: [head] }));
 */
export function revisionContentOf(snapshot: RevisionSnapshot, how: { type: RevisionType; parents: string[]; mergedFromChangeRequest?: string }): RevisionContent {
  return {
    type: how.type,
    parents: how.parents,
    pages: snapshot.pages,
    files: snapshot.files,
    reusableContents: snapshot.reusableContents,
    tags: snapshot.tags,
    ...(snapshot.variables === undefined ? {} : { variables: snapshot.variables }),
    source: snapshot.source,
    ...(how.mergedFromChangeRequest === undefined ? {} : { mergedFromChangeRequest: how.mergedFromChangeRequest }),
  };
}

/**
 * The content of a stored revision as a snapshot, without the revision's own record (id, parents, time, git),
 * so that two revisions with the same content compare equal in a three-way merge.
 *
 * @example
 * const base = contentSnapshot(await store.getRevision(baseId));
 */
export function contentSnapshot(revision: RevisionSnapshot): RevisionSnapshot {
  return {
    pages: revision.pages,
    files: revision.files,
    reusableContents: revision.reusableContents,
    tags: revision.tags,
    ...(revision.variables === undefined ? {} : { variables: revision.variables }),
    source: revision.source,
  };
}
