import type { SnapshotPage } from '../../model/index.ts';
import type { Store, StoredRevision } from '../../store/index.ts';

/** How many file blobs are read at once. */
const blobReadConcurrency = 16;

/**
 * The ids of every document a stored revision refers to: each document page's body, then each reusable content's.
 *
 * @example
 * const documents = Object.fromEntries(await ctx.store.getDocuments(documentIdsOf(revision)));
 */
export function documentIdsOf(revision: StoredRevision): string[] {
  const ids: string[] = [];
  const walk = (pages: readonly SnapshotPage[]) => {
    for (const page of pages) {
      if ('documentId' in page && typeof page.documentId === 'string') ids.push(page.documentId);
      if (page.type === 'document' || page.type === 'group') walk(page.pages);
    }
  };
  walk(revision.pages);
  for (const reusable of revision.reusableContents) if ('document' in reusable && typeof reusable.document === 'string') ids.push(reusable.document);
  return ids;
}

/**
 * The bytes of each blob, in order, read `blobReadConcurrency` at a time: a revision of many files is neither read
 * one file after another nor all at once.
 *
 * @example
 * const [logo, diagram] = await readBlobs(ctx.store, [logoBlob, diagramBlob]);
 */
export async function readBlobs(store: Pick<Store, 'getBlob'>, blobs: readonly string[]): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let start = 0; start < blobs.length; start += blobReadConcurrency) {
    out.push(...(await Promise.all(blobs.slice(start, start + blobReadConcurrency).map((blob) => store.getBlob(blob)))));
  }
  return out;
}
