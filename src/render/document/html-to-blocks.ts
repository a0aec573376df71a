// Raw HTML in a page (an HTML block, a figure's caption, an expandable's summary, a card's cell) → blocks. The
// elements the model has a block for become that block (p, h1–h6, lists, blockquote, pre, hr, img, figure,
// table, details, iframe/video); other elements are markup around content that is kept; comments are not
// content and are left out.
import type { DocumentBlock, DocumentBlockQuote, DocumentTextMark } from '@gitbook/api';
import type { Element, ElementContent, Nodes as HastNodes, RootContent } from 'hast';
import { htmlFragment } from '../body/html-fragment.ts';
import type { ConversionState } from './conversion-state.ts';
import { codeBlock } from './code-block.ts';
import { paragraph, type InlineNode } from './document-nodes.ts';
import { expandableBlock } from './expandable-block.ts';
import { fitBlocks } from './fit-blocks.ts';
import { headingBlock } from './heading-block.ts';
import { markOfElement, styleColors } from './html-inline-tag.ts';
import { iconName } from './icon-name.ts';
import { imagesBlock, type ImageInput } from './images-block.ts';
import { InlineWriter } from './inline-writer.ts';
import { listBlock } from './list-block.ts';
import { tableBlock, textColumn, type TableCell } from './table-block.ts';
import { colorMark, simpleMark } from './text-marks.ts';

/** Elements that are blocks: what comes between them is a paragraph. */
const blockElements = new Set([
  'address', 'article', 'aside', 'audio', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'embed', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'iframe', 'li',
  'main', 'nav', 'noscript', 'object', 'ol', 'p', 'pre', 'script', 'section', 'style', 'summary', 'table', 'tbody', 'td', 'template',
  'textarea', 'tfoot', 'th', 'thead', 'tr', 'ul', 'video',
]);

/**
 * Parses HTML into hast children (`htmlFragment`), comments left out.
 *
 * @example
 * parseHtml('<p>Hi</p>') // → [{ type: 'element', tagName: 'p', ... }]
 */
export function parseHtml(html: string): ElementContent[] {
  return htmlFragment(html).filter((node) => node.type === 'element' || node.type === 'text');
}

/**
 * The blocks of an HTML fragment, not yet fitted to a container.
 *
 * @example
 * htmlBlocks('<div><p>One</p><hr></div>', state) // → [paragraph 'One', divider]
 */
export function htmlBlocks(html: string, state: ConversionState): DocumentBlock[] {
  return hastBlocks(parseHtml(html), state);
}

/** The inline content of an HTML fragment, blocks in it read as text: an expandable's summary. */
export function htmlInlines(html: string, state: ConversionState): InlineNode[] {
  const writer = new InlineWriter();
  for (const node of parseHtml(html)) writeHast(writer, node, [], state);
  return trimInlines(writer.finish());
}

function hastBlocks(nodes: readonly HastNodes[], state: ConversionState): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  let run: HastNodes[] = [];
  const flush = () => {
    if (run.length > 0) blocks.push(...runBlocks(run, state));
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'comment' || node.type === 'doctype') continue;
    if (node.type === 'element' && blockElements.has(node.tagName)) {
      flush();
      blocks.push(...elementBlocks(node, state));
    } else run.push(node);
  }
  flush();
  return blocks;
}

/** Inline content between blocks: a paragraph, or an `images` block when it is only images. */
function runBlocks(run: readonly HastNodes[], state: ConversionState): DocumentBlock[] {
  const meaningful = run.filter((node) => !(node.type === 'text' && node.value.trim() === '') && node.type !== 'comment');
  if (meaningful.length === 0) return [];
  if (meaningful.every((node) => node.type === 'element' && node.tagName === 'img' && node.properties.src !== undefined)) {
    return [imagesBlock(meaningful.map((node) => imageInput(node as Element, state)))];
  }
  return [paragraph(inlinesOf(run, state))];
}

function inlinesOf(nodes: readonly HastNodes[], state: ConversionState): InlineNode[] {
  const writer = new InlineWriter();
  for (const node of nodes) writeHast(writer, node, [], state);
  return trimInlines(writer.finish());
}

function elementBlocks(element: Element, state: ConversionState): DocumentBlock[] {
  const children = element.children;
  const tag = element.tagName;
  switch (tag) {
    case 'p':
      return runBlocks(children, state);
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const depth = Number(tag.slice(1));
      const id = stringProperty(element, 'id');
      return [headingBlock(depth, inlinesOf(children, state), id, state)];
    }
    case 'ul':
    case 'ol': {
      const items = children.filter((child): child is Element => child.type === 'element');
      const start = Number(stringProperty(element, 'start') ?? '1');
      return [
        listBlock(
          { ordered: tag === 'ol', start: Number.isInteger(start) ? start : 1 },
          items.map((item) => ({ blocks: item.tagName === 'li' ? hastBlocks(item.children, state) : elementBlocks(item, state) })),
          state.labels,
        ),
      ];
    }
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', data: {}, nodes: fitBlocks(hastBlocks(children, state), 'blockquote', state.labels) as DocumentBlockQuote['nodes'] }];
    case 'pre': {
      const code = children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      const language = classNames(code ?? element).find((name) => name.startsWith('language-'))?.slice('language-'.length);
      return [codeBlock(textOf(element).replace(/\n$/, ''), { syntax: language })];
    }
    case 'script':
    case 'style':
    case 'textarea': {
      const text = textOf(element);
      return text.trim() === '' ? [] : [codeBlock(text.replace(/^\n+|\n+$/g, ''), { syntax: tag === 'script' ? 'javascript' : tag === 'style' ? 'css' : undefined })];
    }
    case 'hr':
      return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
    case 'table':
      return [htmlTable(element, state)];
    case 'figure':
      return figureBlocks(element, state);
    case 'details': {
      const summary = children.find((child): child is Element => child.type === 'element' && child.tagName === 'summary');
      const body = children.filter((child) => child !== summary);
      // `<details>` alone (its content in the Markdown after it, unclosed) is markup, not an empty expandable.
      if (summary === undefined && body.every((child) => child.type === 'text' && child.value.trim() === '')) return [];
      return [expandableBlock(summary ? inlinesOf(summary.children, state) : [], hastBlocks(body, state), element.properties.open !== undefined && element.properties.open !== false, state.labels)];
    }
    case 'iframe':
    case 'video':
    case 'audio':
    case 'embed':
    case 'object': {
      const source = children.find((child): child is Element => child.type === 'element' && child.tagName === 'source');
      const url = stringProperty(element, 'src') ?? stringProperty(element, 'data') ?? (source && stringProperty(source, 'src'));
      if (url === undefined) return hastBlocks(children, state);
      const embed: DocumentBlock = { object: 'block', type: 'embed', isVoid: true, data: { url } };
      state.labels.set(embed, stringProperty(element, 'title') ?? url);
      return [embed, ...hastBlocks(children.filter((child) => child !== source), state)];
    }
    default:
      return hastBlocks(children, state);
  }
}

function figureBlocks(element: Element, state: ConversionState): DocumentBlock[] {
  const images = collect(element, (node) => node.tagName === 'img' && node.properties.src !== undefined);
  const caption = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'figcaption');
  if (images.length === 0) return hastBlocks(element.children, state);
  const captionBlocks = caption ? fitBlocks(hastBlocks(caption.children, state), 'caption', state.labels) : [];
  const inputs = images.map((image, index) => ({ ...imageInput(image, state), caption: index === 0 ? (captionBlocks as ImageInput['caption']) : [] }));
  // What the figure holds besides its images and caption (rare) follows it.
  const rest = element.children.filter((child) => child !== caption && !(child.type === 'element' && containsAny(child, images)));
  return [imagesBlock(inputs), ...hastBlocks(rest, state)];
}

function imageInput(image: Element, state: ConversionState): ImageInput {
  return {
    ref: state.refs.file(stringProperty(image, 'src') ?? ''),
    alt: stringProperty(image, 'alt'),
    width: stringProperty(image, 'width'),
    height: stringProperty(image, 'height'),
  };
}

function htmlTable(table: Element, state: ConversionState): DocumentBlock {
  const rows = collect(table, (node) => node.tagName === 'tr', (node) => node.tagName === 'table' && node !== table);
  const cellsOf = (row: Element) => row.children.filter((cell): cell is Element => cell.type === 'element' && (cell.tagName === 'td' || cell.tagName === 'th'));
  const first = rows[0];
  const hasHeader = first !== undefined && (collect(table, (node) => node.tagName === 'thead').length > 0 || cellsOf(first).every((cell) => cell.tagName === 'th'));
  const body = hasHeader ? rows.slice(1) : rows;
  const width = Math.max(1, ...rows.map((row) => cellsOf(row).length));
  const header = hasHeader ? cellsOf(first) : [];
  const definitions = Array.from({ length: width }, (_, index) => {
    const cell = header[index];
    return textColumn(index, cell ? textOf(cell).replace(/\s+/g, ' ').trim() : '', cell ? alignment(cell) : 'left');
  });
  const cells = body.map((row) => cellsOf(row).map((cell): TableCell => ({ kind: 'text', blocks: fitBlocks(hastBlocks(cell.children, state), 'table-cell', state.labels) })));
  // GitBook writes a table whose header is hidden with an empty header row and `data-header-hidden`.
  const hideHeader = !hasHeader || table.properties.dataHeaderHidden !== undefined;
  const block = tableBlock(definitions, cells, (columns) => ({ type: 'grid', columns, hideHeader }));
  if (stringProperty(table, 'dataFullWidth') === 'true') block.data.fullWidth = true;
  return block;
}

function alignment(cell: Element): 'left' | 'center' | 'right' {
  const written = (stringProperty(cell, 'align') ?? /text-align\s*:\s*(\w+)/i.exec(stringProperty(cell, 'style') ?? '')?.[1] ?? '').toLowerCase();
  return written === 'center' || written === 'right' ? written : 'left';
}

/** Writes hast content as inline content: elements that format text become marks, blocks are read as text. */
function writeHast(writer: InlineWriter, node: HastNodes, marks: readonly DocumentTextMark[], state: ConversionState): void {
  if (node.type === 'text') {
    writer.text(node.value.replace(/\s+/g, ' '), marks);
    return;
  }
  if (node.type !== 'element' && node.type !== 'root') return;
  const children = node.children as readonly RootContent[];
  const all = (withMarks: readonly DocumentTextMark[]) => {
    for (const child of children) writeHast(writer, child, withMarks, state);
  };
  if (node.type === 'root') return all(marks);
  const tag = node.tagName;
  const classes = classNames(node);
  if (tag === 'br') return writer.text('\n', marks);
  if (tag === 'img') {
    const src = stringProperty(node, 'src');
    const alt = stringProperty(node, 'alt') ?? '';
    if (src === undefined) return writer.text(alt, marks);
    const size = stringProperty(node, 'dataSize');
    writer.inline(
      { object: 'inline', type: 'inline-image', data: { ref: state.refs.file(src), ...(alt ? { alt } : {}), ...(size === 'line' || size === 'original' ? { size } : {}) }, isVoid: true },
      alt,
      marks,
    );
    return;
  }
  if (tag === 'a') {
    const href = stringProperty(node, 'href');
    if (href === undefined) return all(marks);
    if (classes.includes('button')) {
      const label = textOf(node).trim();
      const icon = iconName(stringProperty(node, 'dataIcon'));
      const kind = classes.includes('secondary') ? 'secondary' : 'primary';
      writer.inline({ object: 'inline', type: 'button', data: { label, kind, ...(icon ? { icon } : {}), ref: state.refs.link(href) }, isVoid: true }, label, marks);
      return;
    }
    writer.openLink(state.refs.link(href), 'tree');
    all(marks);
    writer.closeLink('tree');
    return;
  }
  if (tag === 'i' && classes.some((name) => name.startsWith('fa-'))) {
    const icon = iconName(classes.find((name) => name.startsWith('fa-') && name !== 'fa-solid' && name !== 'fa-regular' && name !== 'fa-brands'));
    if (icon) return writer.inline({ object: 'inline', type: 'icon', data: { icon }, isVoid: true }, textOf(node), marks);
  }
  if (tag === 'mark') {
    const colors = styleColors(stringProperty(node, 'style'));
    const color = colorMark(colors.color, colors.background);
    return all(color ? [...marks, color] : marks);
  }
  if (tag === 'script' || tag === 'style' || tag === 'pre') return writer.text(textOf(node), [...marks, simpleMark('code')]);
  const mark = markOfElement[tag];
  if (mark) return all([...marks, simpleMark(mark)]);
  // A block read as inline content (a `<p>` in a summary) is set apart from what comes before it.
  if (blockElements.has(tag)) writer.text(' ', marks);
  all(marks);
}

/** Inline content without the whitespace HTML would not show at its start and end. */
function trimInlines(nodes: InlineNode[]): InlineNode[] {
  trimEdge(nodes[0], 'start');
  trimEdge(nodes[nodes.length - 1], 'end');
  return nodes;
}

function trimEdge(node: InlineNode | undefined, edge: 'start' | 'end'): void {
  if (node?.object !== 'text') return;
  while (node.leaves.length > 0) {
    const index = edge === 'start' ? 0 : node.leaves.length - 1;
    const leaf = node.leaves[index]!;
    leaf.text = edge === 'start' ? leaf.text.replace(/^\s+/, '') : leaf.text.replace(/\s+$/, '');
    if (leaf.text !== '' || node.leaves.length === 1) return;
    node.leaves.splice(index, 1);
  }
}

function textOf(node: HastNodes): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') return node.children.map((child) => textOf(child)).join('');
  return '';
}

function stringProperty(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function classNames(element: Element): string[] {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : String(value).split(/\s+/);
}

/** The elements under `root` that `match`, in document order, not looking inside those `stop` refuses. */
function collect(root: Element, match: (element: Element) => boolean, stop: (element: Element) => boolean = () => false): Element[] {
  const found: Element[] = [];
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== 'element' || stop(child)) continue;
      if (match(child)) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

function containsAny(element: Element, targets: readonly Element[]): boolean {
  return targets.includes(element) || element.children.some((child) => child.type === 'element' && containsAny(child, targets));
}
