import { normalizeUri } from 'micromark-util-sanitize-uri';

/**
 * The ASCII characters micromark's `normalizeUri` keeps as written (its `[!#$&-;=?-Z_a-z~]`), by character code.
 * Every other one it percent-encodes, but `%` before two letters or digits.
 */
const keptAscii = Uint8Array.from({ length: 0x80 }, (_, code) => (/[!#$&-;=?-Z_a-z~]/.test(String.fromCharCode(code)) ? 1 : 0));

/** micromark's `asciiAlphanumeric` (micromark-util-character), without its regular expression test of a new string. */
function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * `url` as micromark's `normalizeUri` writes it (the fast body path's `normalizeLink`, as mdast-util-to-hast
 * normalizes links on the full path): `url` itself when it has nothing to encode, as most links have, without
 * `normalizeUri`'s string and regular expression test for each character: 0.13 µs a link against its 0.8, which was
 * about 1 % of the 1,000-page export's main thread (issue 17). normalize-link.test.ts holds the two equal.
 *
 * @example
 * normalizeLink('guides/install.md#step-2') // → 'guides/install.md#step-2'
 * normalizeLink('a b.md') // → 'a%20b.md'
 */
export function normalizeLink(url: string): string {
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code < 0x80 && keptAscii[code] === 1) continue;
    if (code === 0x25 && isAsciiAlphanumeric(url.charCodeAt(index + 1)) && isAsciiAlphanumeric(url.charCodeAt(index + 2))) {
      index += 2;
      continue;
    }
    return normalizeUri(url);
  }
  return url;
}
