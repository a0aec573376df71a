import { createHash } from 'node:crypto';
import { inlineFileBytes, type FileLimits } from './file-limits.ts';

/** How a change carries a file's bytes: the fields it gets (`base64` or `blob`), its weight, and what to upload first. */
export interface FileBytesChange {
  fields: { base64: string } | { blob: string };
  /** Bytes the field adds to the batch's body. */
  weight: number;
  /** The bytes to upload before the change is sent, named by their SHA-256; none for base64. */
  upload: { blob: string; bytes: Uint8Array } | undefined;
}

/**
 * Small files go as base64 inside the batch; larger ones, when the server takes uploads, are named by `blob`
 * and streamed just before the batch (`file-uploads`), so no batch carries megabytes of base64.
 *
 * @example
 * fileBytesChange(new Uint8Array(3_000_000), { maxFileBytes: 1e8, uploads: true }).fields // → { blob: '<sha256>' }
 */
export function fileBytesChange(bytes: Uint8Array, limits: FileLimits): FileBytesChange {
  if (limits.uploads && bytes.byteLength > inlineFileBytes) {
    const blob = createHash('sha256').update(bytes).digest('hex');
    return { fields: { blob }, weight: blob.length, upload: { blob, bytes } };
  }
  const base64 = Buffer.from(bytes).toString('base64');
  return { fields: { base64 }, weight: base64.length, upload: undefined };
}
