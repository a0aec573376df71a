import { createHash } from 'node:crypto';

/**
 * The Git blob id of `bytes`: SHA-1 of `blob <length>\0` followed by the bytes, as `git hash-object` computes it.
 *
 * @example
 * gitBlobOid(new Uint8Array()) // → 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'
 */
export function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}
