import { createHash } from 'node:crypto';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { decodeBase64, maxInsertedFileBytes } from './file-upload-fields.ts';

/** Where a file's new bytes are: given as base64 (to store), or a blob uploaded beforehand (stored). */
export interface FileSource {
  blob: string;
  size: number;
  bytes?: Uint8Array | undefined;
}

const blobPattern = /^[0-9a-f]{64}$/;

/**
 * Reads the bytes of a file change: exactly one of `base64` (at most 1 MB, the published limit, and the
 * server's file limit) or `blob` (Quire's `file-uploads`: the SHA-256 answered by `POST .../quire/blobs`, which
 * must have been uploaded). `field` prefixes the field names (`files[2].`).
 *
 * @example
 * readFileSource(batch, { blob: 'a3…' }, 0, 'files[0].') // → { blob: 'a3…', size: 5242880 }
 */
export function readFileSource(batch: ContentBatch, entry: Record<string, unknown>, index: number, field: string): FileSource {
  const maxBytes = batch.context.maxFileBytes;
  if ('blob' in entry && 'base64' in entry) throw invalidChange(index, field.replace(/\.$/, '') || 'base64', 'must have exactly one source: base64 or blob, not both');
  if ('blob' in entry) {
    const blob = entry['blob'];
    if (typeof blob !== 'string' || !blobPattern.test(blob)) throw invalidChange(index, `${field}blob`, 'must be the SHA-256 (64 lower-case hex digits) answered by POST /v1/spaces/{spaceId}/quire/blobs');
    const size = batch.context.uploadedBlobs?.get(blob);
    if (size === undefined) throw invalidChange(index, `${field}blob`, `blob ${blob} was not uploaded: POST its bytes to /v1/spaces/{spaceId}/quire/blobs first`);
    if (maxBytes !== undefined && size > maxBytes) throw invalidChange(index, `${field}blob`, `the file has ${size} bytes; this server takes files of at most ${maxBytes} bytes`);
    return { blob, size };
  }
  const limit = maxBytes === undefined ? maxInsertedFileBytes : Math.min(maxBytes, maxInsertedFileBytes);
  const bytes = decodeBase64(entry['base64'], index, `${field}base64`, limit);
  return { blob: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, bytes };
}
