import type { Readable } from 'node:stream';
import { QuireError } from '../../errors/index.ts';
import type { BlobInfo } from './blob-folder.ts';
import type { BlobExpectation, WrittenBlob } from './blob-stream-write.ts';
import type { ContentHash } from './content-hash.ts';
import type { StoreContext } from '../store-context.ts';

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
  /**
   * Stores the bytes of a stream (an upload) without buffering them, when they are `expected.size` bytes, at
   * most `expected.maxBytes`, with the digests given; `FILE_TOO_LARGE` or `INVALID_ARGUMENT` otherwise.
   *
   * @example
   * const { hash, gitOid } = await store.putBlobStream(request.raw, { size: 5_000_000, maxBytes: 100_000_000 });
   */
  putBlobStream(stream: Readable, expected: BlobExpectation): Promise<WrittenBlob>;
  /** The size of a stored blob, or undefined when there is none. */
  blobSize(hash: ContentHash): Promise<number | undefined>;
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
    putBlobStream: (stream, expected) => context.blobs.putStream(stream, expected),
    blobSize: (hash) => context.blobs.sizeOf(hash),
  };
}
