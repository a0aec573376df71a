/**
 * SUMMARY.md, line by line (FORMAT.md, "SUMMARY.md"). Each line, or each multi-line computed item, becomes one
 * entry carrying its exact text, so the writer can reuse the lines of entries that did not change.
 *
 * Accepted on read: `*`, `-` or `+` bullets, any consistent indentation, `# Summary` or any title,
 * `***`/`---` separators, `## Group` headings with an optional `<a href="#slug" id="slug"></a>` anchor.
 */

export type SummaryEntry =
  | { kind: 'title'; text: string; raw: string; line: number }
  | { kind: 'group'; title: string; anchor?: string; raw: string; line: number }
  | { kind: 'item'; depth: number; title: string; href: string; linkTitle?: string; raw: string; line: number }
  | { kind: 'computed'; depth: number; yaml: string; raw: string; line: number }
  /** Blank lines, separators, and lines that mean nothing to the page tree; kept as written. */
  | { kind: 'trivia'; raw: string; line: number; invalid: boolean };

const titlePattern = /^#[ \t]+(.*?)[ \t]*$/;
const groupPattern = /^##[ \t]+(.*?)[ \t]*$/;
const groupAnchorPattern = /^(.*?)[ \t]*<a href="#([^"]*)" id="([^"]*)"><\/a>$/;
const itemPattern = /^([ \t]*)[*+-][ \t]+\[((?:\\.|[^\]\\])*)\]\([ \t]*(<[^<>\n]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)(?:[ \t]+"((?:\\.|[^"\\])*)")?[ \t]*\)[ \t]*$/;
const computedPattern = /^([ \t]*)[*+-][ \t]+```ya?ml[ \t]*$/;
const separatorPattern = /^[ \t]*(?:\*[ \t]*\*[ \t]*\*[ *\t]*|-[ \t]*-[ \t]*-[ \t-]*|_[ \t]*_[ \t]*_[ _\t]*)$/;

/**
 * Splits SUMMARY.md into entries; concatenating every entry's `raw` gives back the text exactly.
 *
 * @example
 * parseSummaryLines('# Table of contents\n\n* [Intro](README.md)\n').filter((e) => e.kind === 'item')
 * // → [{ kind: 'item', depth: 0, title: 'Intro', href: 'README.md', raw: '* [Intro](README.md)\n', line: 3 }]
 */
export function parseSummaryLines(text: string): SummaryEntry[] {
  const lines = splitLines(text);
  const entries: SummaryEntry[] = [];
  let indents: number[] = [];
  let seenTitle = false;

  const depthFor = (indent: number) => {
    while (indents.length > 0 && indent <= indents[indents.length - 1]!) indents.pop();
    indents.push(indent);
    return indents.length - 1;
  };

  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const content = raw.replace(/\r?\n$/, '');
    const line = index + 1;

    if (content.trim() === '' || separatorPattern.test(content)) {
      entries.push({ kind: 'trivia', raw, line, invalid: false });
      continue;
    }
    const group = groupPattern.exec(content);
    if (group) {
      const anchored = groupAnchorPattern.exec(group[1]!);
      entries.push(anchored ? { kind: 'group', title: anchored[1]!, anchor: anchored[3]!, raw, line } : { kind: 'group', title: group[1]!, raw, line });
      indents = [];
      seenTitle = true;
      continue;
    }
    const title = titlePattern.exec(content);
    if (title && !seenTitle) {
      entries.push({ kind: 'title', text: title[1]!, raw, line });
      seenTitle = true;
      continue;
    }
    const item = itemPattern.exec(content);
    if (item) {
      const href = item[3]!.startsWith('<') ? item[3]!.slice(1, -1) : item[3]!;
      const entry: SummaryEntry = { kind: 'item', depth: depthFor(indentWidth(item[1]!)), title: unescapeTitle(item[2]!), href, raw, line };
      if (item[4] !== undefined) entry.linkTitle = item[4].replace(/\\(.)/g, '$1');
      entries.push(entry);
      seenTitle = true;
      continue;
    }
    const computed = computedPattern.exec(content);
    if (computed) {
      const indent = indentWidth(computed[1]!);
      let end = index + 1;
      const body: string[] = [];
      while (end < lines.length && !/^[ \t]*```[ \t]*\r?\n?$/.test(lines[end]!)) body.push(lines[end++]!);
      if (end < lines.length) {
        const bodyIndent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => indentWidth(/^[ \t]*/.exec(l)![0])));
        const yaml = body.map((l) => l.slice(Math.min(bodyIndent, /^[ \t]*/.exec(l)![0].length))).join('');
        entries.push({ kind: 'computed', depth: depthFor(indent), yaml, raw: lines.slice(index, end + 1).join(''), line });
        index = end;
        seenTitle = true;
        continue;
      }
    }
    entries.push({ kind: 'trivia', raw, line, invalid: true });
  }
  return entries;
}

/** Lines with their line breaks; the last line may have none. */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function indentWidth(indent: string): number {
  let width = 0;
  for (const char of indent) width += char === '\t' ? 4 - (width % 4) : 1;
  return width;
}

/** Link text escapes: `\[`, `\]`, `\\` and friends stand for the character itself. */
function unescapeTitle(title: string): string {
  return title.replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, '$1');
}

/** Escapes a title for link text, the inverse of reading it. */
export function escapeTitle(title: string): string {
  return title.replace(/([[\]\\])/g, '\\$1');
}
