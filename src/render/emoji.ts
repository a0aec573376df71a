/**
 * An emoji as the published model stores it ("Unicode codepoint or character of the emoji"): `1f389` or `🎉`,
 * as the character. Code points out of range give `undefined`.
 *
 * @example
 * emojiCharacter('1f389') // → '🎉'
 * emojiCharacter('1f1eb-1f1f7') // → '🇫🇷'
 */
export function emojiCharacter(emoji: string | undefined): string | undefined {
  if (emoji === undefined || emoji === '') return undefined;
  if (!/^[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*$/i.test(emoji)) return emoji.slice(0, 16);
  const points = emoji.split('-').map((hex) => Number.parseInt(hex, 16));
  if (points.some((point) => point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff))) return undefined;
  return String.fromCodePoint(...points);
}
