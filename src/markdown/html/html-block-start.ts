// Which kind of HTML block (CommonMark spec 4.6, "HTML blocks") a line starts, read from the text of
// the line. Kinds 6 ("basic": a known block tag) and 7 ("complete": any one complete tag alone on its
// line) are the two that run until a blank line; the others end on their own closing condition.
// The rules follow micromark's reading of the spec where it is stricter than the spec's prose (an
// unquoted attribute value stops at `/`), so a line is never read as a kind micromark would not see.

/** The tag names of kind 6 (CommonMark 0.31, `search` included). */
export const htmlBlockNames: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'base', 'basefont', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup',
  'dd', 'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form',
  'frame', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'iframe', 'legend',
  'li', 'link', 'main', 'menu', 'menuitem', 'nav', 'noframes', 'ol', 'optgroup', 'option', 'p', 'param',
  'search', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul',
]);

/** Kind 1: their content is raw text up to the closing tag. */
const rawNames: ReadonlySet<string> = new Set(['pre', 'script', 'style', 'textarea']);

/** `<name` or `</name`, ended by whitespace, `/`, `>` or the end of the line. */
const tagStart = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[ \t/>]|$)/;
const attribute = String.raw`[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>\x60/]+|'[^']*'|"[^"]*"|(?=/)))?`;
const completeOpenTag = new RegExp(String.raw`^<[A-Za-z][A-Za-z0-9-]*(?:${attribute})*[ \t]*/?>[ \t]*$`);
const completeCloseTag = /^<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>[ \t]*$/;

/**
 * What HTML block `line` (without indentation or line ending) starts: `basic` for kind 6, `complete`
 * for kind 7, `undefined` for the other kinds and for a line that starts none.
 *
 * @example
 * htmlBlockStart('<table data-view="cards"><thead>') // → 'basic'
 * htmlBlockStart('<img src="a.png">')                // → 'complete'
 * htmlBlockStart('<pre>')                            // → undefined (kind 1)
 */
export function htmlBlockStart(line: string): 'basic' | 'complete' | undefined {
  const start = tagStart.exec(line);
  if (!start) return undefined;
  const closing = start[1] === '/';
  const name = start[2]!.toLowerCase();
  const next = line.charAt(start[0].length);
  if (!closing && next !== '/' && rawNames.has(name)) return undefined;
  if (htmlBlockNames.has(name)) {
    // `<div/` must be `<div/>`: anything else after the slash is no HTML block at all.
    return next !== '/' || line.charAt(start[0].length + 1) === '>' ? 'basic' : undefined;
  }
  return (closing ? completeCloseTag : completeOpenTag).test(line) ? 'complete' : undefined;
}
