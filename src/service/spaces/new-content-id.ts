import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A new random id for a page or file created by a change (20 base62 characters, like the store's ids and
 * within the published `EntityId` pattern). Bytes past the largest multiple of 62 are skipped, so every
 * character is equally likely.
 *
 * @example
 * newContentId() // → 'q3ZfA0c…' (20 characters)
 */
export function newContentId(): string {
  let id = '';
  while (id.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte >= 248) continue;
      id += alphabet[byte % 62];
      if (id.length === 20) break;
    }
  }
  return id;
}
