import type { Options } from 'mdast-util-to-markdown';

/**
 * The canonical style (FORMAT.md, "Canonical style"): the style of GitBook's own exporter, so that
 * its exports, the golden corpus, are written back unchanged. Hard breaks are `\` + line ending and
 * fences grow past any fence in the code by default in mdast-util-to-markdown. Links are always
 * `[text](url)`, never `<url>`: GitBook writes a link whose text is its URL that way (the body of
 * its OpenAPI blocks), and so a bare URL in text reads back as the same link.
 */
export const canonicalStyle: Options = {
  bullet: '*',
  bulletOther: '-',
  bulletOrdered: '.',
  listItemIndent: 'one',
  incrementListMarker: true,
  emphasis: '_',
  strong: '*',
  rule: '*',
  ruleRepetition: 3,
  ruleSpaces: false,
  fence: '`',
  fences: true,
  setext: false,
  closeAtx: false,
  quote: '"',
  resourceLink: true,
};
