import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A random 20-character base62 id, shaped like the service's ids (about 119 bits of randomness). Rejection
 * sampling keeps every character equally likely.
 *
 * @example
 * randomId() // → 'Xk3J9aQ0pLm2Zr8TbW1c'
 */
export function randomId(): string {
  let id = '';
  while (id.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < 20) id += alphabet[byte % 62];
    }
  }
  return id;
}
