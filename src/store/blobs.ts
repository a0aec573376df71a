import type { Readable } from 'node:stream';
import { QuireError } from '../errors/index.ts';
import type { BlobInfo } from './blob-folder.ts';
import type { ContentHash } from './content-hash.ts';
import type { StoreContext } from './store-context.ts';

export interface BlobStore {
  /**
   * Stores file bytes under their SHA-256 and returns it (the `blob` of a stored file). The same bytes are
   * stored once.
   *
   * @example
   * const { hash, size } = await store.putBlob(await readFile('logo.png'));
   */
  putBlob(bytes: Uint8Array): Promise<BlobInfo>;
  /** The bytes of a blob; `NOT_FOUND` when there is none. */
  getBlob(hash: ContentHash): Promise<Uint8Array>;
  /** A stream of a blob's bytes and its size, for serving large files; `NOT_FOUND` when there is none. */
  openBlob(hash: ContentHash): Promise<{ size: number; stream: Readable }>;
  hasBlob(hash: ContentHash): Promise<boolean>;
}

/**
 * The blob methods of a Store.
 *
 * @example
 * const blobs = blobStore(context);
 */
export function blobStore(context: StoreContext): BlobStore {
  return {
    putBlob(bytes) {
      if (!(bytes instanceof Uint8Array)) throw new QuireError('INVALID_ARGUMENT', 'bytes must be a Uint8Array', { field: 'bytes' });
      return context.blobs.put(bytes);
    },
    getBlob: (hash) => context.blobs.get(hash),
    openBlob: (hash) => context.blobs.open(hash),
    hasBlob: (hash) => context.blobs.has(hash),
  };
}
