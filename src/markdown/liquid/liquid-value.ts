import type { ValueSyntax } from '../attributes/value-syntax.ts';

/**
 * Attribute values in Liquid tags escape with backslashes. GitBook's exporter escapes Markdown
 * punctuation there too (`url="https://example.com/\#/"` in the corpus `page-link.md`), so a
 * backslash before any ASCII punctuation is an escape, as in CommonMark text.
 */
export const liquidValue: ValueSyntax = {
  decode: (written) => written.replace(/\\([!-/:-@[-`{-~])/g, '$1'),
  // Only what would end or break the quoted value needs escaping when we write one.
  encode: (value) => value.replace(/[\\"]/g, '\\$&'),
};
