// What the fast path's readers leave to the full path when they meet it in text: the page body's (tokens-to-hast.ts)
// and the OpenAPI descriptions' (src/render/openapi/fast-description.ts).

/**
 * In text, what micromark reads as something markdown-it does not (GFM autolink literals, strikethrough with one
 * tilde (two are read by both), math, backticks left unmatched (markdown-it and micromark pair them differently
 * after a `[`), Liquid tags inside a line, footnote calls), or what may be HTML an editor wrote as text; and
 * emphasis markers left unmatched (an asterisk, an underscore but between letters or digits), where the two may have
 * paired the others differently (`**"* a**s**`).
 */
export const unsupportedText = /\{%|[$~@`*]|www\.|:\/\/|mailto:|xmpp:|\[\^|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/iu;
/** The same in a link's text, where GFM reads no autolink literal (`[https://example.com](https://example.com)`). */
export const unsupportedLinkText = /\{%|[$~`*]|\[\^|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u;

/**
 * Whether `content` (a paragraph's or a heading's inline source) has a run of three emphasis markers or more beside
 * runs of other lengths of the same marker (`****b***a*`, `***a*a*a*`, `**b***a**a***b**`): markdown-it and micromark
 * split such runs into emphasis and strong emphasis differently. Runs of three alone (`***both***`) read the same.
 */
export function mixedDelimiterRuns(content: string): boolean {
  return mixedRuns(content, '*') || mixedRuns(content, '_');
}

/** Whether `content` has a run of three `marker`s or more, and a run of `marker` of another length than three. */
function mixedRuns(content: string, marker: '*' | '_'): boolean {
  if (!content.includes(marker + marker + marker)) return false;
  const code = marker.charCodeAt(0);
  for (let at = content.indexOf(marker); at !== -1; ) {
    let end = at;
    while (content.charCodeAt(end) === code) end++;
    if (end - at !== 3) return true;
    at = content.indexOf(marker, end);
  }
  return false;
}

/**
 * Whether a code span in `content` (a paragraph's inline source) runs across a line ending: across a lazy line that
 * starts with white space, micromark and markdown-it keep different white space in the span (`* ``#`, then ` a```
 * gives `#  a` and `# a`). Backtick runs pair as CommonMark pairs them: an opening run with the next run of the same
 * length; an escaped backtick opens nothing.
 */
export function codeSpanAcrossLines(content: string): boolean {
  if (!content.includes('\n') || !content.includes('`')) return false;
  let at = content.indexOf('`');
  while (at !== -1) {
    const open = runEnd(content, at);
    if (escaped(content, at)) {
      at = content.indexOf('`', at + 1);
      continue;
    }
    let close = content.indexOf('`', open);
    while (close !== -1 && runEnd(content, close) - close !== open - at) close = content.indexOf('`', runEnd(content, close));
    if (close === -1) {
      at = content.indexOf('`', open);
      continue;
    }
    if (content.slice(open, close).includes('\n')) return true;
    at = content.indexOf('`', runEnd(content, close));
  }
  return false;
}

/** The index after the run of backticks starting at `at`. */
function runEnd(content: string, at: number): number {
  let end = at;
  while (content.charCodeAt(end) === 0x60) end++;
  return end;
}

/** Whether the character at `at` follows an odd number of backslashes. */
function escaped(content: string, at: number): boolean {
  let backslashes = 0;
  while (content.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
  return backslashes % 2 === 1;
}
