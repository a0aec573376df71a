/**
 * Finds the references to other files in a page body (links, images, `{% include %}`, `{% content-ref %}`,
 * `{% file %}`, `src=`/`href=` in HTML) with the span of each target, without a Markdown parse.
 * FORMAT.md, "Source text is kept": reading needs only the frontmatter, the title and the references; a full
 * remark parse of every page would cost 5 to 8 ms a page.
 *
 * Code is not content: references inside fenced code blocks and inline code spans are ignored.
 */

export type ReferenceSyntax = 'markdown-link' | 'definition' | 'html-attribute' | 'include' | 'content-ref' | 'page-ref' | 'file' | 'openapi';

export interface Reference {
  syntax: ReferenceSyntax;
  /** The target as written, without angle brackets: `../guide.md#setup`, `.gitbook/assets/a b.png`. */
  target: string;
  /** Offsets of `target` in the text: replacing text[start, end) rewrites the reference. */
  start: number;
  end: number;
  /** Written as `<target>` (Markdown links whose path has spaces). */
  angle: boolean;
}

interface Pattern {
  syntax: ReferenceSyntax;
  regex: RegExp;
  /** Markdown syntaxes may write the target in <angle brackets> (group 1) or plain (group 2). */
  angleBrackets?: true;
  /** Whether `text` holds what every match of `regex` holds: a text without it is not searched. */
  mayMatch: (text: string) => boolean;
}

const holdsTag = (name: string) => (text: string) => text.includes('{%') && text.includes(name);
const holdsOpenAPI = holdsTag('openapi');
const holdsSwagger = holdsTag('swagger');

// Each pattern captures the target in group 1; patterns with `angleBrackets` capture it in group 1 when
// written in <angle brackets>, else in group 2.
// The `d` flag gives the offsets of each group, which are the spans a rewrite replaces.
const patterns: Pattern[] = [
  // [text](target "title") and ![alt](target): the target, possibly in <angle brackets>, then an optional title.
  {
    syntax: 'markdown-link',
    regex: /\]\([ \t]*(?:<([^<>\n]*)>|((?:[^\s()<>\\]|\\.|\([^\s()]*\))+))(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*\)/dg,
    angleBrackets: true,
    mayMatch: (text) => text.includes(']('),
  },
  // [label]: target — reference definitions.
  { syntax: 'definition', regex: /^ {0,3}\[[^\]\n]+\]:[ \t]*(?:<([^<>\n]*)>|(\S+))/dgm, angleBrackets: true, mayMatch: (text) => text.includes(']:') },
  // <img src="..."> <a href="..."> and the card attributes of <table data-view="cards">, spaces around `=` or not.
  { syntax: 'html-attribute', regex: /<[a-zA-Z][^>]*?\s(?:src|href|data-card-target|data-card-cover)\s*=\s*"([^"]*)"/dg, mayMatch: (text) => text.includes('<') && text.includes('=') },
  { syntax: 'include', regex: /\{%[ \t]*include[ \t]+"([^"\n]+)"/dg, mayMatch: holdsTag('include') },
  { syntax: 'content-ref', regex: /\{%[ \t]*content-ref[ \t]+url="([^"\n]+)"/dg, mayMatch: holdsTag('content-ref') },
  { syntax: 'page-ref', regex: /\{%[ \t]*page-ref[ \t]+page="([^"\n]+)"/dg, mayMatch: holdsTag('page-ref') },
  { syntax: 'file', regex: /\{%[ \t]*file[ \t]+src="([^"\n]+)"/dg, mayMatch: holdsTag('file') },
  { syntax: 'openapi', regex: /\{%[ \t]*(?:openapi|swagger)[ \t][^%\n]*?\bsrc="([^"\n]+)"/dg, mayMatch: (text) => holdsOpenAPI(text) || holdsSwagger(text) },
];

/**
 * Every reference in `text`, in order of position.
 *
 * @example
 * scanReferences('See [the guide](guide.md).')
 * // → [{ syntax: 'markdown-link', target: 'guide.md', start: 16, end: 24, angle: false }]
 */
export function scanReferences(text: string): Reference[] {
  // Each expression searches only a text that holds its literal part; code is found once something matched.
  let code: Array<[number, number]> | undefined;
  const references: Reference[] = [];
  for (const { syntax, regex, angleBrackets, mayMatch } of patterns) {
    if (!mayMatch(text)) continue;
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const angle = angleBrackets === true && match[1] !== undefined;
      const span = match.indices?.[angleBrackets && !angle ? 2 : 1];
      if (!span || span[0] === span[1] || isInside((code ??= codeRanges(text)), match.index)) continue;
      if (syntax === 'html-attribute' && isHeadingAnchor(text, match.index, text.slice(span[0], span[1]))) continue;
      references.push({ syntax, target: text.slice(span[0], span[1]), start: span[0], end: span[1], angle });
    }
  }
  return references.sort((a, b) => a.start - b.start);
}

/**
 * An `<a>` whose `href` is its own `id` (`<a href="editing" id="editing"></a>`, as exporters write heading
 * anchors) names the anchor, not a file: it is not a reference, even when a page of that name exists.
 */
function isHeadingAnchor(text: string, tagStart: number, target: string): boolean {
  if (!/^<a\s/i.test(text.slice(tagStart, tagStart + 3))) return false;
  const close = text.indexOf('>', tagStart);
  const tag = text.slice(tagStart, close === -1 ? text.length : close);
  const id = /\s(?:id|name)\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
  return id !== undefined && id === target;
}

/** Offsets covered by fenced code blocks and inline code spans, sorted. */
function codeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const marks = new NextMarks(text);
  let offset = 0;
  let fence: { char: string; length: number; start: number } | undefined;
  while (offset < text.length) {
    // Only a line with a backtick or a tilde opens, closes or holds code: the lines between are skipped.
    const mark = marks.after(offset);
    if (mark === -1) break;
    offset = text.lastIndexOf('\n', mark) + 1;
    const newline = text.indexOf('\n', offset);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(offset, lineEnd);
    const fenceMatch = /^[ \t>]*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence.char && fenceMatch[1]!.length >= fence.length && line.trim().replace(/^>\s*/, '') === fenceMatch[1]) {
        ranges.push([fence.start, lineEnd]);
        fence = undefined;
      }
    } else if (fenceMatch && !(fenceMatch[1]![0] === '`' && line.slice(fenceMatch[0].length).includes('`'))) {
      fence = { char: fenceMatch[1]![0]!, length: fenceMatch[1]!.length, start: offset };
    } else if (line.includes('`')) {
      for (const span of line.matchAll(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g)) {
        ranges.push([offset + span.index, offset + span.index + span[0].length]);
      }
    }
    offset = lineEnd + 1;
  }
  if (fence) ranges.push([fence.start, text.length]);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The next backtick or tilde of a text from an offset on, each searched for again only once passed. */
class NextMarks {
  private backtick = -2;
  private tilde = -2;

  constructor(private readonly text: string) {}

  /** The offset of the first backtick or tilde at or after `offset`, or -1. */
  after(offset: number): number {
    if (this.backtick !== -1 && this.backtick < offset) this.backtick = this.text.indexOf('`', offset);
    if (this.tilde !== -1 && this.tilde < offset) this.tilde = this.text.indexOf('~', offset);
    if (this.backtick === -1) return this.tilde;
    return this.tilde === -1 ? this.backtick : Math.min(this.backtick, this.tilde);
  }
}

function isInside(ranges: Array<[number, number]>, offset: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = ranges[middle]!;
    if (offset < start) high = middle - 1;
    else if (offset >= end) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Replaces the targets of the given references (`replacements` maps a reference to its new target).
 * Spans not listed are left byte for byte. A Markdown link target that gains a space is wrapped in `<>`.
 *
 * @example
 * const [link] = scanReferences('[a](a.md)');
 * rewriteReferences('[a](a.md)', new Map([[link, '../a.md']])) // → '[a](../a.md)'
 */
export function rewriteReferences(text: string, replacements: ReadonlyMap<Reference, string>): string {
  const ordered = [...replacements].sort(([a], [b]) => a.start - b.start);
  let result = '';
  let cursor = 0;
  for (const [reference, target] of ordered) {
    const needsAngle = !reference.angle && (reference.syntax === 'markdown-link' || reference.syntax === 'definition') && /[\s()]/.test(target);
    result += text.slice(cursor, reference.start) + (needsAngle ? `<${target}>` : target);
    cursor = reference.end;
  }
  return result + text.slice(cursor);
}
