import type { ValueSyntax } from '../attributes/value-syntax.ts';

const references: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * HTML attribute values escape with character references. We decode the numeric ones and the five
 * XML ones, which is what writers of attribute values produce; others stay as written.
 */
export const htmlValue: ValueSyntax = {
  decode: (written) =>
    written.replace(/&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g, (whole, hex?: string, decimal?: string, name?: string) => {
      if (name) return references[name]!;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }),
  // `&` only where it would read as a reference, so URLs with `&` in queries stay as GitBook writes them.
  encode: (value) => value.replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;').replace(/"/g, '&quot;'),
};
