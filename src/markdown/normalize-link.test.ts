import fc from 'fast-check';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { describe, expect, it } from 'vitest';
import { normalizeLink } from './normalize-link.ts';

describe('normalizeLink', () => {
  it.each([
    ['guides/install.md#step-2', 'guides/install.md#step-2'],
    ['https://example.com/a?b=c&d=e', 'https://example.com/a?b=c&d=e'],
    ['a b.md', 'a%20b.md'],
    ['caf%C3%A9', 'caf%C3%A9'],
    ['100%', '100%25'],
    ['%zz%4', '%zz%254'],
    ['café', 'caf%C3%A9'],
    ['a\\b|c', 'a%5Cb%7Cc'],
    ['\uD83D\uDE00 \uD800', '%F0%9F%98%80%20%EF%BF%BD'],
    ['', ''],
  ])('%j → %j', (url, normalized) => {
    expect(normalizeLink(url)).toBe(normalized);
    expect(normalizeUri(url)).toBe(normalized);
  });

  it('writes every link as micromark’s normalizeUri does', () => {
    // Mostly the characters links are made of, with the percent signs, spaces, controls and non-ASCII ones that need encoding.
    const character = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019/.-_#?=&:%~!$()*+,;@[]') },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)) },
      { weight: 1, arbitrary: fc.constantFrom('é', '日', '\uD83D\uDE00', '\uD800', '\uDC00', '\u00A0', '\u2028') },
    );
    const url = fc.array(character, { maxLength: 40 }).map((characters) => characters.join(''));
    fc.assert(fc.property(url, (value) => normalizeLink(value) === normalizeUri(value)), { numRuns: 5000 });
  });
});
