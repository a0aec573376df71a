/*
 * The HTML parser stack (parse5, then hast-util-from-parse5, then hast-util-to-mdast) is recursive after the
 * tokenizer: `<div>` × 10,000 overflows the stack before any of our code sees a tree. So the text is scanned first,
 * in one linear pass, and the tags that would open elements deeper than the limit are cut out (their content is
 * kept, one level up), together with as many closing tags that follow. The scan errs on the deep side (an `<a>`
 * closed implicitly by the next `<a>` counts as nesting), and never on the shallow side for elements that HTML
 * really nests; a page that fools it anyway is caught by `parseHtmlSafely` (convert-parse.ts).
 */

/** Elements with no content: they never stay open. */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Elements a sibling of the same kind closes (`<p><p>` is two paragraphs): alone they do not nest. */
const closedBySibling = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rp', 'rt', 'colgroup', 'caption']);

/** Elements whose content is text up to their own closing tag: a `<div>` inside a script opens nothing. */
const rawTextElements = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

// A start or end tag from its `<`: the name, then anything up to the `>` that is not inside a quoted value.
const tagPattern = /<(\/?)([A-Za-z][^\s/>]*)(?:[^>"']|"[^"]*"|'[^']*')*>/y;

/**
 * `html` with the start tags that would nest elements deeper than `maxDepth` removed, and their end tags. Linear
 * in the length of `html`; answers `html` itself when nothing is that deep.
 *
 * @example
 * ```ts
 * capHtmlNesting('<div>'.repeat(3) + 'x' + '</div>'.repeat(3), 2); // '<div><div>x</div></div>'
 * ```
 */
export function capHtmlNesting(html: string, maxDepth: number): string {
  const kept: string[] = [];
  let keptUntil = 0;
  let depth = 0;
  let excess = 0;
  let position = 0;
  for (;;) {
    const start = html.indexOf('<', position);
    if (start === -1) break;
    if (html.startsWith('<!--', start)) {
      const end = html.indexOf('-->', start + 4);
      if (end === -1) break; // an unclosed comment runs to the end of the page
      position = end + 3;
      continue;
    }
    if (html[start + 1] === '!' || html[start + 1] === '?') {
      const end = html.indexOf('>', start);
      if (end === -1) break;
      position = end + 1;
      continue;
    }
    tagPattern.lastIndex = start;
    const match = tagPattern.exec(html);
    if (match === null) {
      // `<` and a letter with no end: the rest of the page is inside that tag (HTML drops it); `<` and anything
      // else is text.
      if (/[A-Za-z/]/.test(html[start + 1] ?? '')) break;
      position = start + 1;
      continue;
    }
    position = tagPattern.lastIndex;
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    if (voidElements.has(name) || closedBySibling.has(name)) continue;
    if (rawTextElements.has(name)) {
      if (closing) continue;
      const end = new RegExp(`</${name}[\\s/>]`, 'ig');
      end.lastIndex = position;
      const found = end.exec(html);
      if (found === null) break; // raw text runs to the end of the page
      position = found.index;
      continue;
    }
    if (closing) {
      if (excess === 0) {
        depth = Math.max(0, depth - 1);
        continue;
      }
      excess--;
    } else if (depth < maxDepth) {
      depth++;
      continue;
    } else {
      excess++;
    }
    kept.push(html.slice(keptUntil, start));
    keptUntil = position;
  }
  if (keptUntil === 0) return html;
  kept.push(html.slice(keptUntil));
  return kept.join('');
}
