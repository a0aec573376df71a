// A line of inline HTML right after a paragraph in a list item or block quote, not indented
// (`* text` then `<img ...>`), is a lazy continuation of the paragraph in CommonMark: an HTML block
// of kind 7 cannot interrupt a paragraph (spec 4.6). micromark reads it as an HTML block in the
// container instead, together with the lines after it up to a blank line. No Markdown can write
// that tree back (a tight item cannot hold a paragraph and then such a block), so we read it as
// CommonMark does: the line joins the paragraph, and the lines after it are read again as what
// follows that paragraph.
import type { Html, Paragraph, Parents, Root, RootContent } from 'mdast';

/** Start conditions of HTML blocks of kinds 1 to 6 (spec 4.6); anything else is kind 7. */
const interruptingHtml =
  /^(?:<(?:script|pre|style|textarea)(?:\s|>|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[|<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:\s|\/?>|$))/i;

/** Reads Markdown text as a document; used for the lines after the lazy one. */
export type Reparse = (text: string) => Root;

export function readLazyHtmlLines(node: Root | Parents, reparse: Reparse): void {
  if (!('children' in node) || node.type === 'paragraph') return;
  const children = node.children as RootContent[];
  for (let index = children.length - 1; index > 0; index--) {
    const previous = children[index - 1]!;
    const current = children[index]!;
    if (previous.type !== 'paragraph' || current.type !== 'html' || !isLazyLine(previous, current)) continue;
    const following = continueParagraph(previous, current, reparse);
    if (following) children.splice(index, 1, ...following);
  }
  for (const child of children) if ('children' in child) readLazyHtmlLines(child, reparse);
}

function isLazyLine(paragraph: Paragraph, html: Html): boolean {
  const end = paragraph.position?.end.line;
  const start = html.position?.start.line;
  return end !== undefined && start === end + 1 && !interruptingHtml.test(html.value.trimStart());
}

/** Moves the first line of `html` into `paragraph`; returns the blocks that follow it. */
function continueParagraph(paragraph: Paragraph, html: Html, reparse: Reparse): RootContent[] | undefined {
  const [indented = '', ...rest] = html.value.split(/\r\n|\r|\n/);
  // A continuation line of a paragraph loses its indentation.
  const line = indented.trimStart();
  let after: RootContent[] = [];
  let more: Paragraph['children'] = [];
  if (rest.length > 0) {
    // Read the rest as if the paragraph were still open: after a placeholder line.
    const [head, ...blocks] = withoutPositions(reparse(`x\n${rest.join('\n')}`)).children;
    const first = head?.type === 'paragraph' ? head.children[0] : undefined;
    if (head?.type !== 'paragraph' || first?.type !== 'text' || !first.value.startsWith('x')) return undefined;
    first.value = first.value.slice(1);
    more = first.value === '' ? head.children.slice(1) : head.children;
    after = blocks;
  }
  const last = paragraph.children[paragraph.children.length - 1];
  // A line ending inside a paragraph is text, merged into the text before it as micromark does.
  if (last?.type === 'text') last.value += '\n';
  else paragraph.children.push({ type: 'text', value: '\n' });
  paragraph.children.push({ type: 'html', value: line }, ...more);
  // The paragraph now ends where the HTML did; layout read later must not look past it.
  if (paragraph.position && html.position) paragraph.position = { start: paragraph.position.start, end: html.position.end };
  return after;
}

function withoutPositions<T>(node: T): T {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'position' ? undefined : value))) as T;
}
