import { createHash } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A 20-character id derived from `input` (base62 of its SHA-256), shaped like the service's ids.
 * The same input always gives the same id, which is what makes ids of content read from a directory stable.
 *
 * @example
 * contentId('page:guide/intro.md') // → 'k3J...' (20 characters)
 */
export function contentId(input: string | Uint8Array): string {
  const digest = createHash('sha256').update(input).digest();
  let id = '';
  for (let index = 0; id.length < 20; index++) {
    id += alphabet[digest[index]! % 62];
  }
  return id;
}

/**
 * The id of a page or reusable-content body: derived from its text, so the same body is stored once and gets
 * the same id in a bundle, in the store and in the service (the published `documentId`).
 *
 * @example
 * documentIdOf('Hello.\n') === documentIdOf('Hello.\n') // → true
 */
export function documentIdOf(body: string): string {
  return contentId(`document:${body}`);
}
