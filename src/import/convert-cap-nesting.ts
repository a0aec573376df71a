/*
 * The HTML parser stack (parse5, then hast-util-from-parse5, then hast-util-to-mdast) is recursive after the
 * tokenizer: `<div>` × 10,000 overflows the stack before any of our code sees a tree, and a few hundred levels
 * already make the conversion slow. So the text is scanned first, in one linear pass that keeps a model of the
 * open elements, and the start tags that would open elements deeper than the limit are cut out (their content
 * is kept, one level up), with their end tags.
 *
 * The model follows the parser where it matters for depth: an end tag closes the elements opened after its own
 * start tag (an unclosed `<p>` or `<li>` does not stay open), an `<li>` closes the previous `<li>` of its list
 * (and `<dt>`/`<dd>`, `<tr>`, `<td>`/`<th>`, `<option>`, table sections, `<p>`, `<a>` and headings likewise),
 * and a block start tag closes an open `<p>`. Where it differs from the parser it errs on the deep side; a page
 * that fools it anyway is caught by `parseHtmlDocument` (convert-parse.ts).
 */

/** Elements with no content: they never stay open. */
const voidElements = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'image']);

/** Elements whose content is text up to their own end tag: a `<div>` inside a script opens nothing. */
const rawTextElements = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/** For a start tag: the open elements it closes, and the elements that stop the search for them. */
const implicitlyClosed: Record<string, { closes: Set<string>; boundary: Set<string> }> = {};
function closing(names: string[], closes: string[], boundary: string[]): void {
  for (const name of names) implicitlyClosed[name] = { closes: new Set(closes), boundary: new Set(boundary) };
}
closing(['li'], ['li'], ['ul', 'ol', 'menu', 'table']);
closing(['dt', 'dd'], ['dt', 'dd'], ['dl', 'table']);
closing(['tr'], ['tr'], ['table', 'tbody', 'thead', 'tfoot']);
closing(['td', 'th'], ['td', 'th'], ['tr', 'table']);
closing(['tbody', 'thead', 'tfoot'], ['tbody', 'thead', 'tfoot'], ['table']);
closing(['option', 'optgroup'], ['option'], ['select', 'datalist']);
closing(['a'], ['a'], ['table', 'td', 'th']);
closing(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], ['div', 'section', 'article', 'main', 'body', 'li', 'td', 'th', 'table']);

/** Start tags that close an open `<p>` (HTML: "close a p element" for these). */
const closesParagraph = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'listing', 'main', 'menu', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'ul', 'li', 'dd', 'dt',
]);
closing(['p'], ['p'], ['div', 'section', 'article', 'main', 'body', 'li', 'td', 'th', 'table', 'button', 'blockquote']);

// A start or end tag from its `<`: the name, then anything up to the `>` that is not inside a quoted value.
const tagPattern = /<(\/?)([A-Za-z][^\s/>]*)(?:[^>"']|"[^"]*"|'[^']*')*>/y;

/** The open elements of the scan, with a count per name so an end tag finds its element without a search. */
class OpenElements {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();

  get depth(): number {
    return this.names.length;
  }

  push(name: string): void {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** Closes `name` and everything opened after it, when it is open. */
  close(name: string): void {
    if (!this.counts.get(name)) return;
    for (;;) {
      const top = this.names.pop()!;
      this.counts.set(top, this.counts.get(top)! - 1);
      if (top === name) return;
    }
  }

  /** Closes the nearest open element named in `closes`, unless an element of `boundary` comes first. */
  closeWithin(closes: Set<string>, boundary: Set<string>): void {
    for (let index = this.names.length - 1; index >= 0; index--) {
      const name = this.names[index]!;
      if (closes.has(name)) {
        this.close(name);
        return;
      }
      if (boundary.has(name)) return;
    }
  }
}

/**
 * `html` with the start tags that would nest elements deeper than `maxDepth` removed, and their end tags (see
 * above). Linear in the length of `html`; answers `html` itself when nothing is that deep.
 *
 * @example
 * ```ts
 * capHtmlNesting('<div>'.repeat(3) + 'x' + '</div>'.repeat(3), 2); // '<div><div>x</div></div>'
 * ```
 */
export function capHtmlNesting(html: string, maxDepth: number): string {
  const kept: string[] = [];
  let keptUntil = 0;
  const open = new OpenElements();
  // Start tags cut out, by name, whose end tags are still to come.
  const cut = new Map<string, number>();
  let position = 0;
  const drop = (start: number): void => {
    kept.push(html.slice(keptUntil, start));
    keptUntil = position;
  };
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
    const name = match[2]!.toLowerCase();
    if (voidElements.has(name)) continue;
    if (rawTextElements.has(name)) {
      if (match[1] === '/') continue;
      const end = new RegExp(`</${name}[\\s/>]`, 'ig');
      end.lastIndex = position;
      const found = end.exec(html);
      if (found === null) break; // raw text runs to the end of the page
      position = found.index;
      continue;
    }
    if (match[1] === '/') {
      const pending = cut.get(name) ?? 0;
      if (pending > 0) {
        cut.set(name, pending - 1);
        drop(start);
      } else {
        open.close(name);
      }
      continue;
    }
    if (closesParagraph.has(name)) open.closeWithin(implicitlyClosed['p']!.closes, implicitlyClosed['p']!.boundary);
    const implicit = implicitlyClosed[name];
    if (implicit) open.closeWithin(implicit.closes, implicit.boundary);
    if (open.depth < maxDepth) {
      open.push(name);
    } else {
      cut.set(name, (cut.get(name) ?? 0) + 1);
      drop(start);
    }
  }
  if (keptUntil === 0) return html;
  kept.push(html.slice(keptUntil));
  return kept.join('');
}
