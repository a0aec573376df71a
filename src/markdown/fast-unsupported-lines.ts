// The lines of a page the fast body path leaves to the full path (src/markdown/fast-markdown.ts, `parseFast`):
// where markdown-it reads a line otherwise than micromark (remark-parse + remark-gfm), found by generating pages of
// list and quote markers, indentation, fences and headings and comparing both paths. fast-body-tree.test.ts
// (src/render/fast-body) holds a case for each.

/** Quote and list markers, each with the white space after it. */
const markers = String.raw`(?:>|(?:[*+-]|\d{1,9}[.)])[ \t])[ \t]*`;

/**
 * Lines the fast path leaves to the full path, each read where a line starts (sticky; multiline, so that `$` is the
 * line's end), with the reason:
 * - a line of dashes and colons alone, with a colon: a GFM table's delimiter row to micromark, even without pipes
 *   (`\\\n-:`), where markdown-it reads text;
 * - a `>` after four columns of indentation or more: markdown-it reads it as a block quote's marker where micromark
 *   reads indented code or text (`>` then `     >`, or a lazy line `    >a` under a quote);
 * - a list marker followed by five columns of white space or more, or by a tab, first on its line or after other
 *   markers: the item starts with indented code, which the two read differently in a block quote, after code, or
 *   inside another item;
 * - a line of white space alone: the two keep it differently at the end of indented or fenced code;
 * - a tab after a quote marker, first on its line or after other markers: the two count the columns it fills
 *   differently inside nested quotes (`   > >\t    a`);
 * - quote markers followed by five spaces or more and nothing else: at the end of indented code in the quote,
 *   micromark keeps the spaces past the code's indentation as a line of the code, markdown-it drops the line.
 */
const unsupportedLines: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?=[-: \t]*:)(?=[-: \t]*-)[-: \t]+$/my, 'a line of dashes and colons alone'],
  [/(?:[ \t]*\t| {4,})[ \t]*>/y, 'a quote marker indented four columns or more'],
  [/[ \t>]*(?:(?:\d{1,9}[.)]|[*+-])[ \t]+[ \t>]*)*(?:\d{1,9}[.)]|[*+-])(?: {5,}| *\t)[ \t]*\S/y, 'a list marker followed by five columns of white space or a tab'],
  [/[ \t]+$/my, 'a line of white space alone'],
  [new RegExp(`[ \\t]*(?:${markers})*> *\\t`, 'y'), 'a tab after a quote marker'],
  [/[ >]*> {5,}$/my, 'a quote marker followed by five spaces alone'],
];

/** What CommonMark lets interrupt no paragraph: an ordered list not starting at 1, or an empty item. */
const cannotInterrupt = String.raw`(?:(?!1[.)])\d{1,9}[.)](?:[ \t]|$)|\d{1,9}[.)][ \t]*$|[*+-][ \t]*$)`;

/**
 * A list that micromark may not let start under a line of text, as CommonMark lets only a list starting at 1 with
 * content interrupt a paragraph: an ordered list not starting at 1, or an empty item, after a quote or list marker on
 * the same line (`>2)`, `* > 2.`, `1.  >1.`). micromark applies the rule there and reads text; markdown-it reads a
 * list. Checked only under a line that is not blank (`unsupportedLine`).
 */
const listUnderText = new RegExp(`[ \\t]*(?:${markers})+${cannotInterrupt}`, 'my');

/**
 * The first line of a list that micromark may read as text right after indented code, even past blank lines (it
 * applies the rule of `listUnderText` there): an ordered list not starting at 1, or an empty item, first on the line
 * or after quote and list markers (`2) a`, `* > *`). parseFast (fast-markdown.ts) checks it on the tokens.
 */
export const listAfterCode = new RegExp(`^[ \\t]*(?:${markers})*${cannotInterrupt}`);

/**
 * A line of dashes, colons and pipes, with a dash and a pipe, after any quote and list markers (`-|`, `> |-|`): under
 * a line without a pipe, micromark reads a table of one column where markdown-it reads text.
 */
const delimiterRowWithPipe = new RegExp(`[ \\t]*(?:${markers})*(?=[-:| \\t]*\\|)(?=[-:| \\t]*-)[-:| \\t]+$`, 'my');

/** Whether a line that starts with this character may be one `unsupportedLine` finds, but for a pipe: white space, `>`, `-`, `:`, `*`, `+` or a digit. */
function mayBeUnsupported(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x3e || code === 0x2d || code === 0x3a || code === 0x2a || code === 0x2b || (code >= 0x30 && code <= 0x39);
}

/**
 * The reason of the first line of `markdown` the fast path leaves to the full path, or undefined: one of
 * `unsupportedLines`, a list `listUnderText` finds under a line that is not blank, indented code under a line of
 * quote markers alone (micromark reads two code blocks where markdown-it reads one), or a delimiter row with a pipe
 * under a line of text without one. One pass over the lines, most of which start with a letter and are passed over
 * at once: 2.0 ms over the 1,167 pages of bench/export's 1,000-page site and the fixtures, where four of the checks
 * as multiline patterns over each whole page took 17 ms.
 */
export function unsupportedLine(markdown: string): string | undefined {
  let previous = -1;
  for (let start = 0; start < markdown.length; ) {
    const first = markdown.charCodeAt(start);
    // A table's rows start with a pipe: of the checks, only a delimiter row's applies to them.
    if (first === 0x7c) {
      if (previous !== -1 && delimiterRowUnderText(markdown, start, previous)) return 'a table delimiter row under a line without a pipe';
    } else if (mayBeUnsupported(first)) {
      for (const [pattern, reason] of unsupportedLines) {
        pattern.lastIndex = start;
        if (pattern.test(markdown)) return reason;
      }
      if (previous !== -1 && !blankLine(markdown, previous)) {
        listUnderText.lastIndex = start;
        if (listUnderText.test(markdown)) return 'a list under a line of text that micromark may read as text';
        // micromark reads two code blocks where markdown-it reads one.
        if (indentedLine(markdown, start) && bareQuoteLine(markdown, previous)) return 'indented code under an empty quote';
        if (delimiterRowUnderText(markdown, start, previous)) return 'a table delimiter row under a line without a pipe';
      }
    }
    const end = markdown.indexOf('\n', start);
    if (end === -1) break;
    previous = start;
    start = end + 1;
  }
  return undefined;
}

/** Whether the line at `start` is a delimiter row with a pipe (`delimiterRowWithPipe`) under a line, at `previous`, that is not blank and has no pipe. */
function delimiterRowUnderText(text: string, start: number, previous: number): boolean {
  delimiterRowWithPipe.lastIndex = start;
  if (!delimiterRowWithPipe.test(text) || blankLine(text, previous)) return false;
  for (let at = previous; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) return true;
    if (code === 0x7c) return false;
  }
  return true;
}

/** Whether the line starting at `start` holds nothing but spaces and tabs. */
function blankLine(text: string, start: number): boolean {
  for (let at = start; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) return true;
    if (code !== 0x20 && code !== 0x09) return false;
  }
  return true;
}

/** Whether the line starting at `start` is quote markers alone (`>`, `> >`), under three spaces of indentation at most. */
function bareQuoteLine(text: string, start: number): boolean {
  let at = start;
  while (at < start + 3 && text.charCodeAt(at) === 0x20) at++;
  if (text.charCodeAt(at) !== 0x3e) return false;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) return true;
    if (code !== 0x3e && code !== 0x20 && code !== 0x09) return false;
  }
  return true;
}

/** Whether the line starting at `start` is indented four columns or more (a tab reaches the next multiple of four). */
function indentedLine(text: string, start: number): boolean {
  let column = 0;
  for (let at = start; at < text.length && column < 4; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x20) column++;
    else if (code === 0x09) column += 4 - (column % 4);
    else return false;
  }
  return column >= 4;
}
