/*
 * Block quotes and list items opened on one line cost micromark time that grows with the square of how many there
 * are (`"- "` × 10,000 on one line took 42 s and then overflowed the stack). This pass runs on the text before
 * micromark and reads, beyond `maxDepth`, the next container marker as text by escaping it (`\-`, `\>`, `1\.`),
 * so what follows on the line is a paragraph. The depth is estimated from the line alone, never below the real
 * one: each marker counts one, and indentation counts one per four columns (a list item continued by indentation
 * needs at least two, so deep nesting by indentation is caught by the tree cap after parsing instead). Lines that
 * stay within the limit are untouched, so ordinary pages parse byte for byte as before.
 */

const space = 0x20;
const tab = 0x09;

function isLineEnd(code: number): boolean {
  // NaN past the end of the text counts as a line end.
  return Number.isNaN(code) || code === 0x0a || code === 0x0d;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Where to put the escaping backslash for a container marker at `start`, and the marker's length; undefined when none starts there. */
function containerMarker(text: string, start: number): { escapeAt: number; length: number } | undefined {
  const code = text.charCodeAt(start);
  if (code === 0x3e /* > */) return { escapeAt: start, length: 1 };
  const after = (index: number) => {
    const next = text.charCodeAt(index);
    return next === space || next === tab || isLineEnd(next);
  };
  if ((code === 0x2d /* - */ || code === 0x2b /* + */ || code === 0x2a /* * */) && after(start + 1)) return { escapeAt: start, length: 1 };
  if (isDigit(code)) {
    let end = start;
    while (end - start < 9 && isDigit(text.charCodeAt(end))) end++;
    const delimiter = text.charCodeAt(end);
    if ((delimiter === 0x2e /* . */ || delimiter === 0x29 /* ) */) && after(end + 1)) return { escapeAt: end, length: end + 1 - start };
  }
  return undefined;
}

/**
 * `text` with every container marker beyond `maxDepth` on a line escaped, so micromark reads it as text; the same
 * string when no line goes that deep. Linear in the length of the text.
 *
 * @example
 * flattenDeepContainers('> > > deep\n', 2) // → '> > \\> deep\n'
 * flattenDeepContainers('- a\n  - b\n', 64) // → '- a\n  - b\n' (unchanged)
 */
export function flattenDeepContainers(text: string, maxDepth: number): string {
  const pieces: string[] = [];
  let copied = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let index = lineStart;
    let markers = 0;
    let columns = 0;
    for (;;) {
      const code = text.charCodeAt(index);
      if (code === space || code === tab) {
        columns += code === tab ? 4 : 1;
        index++;
        continue;
      }
      const marker = containerMarker(text, index);
      if (marker === undefined) break;
      if (markers + 1 + Math.floor(columns / 4) > maxDepth) {
        pieces.push(text.slice(copied, marker.escapeAt), '\\');
        copied = marker.escapeAt;
        break;
      }
      markers++;
      index += marker.length;
    }
    const lineEnd = text.indexOf('\n', index);
    if (lineEnd === -1) break;
    lineStart = lineEnd + 1;
  }
  if (pieces.length === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}
