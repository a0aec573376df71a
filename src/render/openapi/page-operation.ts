import type { Node, Parent } from 'mdast';
import { parseMarkdown } from '../../markdown/index.ts';
import { htmlOf, type FlowItem } from '../fast-body/pair-blocks.ts';
import { pageFlow, tagNode } from '../fast-body/page-tags.ts';
import { isHttpMethod, type HttpMethod } from './document.ts';

/** Blocks that show one operation, whose method a page made of them shows in the sidebar. */
const operationBlocks = new Set(['openapi', 'openapiOperation', 'swagger']);
/** What may stand beside the operation block without making the page more than it: titles and separators. */
const framing = new Set(['heading', 'thematicBreak', 'yaml']);

/**
 * The HTTP method of a page whose content is one operation block (`{% openapi %}`, `{% openapi-operation %}`,
 * `{% swagger %}`): exactly one such block, naming a known method, with nothing else on the page but headings and
 * separators; otherwise `undefined`. The sidebar shows it as a badge beside the page's title. Only a body that
 * mentions such a block is read, by the fast path's reader (the full parse when it cannot, or for `{% swagger %}`,
 * whose reader looks inside it), so planning a large site costs little more. Pure.
 *
 * @example
 * singleOperationMethod('{% openapi-operation spec="pets" path="/pets" method="post" %}\n{% endopenapi-operation %}\n') // → 'post'
 */
export function singleOperationMethod(markdown: string): HttpMethod | undefined {
  if (!/\{%\s*(?:openapi|swagger)\b/.test(markdown) || opensWithProse(markdown)) return undefined;
  const flow = pageFlow(markdown);
  if (flow === undefined) return parsedOperationMethod(markdown);
  const [only, ...rest] = flow.filter((item) => !isFramingItem(item));
  if (only === undefined || rest.length > 0 || (only.kind !== 'tag' && only.kind !== 'pair')) return undefined;
  if (only.kind === 'pair' && only.name === 'swagger') return parsedOperationMethod(markdown);
  return operationMethod(tagNode(only));
}

/** `singleOperationMethod` from the full parse (what the fast read is held to by page-tags.test.ts). */
export function parsedOperationMethod(markdown: string): HttpMethod | undefined {
  const blocks = (parseMarkdown(markdown) as Parent).children.filter((node: Node) => !framing.has(node.type) && !isComment(node));
  const [only, ...rest] = blocks;
  if (only === undefined || rest.length > 0) return undefined;
  return operationMethod(only);
}

function operationMethod(block: Node | undefined): HttpMethod | undefined {
  if (block === undefined || !operationBlocks.has(block.type)) return undefined;
  const method = (block as Node & { method?: string }).method?.toLowerCase();
  return method !== undefined && isHttpMethod(method) ? method : undefined;
}

/** A heading, a separator or an HTML comment, as the fast path's flow holds them. */
function isFramingItem(item: FlowItem): boolean {
  if (item.kind !== 'block') return false;
  const { type } = item.node.token;
  if (type === 'heading_open' || type === 'hr') return true;
  const html = htmlOf(item.node);
  return html !== undefined && comment.test(html);
}

const comment = /^\s*<!--[\s\S]*-->\s*$/;

/** A heading line (`# Title`): always a block of its own, one line long. */
const atxHeading = /^#{1,6}(?:[ \t]|$)/;
/** A line that, under a paragraph's lines, makes them a heading (`Title` over `===` or `---`). */
const setextUnderline = /^ {0,3}(?:=+|-+)[ \t]*$/;

/**
 * Whether the first block of `markdown` past its headings is certainly prose: a line starting with a letter or a
 * digit at the margin, not made a heading by an underline before the next blank line. Such a block (a paragraph, a
 * table, an ordered list) is not framing, so the page is not one operation block, whatever follows it: most pages
 * that mention an operation are found so without being read (in a profile of bench/export's 1,000 pages, reading
 * them was almost half of the planning).
 * Anything less certain (a tag, HTML, a comment, an indented line) is left to the reader.
 *
 * @example
 * opensWithProse('# Pets\n\nAll about pets.\n\n{% openapi … %}') // → true
 * opensWithProse('Pets\n====\n\n{% openapi … %}') // → false: a heading
 */
export function opensWithProse(markdown: string): boolean {
  const lines = linesOf(markdown);
  let line = lines.next();
  while (!line.done && (line.value.trim() === '' || atxHeading.test(line.value))) line = lines.next();
  if (line.done || !/^[A-Za-z0-9]/.test(line.value)) return false;
  for (line = lines.next(); !line.done && line.value.trim() !== ''; line = lines.next()) {
    if (setextUnderline.test(line.value.replace(/\r$/, ''))) return false;
  }
  return true;
}

/** The lines of `text`, one at a time (only the first few of a page are read). */
function* linesOf(text: string): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    yield text.slice(start, end === -1 ? text.length : end);
    if (end === -1) return;
    start = end + 1;
  }
}

function isComment(node: Node): boolean {
  return node.type === 'html' && comment.test((node as Node & { value: string }).value);
}
