// The Markdown reader of the fast body path: markdown-it in its CommonMark preset with GFM tables and strikethrough, configured so
// that what it accepts reads as micromark (remark-parse + remark-gfm) reads it: links normalised as micromark's own
// `normalizeUri` does (normalize-link.ts), no link validation (the link pass decides what is safe, as on the full
// path), no typographer, no linkify. A line that is one `{% ... %}` tag becomes a `liquid_tag` token, as GitBook's Liquid
// construct makes it a flow node (src/markdown/liquid/syntax.ts): it may interrupt a paragraph and ends a lazy
// continuation line.
import MarkdownIt, { type StateBlock, type Token } from 'markdown-it';
import htmlBlock from 'markdown-it/lib/rules_block/html_block.mjs';
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs';
import { maxMarkdownDepth } from '../model/nesting-limits.ts';
import { mathBlockRule } from './fast-math-block.ts';
import { listAfterCode, unsupportedLine } from './fast-unsupported-lines.ts';
import { FastPathUnsupported } from './fast-path-unsupported.ts';
import { htmlBlockStart } from './html/html-block-start.ts';
import { normalizeLink } from './normalize-link.ts';

/** One tag on its line, `%}` outside quotes, nothing but spaces after it. */
const tagLine = /^(\{%(?:[^"'%]|%(?!\})|"[^"\n]*"|'[^'\n]*')*%\})[ \t]*$/;

function liquidTagRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  if (state.src.charCodeAt(start) !== 0x7b || state.src.charCodeAt(start + 1) !== 0x25) return false;
  const match = tagLine.exec(state.src.slice(start, state.eMarks[startLine]));
  // A tag continued on the next line (inside quotes) or followed by text: the full path reads those.
  if (!match) throw new FastPathUnsupported('a Liquid tag that is not alone on its line');
  if (silent) return true;
  const token = state.push('liquid_tag', '', 0);
  token.content = match[1]!;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

/**
 * markdown-it's HTML block, ended before a Liquid tag line when it is of kind 6 or 7 (a block tag, or one complete
 * tag alone on its line), as micromark reads it with GitBook's construct (src/markdown/liquid/html-flow-before-tag.ts):
 * the `{% endhint %}` written directly under a `</details>` or a figure ends the hint, not the HTML.
 */
function htmlBlockBeforeTagRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let end = endLine;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  // Every paragraph and heading line is tried here (the rule comes before theirs): only one that starts with `<` can be HTML.
  if (!silent && state.src.charCodeAt(start) === 0x3c && htmlBlockStart(state.src.slice(start, state.eMarks[startLine])) !== undefined) {
    for (let line = startLine + 1; line < endLine; line++) {
      if (state.isEmpty(line) || state.sCount[line]! < state.blkIndent) break;
      const lineStart = state.bMarks[line]! + state.tShift[line]!;
      if (state.sCount[line]! - state.blkIndent < 4 && state.src.charCodeAt(lineStart) === 0x7b && state.src.charCodeAt(lineStart + 1) === 0x25) {
        end = line;
        break;
      }
    }
  }
  return htmlBlock(state, startLine, end, silent);
}

/**
 * markdown-it's paragraph, its inline token marked `meta.lazyIndented` when a lazy continuation line of a quote or a
 * list item starts with white space: inside a code span, micromark keeps that white space by rules of its own (`* ``#`
 * then ` a``` gives `#  a` to micromark, `# a` to markdown-it), so `inline` (tokens-to-hast.ts) leaves such a span
 * to the full path.
 */
function paragraphRule(state: StateBlock, startLine: number, endLine: number): boolean {
  if (!paragraph(state, startLine, endLine)) return false;
  for (let line = startLine + 1; line < state.line; line++) {
    // A quote marks its lazy lines with -1; a list item's are indented less than its content.
    const lazy = state.sCount[line]! < 0 || state.sCount[line]! < state.blkIndent;
    if (lazy && state.tShift[line]! > 0) {
      state.tokens[state.tokens.length - 2]!.meta = { lazyIndented: true };
      break;
    }
  }
  return true;
}

const reader = new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false });
reader.enable(['table', 'strikethrough']);
// Its normalize rule rewrites line endings and NUL in a copy of every page: `parseFast` sends pages with either to the
// full path before reading, so the rule could only copy the page unchanged.
reader.core.ruler.disable('normalize');
// Depth is not limited on the full path; a deeper document than this is read there (see `parseFast`).
Object.assign(reader.options, { maxNesting: 200 });
reader.normalizeLink = normalizeLink;
reader.normalizeLinkText = (text) => text;
reader.validateLink = () => true;
reader.block.ruler.at('paragraph', paragraphRule);
reader.block.ruler.at('html_block', htmlBlockBeforeTagRule, { alt: ['paragraph', 'reference', 'blockquote'] });
reader.block.ruler.before('fence', 'math_block', mathBlockRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
// Before the setext heading too: a tag line above `---` is a tag and a thematic break, as micromark reads it, not a heading.
reader.block.ruler.before('lheading', 'liquid_tag', liquidTagRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });

/**
 * Nesting deeper than this many levels, blocks and inline content together, is left to the full path: markdown-it
 * would drop what lies deeper, and the full path flattens what goes past `maxMarkdownDepth` (the fast path stops
 * well before, so it never gives a tree the full path would have flattened).
 */
const maxDepth = maxMarkdownDepth / 2;

/** `*\*` or `_\_`: around them markdown-it pairs emphasis otherwise than micromark (`.*\**s**`). */
const escapedAfterMarker = /\*\\\*|_\\_/;
/**
 * The block tokens of `markdown`, or a `FastPathUnsupported` when it has what the fast path leaves to the full
 * path at the document level: carriage returns or NUL (markdown-it normalises them, micromark keeps them), an
 * emphasis marker followed by an escaped one (`*\*`, `_\_`), a line `unsupportedLine` finds, link reference
 * definitions (and so footnote definitions), very deep nesting, a list under indented code that micromark may read as
 * text, indented code right after a list or a quote, or a fence left open in a quote or a list item.
 */
export function parseFast(markdown: string): Token[] {
  return checkedTokens(markdown, (env) => reader.parse(markdown, env));
}

/**
 * `parseFast` without the inline pass: the same block tokens and the same refusals, but each `inline` token keeps
 * its text (`content`) and no children. For readers of a page's blocks only (its Liquid tags, headings, separators:
 * src/render/fast-body/page-tags.ts): in profiles of bench/export's 1,000 pages, the inline pass was about half of
 * markdown-it's time in the planning's OpenAPI scan (25 of 46 ms). Inline nesting is not checked, as there is none:
 * a page refused only for it is read here, with the blocks the full parse finds too.
 *
 * @example
 * parseFastBlocks('# Pets\n\n{% openapi-operation spec="pets" path="/pets" method="get" %}\n').map((token) => token.type)
 * // → ['heading_open', 'inline', 'heading_close', 'liquid_tag']
 */
export function parseFastBlocks(markdown: string): Token[] {
  return checkedTokens(markdown, (env) => {
    const tokens: Token[] = [];
    reader.block.parse(markdown, reader, env, tokens);
    return tokens;
  });
}

/** The tokens `parse` gives of `markdown`, or a `FastPathUnsupported` (see `parseFast`). */
function checkedTokens(markdown: string, parse: (env: { references?: Record<string, unknown> }) => Token[]): Token[] {
  if (/[\r\0]/.test(markdown)) throw new FastPathUnsupported('carriage returns or NUL characters');
  // `.*\**s**`: markdown-it and micromark pair the delimiters around an escaped one differently.
  if (escapedAfterMarker.test(markdown)) throw new FastPathUnsupported('an emphasis marker followed by an escaped one');
  const line = unsupportedLine(markdown);
  if (line !== undefined) throw new FastPathUnsupported(line);
  const env: { references?: Record<string, unknown> } = {};
  const tokens = parse(env);
  if (env.references !== undefined && Object.keys(env.references).length > 0) throw new FastPathUnsupported('link reference definitions');
  let previous: Token | undefined;
  /** Whether the tokens since the last that was not a closing one include the end of a list or a quote. */
  let afterContainer = false;
  for (const token of tokens) {
    // Indented code right after a list or a quote. Directly under an item's text (`2)    a` then `    #`), micromark
    // reads a lazy line of the item where markdown-it reads code; otherwise (`100. x`, a blank line, `    b`, `    a`;
    // `>****`, `      a`, `      a`) micromark may make a code block of each line.
    if (token.type === 'code_block' && afterContainer) throw new FastPathUnsupported('indented code right after a list or a quote');
    afterContainer = token.type === 'bullet_list_close' || token.type === 'ordered_list_close' || token.type === 'blockquote_close' || (afterContainer && token.nesting === -1);
    if (token.level > maxDepth) throw new FastPathUnsupported('deep nesting');
    // A list or a quote right after indented code, even past blank lines, whose line starts a list as CommonMark lets
    // no list interrupt a paragraph (`2) a`, `> 2) a`, `* > *`): micromark applies that rule there and reads text;
    // markdown-it reads a list.
    if (token.nesting === 1 && previous?.type === 'code_block' && token.map !== null && listAfterCode.test(lineAt(markdown, token.map[0]))) {
      throw new FastPathUnsupported('a list under indented code that micromark may read as text');
    }
    previous = token;
    for (const child of token.children ?? []) if (token.level + child.level > maxDepth) throw new FastPathUnsupported('deep nesting');
    // A fence its quote or list item ends before it is closed: the two keep its last blank lines differently.
    if (token.type === 'fence' && token.level > 0 && token.map !== null && !closesFence(lineAt(markdown, token.map[1] - 1), token.markup)) {
      throw new FastPathUnsupported('a fence left open in a quote or a list item');
    }
  }
  return tokens;
}

/** Line `line` (from 0) of `text`, without its line feed. */
function lineAt(text: string, line: number): string {
  let start = 0;
  for (let at = 0; at < line; at++) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) return '';
    start = newline + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Whether `line`, past its indentation and quote markers, is a closing fence for an opening `markup` (three or more backticks or tildes). */
function closesFence(line: string, markup: string): boolean {
  const rest = line.replace(/^[ \t>]*/, '');
  let run = 0;
  while (rest.charCodeAt(run) === markup.charCodeAt(0)) run++;
  return run >= markup.length && rest.slice(run).trim() === '';
}
