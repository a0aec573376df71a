import type { ContentChange } from '../../content/index.ts';
import type { Store } from '../../store/index.ts';

/**
 * The sizes of the stored blobs a batch names by `blob` (`insert_files` items, `quire_update_file`): looked up
 * before the batch is applied, which cannot read the store. A `blob` that is not stored is left out, so the
 * change naming it is refused with its field.
 *
 * @example
 * const uploadedBlobs = await uploadedBlobSizes(ctx.store, changes); // → Map { 'a3…' => 5242880 }
 */
export async function uploadedBlobSizes(store: Pick<Store, 'blobSize'>, changes: readonly ContentChange[]): Promise<Map<string, number>> {
  const named = new Set<string>();
  for (const change of changes as unknown as ReadonlyArray<Record<string, unknown>>) {
    if (typeof change['blob'] === 'string') named.add(change['blob']);
    const files = change['files'];
    if (Array.isArray(files)) {
      for (const file of files as unknown[]) {
        const blob = typeof file === 'object' && file !== null ? (file as Record<string, unknown>)['blob'] : undefined;
        if (typeof blob === 'string') named.add(blob);
      }
    }
  }
  const sizes = new Map<string, number>();
  for (const blob of named) {
    const size = await store.blobSize(blob);
    if (size !== undefined) sizes.set(blob, size);
  }
  return sizes;
}
