import { hash } from 'node:crypto';

/** A SHA-256 digest in lower-case hex: the key of a content object or of a blob. */
export type ContentHash = string;

const contentHashPattern = /^[0-9a-f]{64}$/;

/**
 * SHA-256 of a string (as UTF-8) or of bytes, in lower-case hex. Node's one-shot `hash`: for the short strings
 * hashed on every request (API tokens), a third of the time of a `createHash` object.
 *
 * @example
 * sha256Hex('') // → 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function sha256Hex(input: string | Uint8Array): ContentHash {
  return hash('sha256', input, 'hex');
}

/**
 * True when `value` has the shape of a content hash, so it is safe to use as a file name in the blob folder.
 *
 * @example
 * isContentHash('../etc/passwd') // → false
 */
export function isContentHash(value: unknown): value is ContentHash {
  return typeof value === 'string' && contentHashPattern.test(value);
}
