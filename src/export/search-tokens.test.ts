import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTokenSeparators, tokenCounts } from './search-tokens.ts';

/** What MiniSearch's default tokenizer gives, counted. */
function splitCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of text.split(searchTokenSeparators)) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

// Letters, digits, ASCII punctuation and symbols (some are separators, some not), tabs (not one), Unicode spaces and
// punctuation, combining marks, astral letters and punctuation, and lone surrogates.
const piece = fc.constantFrom('a', 'Z', '7', 'é', 'ß', '東', ' ', '\n', '\r', '\t', '\u00a0', '\u2003', '\u3000', '.', ',', '-', '_', '$', '+', '<', '=', '|', '~', '`', '^', '«', '»', '—', '…', '、', '\u0301', '😀', '𝒜', '\u{10100}', '\u{1D800}', '\ud800', '\udfff', '');

describe('tokenCounts', () => {
  it('counts exactly the tokens of the split on separator runs, empty first and last tokens included', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')), (text) => {
        expect(tokenCounts(text)).toEqual(splitCounts(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the empty tokens of a text that starts or ends with separators, and of an empty text', () => {
    expect(tokenCounts('')).toEqual(new Map([['', 1]]));
    expect(tokenCounts('  ')).toEqual(new Map([['', 2]]));
    expect(tokenCounts(', Rotate the keys, rotate.')).toEqual(new Map([['', 2], ['Rotate', 1], ['the', 1], ['keys', 1], ['rotate', 1]]));
    expect(tokenCounts('a\tb $x')).toEqual(new Map([['a\tb', 1], ['$x', 1]]));
  });
});
