// The character codes micromark hands to tokenizers, and the few classes of them our constructs test.
// micromark encodes line endings and tab stops as negative codes (see micromark-util-symbol), and
// the end of the input as `null`.
import type { Code } from 'micromark-util-types';

export const codes = {
  carriageReturn: -5,
  lineFeed: -4,
  carriageReturnLineFeed: -3,
  horizontalTab: -2,
  virtualSpace: -1,
  space: 32,
  quotationMark: 34,
  dollarSign: 36,
  percentSign: 37,
  apostrophe: 39,
  lessThan: 60,
  equalsTo: 61,
  backslash: 92,
  leftCurlyBrace: 123,
  rightCurlyBrace: 125,
} as const;

/** `\r`, `\n` or `\r\n`. */
export function isLineEnding(code: Code): boolean {
  return code !== null && code < codes.horizontalTab;
}

/** A space or (a piece of) a tab. */
export function isSpaceOrTab(code: Code): boolean {
  return code === codes.horizontalTab || code === codes.virtualSpace || code === codes.space;
}

/** The end of a line or of the input. */
export function isEndOfLine(code: Code): boolean {
  return code === null || isLineEnding(code);
}
