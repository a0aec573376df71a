/**
 * A page file is a head (optional YAML frontmatter, then the `# Title` line) followed by the body.
 * FORMAT.md: "Title: the first `# ` heading of the file (it is metadata, not body)". The body is kept
 * byte for byte; the head is parsed for metadata and written back as it was unless the metadata changed.
 */

/** The pieces of a page file's head, with offsets into the file's text. */
export interface PageFileParts {
  /** YAML between the `---` fences, and where the whole fenced block ends (after its closing line break). */
  frontmatter?: { yaml: string; end: number; yamlStart: number };
  /** The title line: its text, and the offsets of the line (start, and end after its line break). */
  title?: { text: string; start: number; end: number };
  /** Where the body starts: after the title line and the blank lines that follow it. */
  bodyStart: number;
}

const fence = /^---[ \t]*\r?$/;

/**
 * Splits a page file's text into frontmatter, title and body without parsing the Markdown.
 *
 * @example
 * const text = '---\ndescription: Hi\n---\n\n# Title\n\nBody\n';
 * const parts = splitPageFile(text);
 * parts.title?.text // → 'Title'
 * text.slice(parts.bodyStart) // → 'Body\n'
 */
export function splitPageFile(text: string, options: { title: boolean } = { title: true }): PageFileParts {
  const parts: PageFileParts = { bodyStart: 0 };
  let offset = 0;

  const firstLineEnd = lineEnd(text, 0);
  if (fence.test(text.slice(0, firstLineEnd.contentEnd))) {
    let lineStart = firstLineEnd.next;
    while (lineStart < text.length) {
      const line = lineEnd(text, lineStart);
      if (fence.test(text.slice(lineStart, line.contentEnd))) {
        parts.frontmatter = { yaml: text.slice(firstLineEnd.next, lineStart), end: line.next, yamlStart: firstLineEnd.next };
        offset = line.next;
        break;
      }
      lineStart = line.next;
    }
  }

  const cursor = skipBlankLines(text, offset);
  if (options.title) {
    const line = lineEnd(text, cursor);
    const match = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*\r?$/.exec(text.slice(cursor, line.contentEnd));
    if (match) {
      parts.title = { text: match[1]!, start: cursor, end: line.next };
      parts.bodyStart = skipBlankLines(text, line.next);
      return parts;
    }
    // A Setext title: `Title` underlined with `===`.
    const underline = lineEnd(text, line.next);
    const titleText = text.slice(cursor, line.contentEnd).replace(/\r$/, '').trim();
    if (line.next < text.length && titleText !== '' && !/^[ \t]{4}/.test(text.slice(cursor, line.contentEnd)) && /^ {0,3}=+[ \t]*\r?$/.test(text.slice(line.next, underline.contentEnd))) {
      parts.title = { text: titleText, start: cursor, end: underline.next };
      parts.bodyStart = skipBlankLines(text, underline.next);
      return parts;
    }
  }
  // No title line: the body starts right after the frontmatter and the blank lines after it.
  parts.bodyStart = parts.frontmatter ? cursor : 0;
  return parts;
}

function lineEnd(text: string, start: number): { contentEnd: number; next: number } {
  const newline = text.indexOf('\n', start);
  return newline === -1 ? { contentEnd: text.length, next: text.length } : { contentEnd: newline, next: newline + 1 };
}

function skipBlankLines(text: string, start: number): number {
  let cursor = start;
  while (cursor < text.length) {
    const line = lineEnd(text, cursor);
    if (text.slice(cursor, line.contentEnd).trim() !== '') break;
    if (line.next === cursor) break;
    cursor = line.next;
  }
  return cursor;
}

/**
 * The head the canonical writer makes: frontmatter fenced by `---` and followed by a blank line, the title
 * as `# Title`, and a blank line before a non-empty body.
 *
 * @example
 * composeHead({ frontmatter: 'description: Hi\n', title: 'Title', bodyIsEmpty: false })
 * // → '---\ndescription: Hi\n---\n\n# Title\n\n'
 */
export function composeHead(options: { frontmatter?: string; title?: string; bodyIsEmpty: boolean }): string {
  let head = options.frontmatter === undefined ? '' : `---\n${options.frontmatter}---\n\n`;
  if (options.title !== undefined) head += `# ${options.title}\n${options.bodyIsEmpty ? '' : '\n'}`;
  else if (options.bodyIsEmpty && head.endsWith('\n\n')) head = head.slice(0, -1);
  return head;
}
