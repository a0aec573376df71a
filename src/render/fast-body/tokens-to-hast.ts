// markdown-it tokens → the hast tree the full path builds (mdast-util-to-hast with Quire's block handlers), node
// for node: the same elements, the same `\n` text between blocks (`wrap`), the same list looseness, and every
// GitBook block through the same element builders as its handler in src/render/blocks. What it cannot build
// exactly throws `FastPathUnsupported`, and the page goes the full way.
import type { Element, ElementContent } from 'hast';
import type { Html, PhrasingContent, RootContent } from 'mdast';
import { buttonPairing } from '../../markdown/blocks/button/from-markdown.ts';
import { iconPairing } from '../../markdown/blocks/icon/from-markdown.ts';
import { markPairing } from '../../markdown/blocks/mark/from-markdown.ts';
import { buttonElement, iconElement } from '../blocks/inline-marks.ts';
import type { Token } from 'markdown-it';
import { readCards, readFigure, readGitbookTag, type Update } from '../../markdown/index.ts';
import { element, text } from '../body/hast-builder.ts';
import type { BodyContext } from '../body/body-context.ts';
import { evaluateSource, isTruthy } from '../adaptive/index.ts';
import { cardsElement } from '../blocks/cards.ts';
import { codeFrame } from '../blocks/code.ts';
import { columnElement, columnsElement } from '../blocks/columns.ts';
import { contentRefElement } from '../blocks/content-ref.ts';
import { detailsElement } from '../blocks/details.ts';
import { embedElement } from '../blocks/embed.ts';
import { fileElement } from '../blocks/file.ts';
import { integrationBlockElement } from '../blocks/integration-block.ts';
import { updateElement, updatesElement } from '../blocks/extension-blocks.ts';
import { stepElement, stepperElement } from '../blocks/stepper.ts';
import { tabsElement } from '../blocks/tabs.ts';
import { headingElement } from '../blocks/heading.ts';
import { hintElement } from '../blocks/hint.ts';
import { figureElement } from '../blocks/images.ts';
import { includedPath, reusableContentElement } from '../blocks/include.ts';
import { mathElement } from '../blocks/math.ts';
import { createOpenAPIBlocks } from '../blocks/openapi.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';
import { htmlTable } from './html-table.ts';
import { detailsOpen, htmlOf, maxBlockDepth, pairBlocks, type BlockNode, type FlowItem } from './pair-blocks.ts';
import { readBlocks } from './read-blocks.ts';
import { codeSpanAcrossLines, mixedDelimiterRuns, unsupportedLinkText, unsupportedText } from './unsupported-text.ts';

/** An expandable's summary in a block of its own (blocks/details/from-markdown.ts). */
const summaryBlock = /^<summary>([\s\S]*?)<\/summary>$/;
/** A summary that is text: HTML in it goes the full way (and `</summary>` in it is no summary). */
const plainSummary = /^[^<>&]*$/;

/** A caption GitBook writes: one paragraph of plain text. */
const plainCaption = /^<p>([^<>&]*)<\/p>$/;

/** A page body read by markdown-it, and what the full path does after building its tree that this one needs too. */
export interface FastHast {
  /** The root's children, as its `wrap` lays them. */
  children: ElementContent[];
  /** The page holds HTML the full path parses with the page (an HTML table): what runs after that parse runs. */
  raw: boolean;
  /** What HTML or outside data made (cards, HTML tables, OpenAPI blocks, ContentKit): these are sanitized. */
  unsafe: Element[];
}

/** What the page read so far needs (reset for each page; reading never reenters `markdownToHast`). */
let needs: { raw: boolean; unsafe: Element[] } = { raw: false, unsafe: [] };

/** `element`, noted as made from HTML or outside data: the sanitizer judges it (src/render/body/sanitize-parts.ts). */
function untrusted(made: Element): Element {
  needs.unsafe.push(made);
  return made;
}

/** The hast of a page body (or a reusable content) read by markdown-it. */
export function markdownToHast(markdown: string, context: BodyContext): FastHast {
  needs = { raw: false, unsafe: [] };
  const children = wrap(flow(readBlocks(markdown), context), false);
  return { children, ...needs };
}

/** mdast-util-to-hast's `wrap`: `\n` between nodes, and around them when loose. */
function wrap(nodes: ElementContent[], loose: boolean): ElementContent[] {
  const result: ElementContent[] = loose ? [text('\n')] : [];
  nodes.forEach((node, index) => {
    if (index) result.push(text('\n'));
    result.push(node);
  });
  if (loose && nodes.length > 0) result.push(text('\n'));
  return result;
}

/** Flow content, as `state.all` gives it: one after the other, Liquid pairs and expandables read as their blocks. */
function flow(nodes: BlockNode[], context: BodyContext): ElementContent[] {
  return items(pairBlocks(nodes), context);
}

/** How many blocks (`{% hint %}`, `<details>`, …) enclose what is being read: at most `maxBlockDepth`. */
let blockDepth = 0;

/** The content of a block, one level deeper. */
function inner(list: FlowItem[], context: BodyContext): ElementContent[] {
  if (blockDepth >= maxBlockDepth) throw new FastPathUnsupported('blocks nested deep in each other');
  blockDepth++;
  try {
    return items(list, context);
  } finally {
    blockDepth--;
  }
}

function items(list: FlowItem[], context: BodyContext): ElementContent[] {
  const out: ElementContent[] = [];
  for (const item of list) {
    if (item.kind === 'block') out.push(block(item.node, context));
    else if (item.kind === 'details') out.push(detailsBlock(item, context));
    else if (item.kind === 'tag') {
      const rendered = voidTag(item, context);
      if (rendered) out.push(rendered);
    } else if (item.name === 'if') out.push(...conditionBlock(item, context));
    else out.push(pairBlock(item, context));
  }
  return out;
}

/**
 * A tag alone: an include, an embed without a caption, a legacy page link, an OpenAPI block without its end tag,
 * or an integration block (one its integration rendered holds ContentKit's HTML: the page is sanitized); anything
 * else goes the full way.
 */
function voidTag(item: Extract<FlowItem, { kind: 'tag' }>, context: BodyContext): Element | undefined {
  if (openapiTags.has(item.name)) return openapiBlock(item.value, undefined, context);
  const read = item.name === 'include' || item.name === 'embed' || item.name === 'page-ref' || item.name.startsWith('@') ? readTag(item.value) : undefined;
  if (read?.type === 'include') return includeElement(read.path, context);
  if (read?.type === 'embed') return embedElement(read.url?.trim() ?? '', []);
  if (read?.type === 'pageRef') return contentRefElement(context, baseOf(context), read.page?.trim() ?? '', '');
  if (read?.type === 'integrationBlock') {
    const block = integrationBlockElement(context, read);
    return Array.isArray(block.properties.className) && block.properties.className.includes('integration-rendered') ? untrusted(block) : block;
  }
  throw new FastPathUnsupported(`Liquid tag ${item.value}`);
}

/** The OpenAPI blocks whose end tag is optional (the legacy `{% swagger %}` goes the full way). */
const openapiTags = new Set(['openapi', 'openapi-operation', 'openapi-schemas', 'openapi-webhook']);

/**
 * An OpenAPI block, by the full path's renderer (src/render/blocks/openapi.ts): from its specification's document,
 * or, when that is missing, with what the author wrote inside (read only then, as the full path reads it only then).
 * Its document's descriptions are Markdown the renderer reads on its own, sanitized with the page.
 */
function openapiBlock(open: string, children: FlowItem[] | undefined, context: BodyContext): Element {
  // Read afresh, not from the cache: the node is the key of its base (the reusable content it is written in).
  const node = readGitbookTag(open, children === undefined ? undefined : []);
  if (node !== undefined && context.including.length > 0) context.bases.set(node, context.including.at(-1)!);
  const content = () => (children === undefined ? [] : inner(children, context));
  const blocks = createOpenAPIBlocks(context);
  switch (node?.type) {
    case 'openapi':
      return untrusted(blocks.openapi(node, content));
    case 'openapiOperation':
      return untrusted(blocks.openapiOperation(node, content));
    case 'openapiSchemas':
      return untrusted(blocks.openapiSchemas(node, content));
    case 'openapiWebhook':
      return untrusted(blocks.openapiWebhook(node, content));
    default:
      throw new FastPathUnsupported(`OpenAPI tag ${open}`);
  }
}

type Pair = Extract<FlowItem, { kind: 'pair' }>;

function pairBlock(pair: Pair, context: BodyContext): Element {
  switch (pair.name) {
    case 'hint': {
      const hint = readTag(pair.open, []);
      if (hint?.type !== 'hint') throw new FastPathUnsupported(`hint tag ${pair.open}`);
      return hintElement(hint.style, inner(pair.children, context), hint.icon);
    }
    case 'code':
      return codeOptionsBlock(pair);
    case 'tabs':
      return tabsElement(parts(pair, 'tab', 'tabs').map(({ node, children }) => ({ title: field(node, 'title'), icon: field(node, 'icon'), children: inner(children, context) })));
    case 'stepper':
      return stepperElement(parts(pair, 'step', 'stepper').map(({ children }) => stepElement(inner(children, context))));
    case 'columns':
      return columnsElement(parts(pair, 'column', 'columns').map(({ node, children }) => columnElement({ width: field(node, 'width'), valign: field(node, 'valign') }, inner(children, context))));
    case 'updates':
      return updatesElement(parts(pair, 'update', 'updates').map(({ node, children }) => updateElement(node as Update, inner(children, context))));
    case 'embed': {
      const embed = readGitbookTag(pair.open, []);
      if (embed?.type !== 'embed') throw new FastPathUnsupported(`embed tag ${pair.open}`);
      return embedElement(embed.url?.trim() ?? '', inner(pair.children, context));
    }
    case 'content-ref':
      return contentRefBlock(pair, context);
    case 'file': {
      const file = readGitbookTag(pair.open, []);
      if (file?.type !== 'file') throw new FastPathUnsupported(`file tag ${pair.open}`);
      return fileElement(context, baseOf(context), file.src ?? '', inner(pair.children, context));
    }
    default:
      if (openapiTags.has(pair.name)) return openapiBlock(pair.open, pair.children, context);
      throw new FastPathUnsupported(`Liquid block ${pair.name}`);
  }
}

/**
 * The parts of a block that holds only blocks of one kind (tabs of `{% tabs %}`), each with the node its reader
 * makes of its tag (read as the full path reads it, through `readGitbookTag`) and its content.
 */
function parts(pair: Pair, part: string, type: string): Array<{ node: RootContent; children: FlowItem[] }> {
  const list = pair.children.map((child) => {
    if (child.kind !== 'pair' || child.name !== part) throw new FastPathUnsupported(`{% ${pair.name} %} holding something else than ${part}s`);
    return child;
  });
  // The node depends on the tags only (the parts are read empty): the same tabs on many pages are read once.
  const key = [pair.open, ...list.map((child) => child.open)].join('\0') + '\0parts';
  const read = cachedTag(key, () =>
    readGitbookTag(
      pair.open,
      list.map((child) => ({ type: 'liquidBlock', name: part, open: child.open, close: `{% end${part} %}`, children: [] }) as unknown as RootContent),
    ),
  );
  if (read?.type !== type || !('children' in read) || read.children.length !== list.length || read.children.some((child) => child.type !== part)) throw new FastPathUnsupported(`${pair.name} tag ${pair.open}`);
  return list.map((child, index) => ({ node: read.children[index]!, children: child.children }));
}

function field(node: RootContent, name: string): string | undefined {
  const value = (node as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `{% if %}` with its `{% elsif %}`/`{% else %}` branches: the content of the first branch that holds for the
 * export's claims, as the full path's condition handler gives it (extension-blocks.ts). The other branches are read
 * too, into a scratch context, so that a page whose hidden branch the fast path cannot read exactly (and whose
 * branches it might then split otherwise) goes the full way.
 */
function conditionBlock(pair: Pair, context: BodyContext): ElementContent[] {
  const read = readGitbookTag(pair.open, []);
  if (read?.type !== 'condition') throw new FastPathUnsupported(`if tag ${pair.open}`);
  const branches: Array<{ expression: string | undefined; children: FlowItem[] }> = [{ expression: read.expression, children: [] }];
  for (const child of pair.children) {
    const match = child.kind === 'tag' ? branchTag.exec(child.value) : null;
    if (match) branches.push({ expression: match[1] === 'else' ? undefined : match[2], children: [] });
    else branches.at(-1)!.children.push(child);
  }
  let shown: FlowItem[] | undefined;
  for (const branch of branches) {
    if (branch.expression === undefined) {
      shown = branch.children;
      break;
    }
    const result = evaluateSource(branch.expression, context.scope);
    if (!result.ok) {
      context.warnings.push(`{% if ${branch.expression} %} cannot be evaluated (${result.error.message}): the block is hidden`);
      break;
    }
    if (isTruthy(result.value)) {
      shown = branch.children;
      break;
    }
  }
  // What a hidden branch holds is not in the tree: nor are the passes it would need.
  const needed = { ...needs };
  for (const branch of branches) if (branch.children !== shown) inner(branch.children, scratchOf(context));
  needs = needed;
  return shown ? inner(shown, context) : [];
}

/** `{% else %}` and `{% elsif x %}` as condition-branches.ts splits a condition at them. */
const branchTag = /^\{%-?\s*(else|elsif|elseif)\b\s*([\s\S]*?)\s*-?%\}$/;

/**
 * A copy of `context` whose outline, ids, broken links, warnings and OpenAPI render contexts (the schemas its
 * blocks link to) are its own: what is read into it is dropped.
 */
function scratchOf(context: BodyContext): BodyContext {
  return { ...context, outline: [], ids: new Set(context.ids), broken: [], including: [...context.including], warnings: [], openapiContexts: undefined };
}

/** The file relative links are written in at this point: the reusable content being included, or the page. */
function baseOf(context: BodyContext): string {
  return context.including.at(-1) ?? context.source;
}

/** `{% content-ref %}` around its link as GitBook writes it: paragraphs, whose text titles a card to nothing. */
function contentRefBlock(pair: Pair, context: BodyContext): Element {
  const read = readGitbookTag(pair.open, []);
  if (read?.type !== 'contentRef') throw new FastPathUnsupported(`content-ref tag ${pair.open}`);
  const texts = pair.children.map((child) => {
    if (child.kind !== 'block' || child.node.token.type !== 'paragraph_open') throw new FastPathUnsupported('{% content-ref %} around something else than paragraphs');
    const content = child.node.children[0]!.token;
    // Read as it would be rendered, so that what micromark reads otherwise is refused here too.
    inline(content);
    return plainText(content.children ?? [], false);
  });
  return contentRefElement(context, baseOf(context), read.url?.trim() ?? '', texts.join(' ').trim());
}

/** `<details>` with its summary (on its line or in the next block) as plain text; the rest goes the full way. */
function detailsBlock(item: Extract<FlowItem, { kind: 'details' }>, context: BodyContext): Element {
  const [, open, inlineSummary] = detailsOpen.exec(item.open) ?? [];
  let summary = inlineSummary;
  let content = item.children;
  if (summary === undefined) {
    const first = content[0];
    const html = first?.kind === 'block' ? htmlOf(first.node) : undefined;
    summary = html === undefined ? undefined : summaryBlock.exec(html)?.[1];
    content = content.slice(1);
  }
  if (summary === undefined || !plainSummary.test(summary)) throw new FastPathUnsupported('an expandable whose summary is not plain text');
  return detailsElement(summary, open !== undefined, inner(content, context));
}

function codeOptionsBlock(pair: Pair): Element {
  const [only, ...rest] = pair.children;
  if (only?.kind !== 'block' || rest.length > 0 || (only.node.token.type !== 'fence' && only.node.token.type !== 'code_block')) throw new FastPathUnsupported('{% code %} around something else than one code block');
  const code = codeNode(only.node.token);
  // The options come from the tag alone (the reader asks only for one code block inside): read once per tag.
  const options = cachedTag(`${pair.open}\0code`, () => readGitbookTag(pair.open, [{ type: 'code', lang: null, meta: null, value: '' }]));
  if (options?.type !== 'codeOptions') throw new FastPathUnsupported(`code tag ${pair.open}`);
  return codeFrame(code, options);
}

function includeElement(written: string, context: BodyContext): Element | undefined {
  const base = context.including.at(-1) ?? context.source;
  const path = includedPath(context, base, written);
  if (path === undefined) return undefined;
  context.including.push(path);
  const children = flow(readBlocks(context.space.includes[path]!), context);
  context.including.pop();
  return reusableContentElement(path, children);
}

function block(node: BlockNode, context: BodyContext): ElementContent {
  const { token } = node;
  switch (token.type) {
    case 'paragraph_open':
      return element('p', {}, inline(node.children[0]!.token));
    case 'heading_open': {
      const content = node.children[0]!.token;
      return headingElement(context, Number(token.tag.slice(1)), plainText(content.children ?? [], false).trim(), undefined, inline(content));
    }
    case 'blockquote_open':
      return element('blockquote', {}, wrap(flow(node.children, context), true));
    case 'bullet_list_open':
    case 'ordered_list_open':
      return list(node, context);
    case 'fence':
    case 'code_block':
      return codeFrame(codeNode(token), {});
    case 'hr':
      return element('hr');
    case 'math_block':
      return mathElement(token.content);
    case 'table_open':
      return table(node);
    case 'html_block':
      return htmlBlock(token.content.replace(/\n$/, ''));
    default:
      throw new FastPathUnsupported(`block ${token.type}`);
  }
}

function codeNode(token: Token): { lang: string | undefined; value: string } {
  const lang = token.type === 'fence' ? token.info.trim().split(/\s+/)[0] || undefined : undefined;
  return { lang, value: token.content.replace(/\n$/, '') };
}

/** mdast-util-to-hast's list and listItem: a loose list keeps its paragraphs and puts `\n` around every child. */
function list(node: BlockNode, context: BodyContext): Element {
  const items = node.children;
  const loose = items.some((item) => item.children.some((child) => child.token.type === 'paragraph_open' && !child.token.hidden));
  const start = node.token.type === 'ordered_list_open' ? Number(node.token.attrGet('start') ?? 1) : 1;
  const rendered = items.map((item) => {
    const first = item.children[0];
    if (first?.token.type === 'paragraph_open' && /^\[[ xX]\]/.test(first.children[0]?.token.content ?? '')) throw new FastPathUnsupported('task list item');
    const results = flow(item.children, context);
    const children: ElementContent[] = [];
    results.forEach((child, index) => {
      const paragraph = child.type === 'element' && child.tagName === 'p';
      if (loose || index !== 0 || !paragraph) children.push(text('\n'));
      if (paragraph && !loose) children.push(...child.children);
      else children.push(child);
    });
    const tail = results.at(-1);
    if (tail && (loose || tail.type !== 'element' || tail.tagName !== 'p')) children.push(text('\n'));
    return element('li', {}, children);
  });
  const tag = node.token.type === 'ordered_list_open' ? 'ol' : 'ul';
  return element(tag, tag === 'ol' && start !== 1 ? { start } : {}, wrap(rendered, true));
}

/** A GFM table, in Quire's scrolling frame: `align` on every cell of an aligned column. */
function table(node: BlockNode): Element {
  const sections = node.children.map((section) => {
    const rows = section.children.map((row) => {
      const cells = row.children.map((cell) => {
        const align = /^text-align:(left|right|center)$/.exec(cell.token.attrGet('style') ?? '')?.[1];
        return element(cell.token.type === 'th_open' ? 'th' : 'td', align ? { align } : {}, inline(cell.children[0]!.token));
      });
      return element('tr', {}, wrap(cells, true));
    });
    return element(section.token.type === 'thead_open' ? 'thead' : 'tbody', {}, wrap(rows, true));
  });
  return element('div', { className: ['table-wrap'] }, [element('table', {}, wrap(sections, true))]);
}

/** Tags read so far, by what is written: pages repeat the same few (`{% hint style="info" %}`) thousands of times. */
const tagCache = new Map<string, ReturnType<typeof readGitbookTag>>();

/** `readGitbookTag` of a void tag, or of a pair whose node does not depend on its content (a hint's style). */
function readTag(value: string, children?: []): ReturnType<typeof readGitbookTag> {
  return cachedTag(children === undefined ? value : `${value}\0pair`, () => readGitbookTag(value, children));
}

/** A node read from tags as written, by a key made of them: read once (the renderers only read such nodes). */
function cachedTag(key: string, read: () => ReturnType<typeof readGitbookTag>): ReturnType<typeof readGitbookTag> {
  if (!tagCache.has(key)) {
    if (tagCache.size > 10_000) tagCache.clear();
    tagCache.set(key, read());
  }
  return tagCache.get(key);
}

/**
 * The HTML blocks the fast path reads: a figure, a card table, as the full path's readers read them, else an HTML
 * table (which the full path parses as raw HTML).
 */
function htmlBlock(html: string): Element {
  const figureNode = readFigure({ type: 'html', value: html });
  if (figureNode !== undefined) return figure(figureNode);
  const cards = readCards({ type: 'html', value: html });
  // A card's cells are HTML, parsed as they are written: the sanitizer judges them, as it judges an HTML table.
  if (cards !== undefined) return untrusted(cardsElement(cards));
  const table = untrusted(htmlTable(html));
  needs.raw = true;
  return table;
}

/** A figure exactly as GitBook writes it, with a plain-text caption. */
function figure(node: NonNullable<ReturnType<typeof readFigure>>): Element {
  if (node.caption === undefined || node.caption.trim() === '') return figureElement(node, []);
  const caption = plainCaption.exec(node.caption.trim());
  if (!caption) throw new FastPathUnsupported('figure caption with markup');
  return figureElement(node, [element('p', {}, caption[1] ? [text(caption[1])] : [])]);
}

/**
 * Inline tokens → hast, as mdast-util-to-hast renders the phrasing mdast micromark gives for them. (No closures
 * here: this runs for every paragraph of every page.)
 */
function inline(token: Token): ElementContent[] {
  if (mixedDelimiterRuns(token.content)) throw new FastPathUnsupported('runs of three emphasis markers beside other runs');
  // A code span across a lazy line that starts with white space (fast-markdown.ts, `paragraphRule`).
  if ((token.meta as { lazyIndented?: boolean } | null)?.lazyIndented === true && codeSpanAcrossLines(token.content)) throw new FastPathUnsupported('a code span across a lazy line');
  const root: ElementContent[] = [];
  /** The children lists of the elements open at this point, innermost last. */
  const stack: ElementContent[][] = [root];
  let siblings = root;
  let autolink = false;
  let link = false;
  const children = token.children ?? [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    let node: ElementContent | undefined;
    let opens = false;
    switch (child.type) {
      case 'text':
      case 'softbreak': {
        const value = child.type === 'text' ? child.content : '\n';
        // An autolink's text is its URL, which no literal-autolink rule reads again.
        if (child.type === 'text' && !autolink && (link ? unsupportedLinkText : unsupportedText).test(value)) throw new FastPathUnsupported(`text ${JSON.stringify(value.slice(0, 40))}`);
        const last = siblings[siblings.length - 1];
        // micromark drops a tab before a line ending, as it drops spaces; markdown-it keeps it (it drops the spaces
        // after it, so the text ends with the tab). Only the last character is read: the text grows line by line.
        if (child.type === 'softbreak' && last?.type === 'text' && last.value.endsWith('\t')) throw new FastPathUnsupported('a tab at the end of a line');
        if (last?.type === 'text') last.value += value;
        else siblings.push(text(value));
        continue;
      }
      case 'hardbreak': {
        // `a\t  ` then a line ending: micromark reads no hard break after a tab, markdown-it reads one.
        const last = siblings[siblings.length - 1];
        if (last?.type === 'text' && last.value.endsWith('\t')) throw new FastPathUnsupported('a tab before a hard break');
        siblings.push(element('br'), text('\n'));
        continue;
      }
      case 'html_inline': {
        const close = inlineElementEnd(children, index);
        siblings.push(inlineElement(children, index, close));
        index = close;
        continue;
      }
      case 'code_inline':
        // Spaces kept at either end: after a hard break the two readers keep them differently.
        if (/^\s|\s$/.test(child.content)) throw new FastPathUnsupported('a code span starting or ending with a space');
        node = element('code', {}, [text(child.content)]);
        break;
      case 'em_open':
        node = element('em');
        opens = true;
        break;
      case 'strong_open':
        node = element('strong');
        opens = true;
        break;
      case 's_open':
        node = element('del');
        opens = true;
        break;
      case 'link_open':
        autolink = child.markup === 'autolink';
        link = true;
        // A backslash or a line ending in the destination: the two readers end it differently.
        if (/%5C|%0A/i.test(child.attrGet('href') ?? '')) throw new FastPathUnsupported('a link destination with a backslash or a line ending');
        node = element('a', { href: child.attrGet('href') ?? '', title: child.attrGet('title') ?? undefined });
        opens = true;
        break;
      case 'image':
        node = element('img', { src: child.attrGet('src') ?? '', alt: plainText(child.children ?? []), title: child.attrGet('title') ?? undefined });
        break;
      case 'link_close':
      case 'em_close':
      case 'strong_close':
      case 's_close':
        if (child.type === 'link_close') autolink = link = false;
        stack.pop();
        if (stack.length === 0) throw new FastPathUnsupported('unbalanced inline tokens');
        siblings = stack[stack.length - 1]!;
        continue;
      default:
        throw new FastPathUnsupported(`inline ${child.type}`);
    }
    siblings.push(node);
    if (opens && node.type === 'element') {
      siblings = node.children;
      stack.push(siblings);
    }
  }
  if (stack.length !== 1) throw new FastPathUnsupported('unbalanced inline tokens');
  return root;
}

/**
 * Where the inline element GitBook writes as HTML that opens at `at` ends: an icon (`<i class="fa-…">:name:</i>`) or a
 * button (`<a href="…" class="button primary">label</a>`) around plain text. Any other inline HTML, or these around
 * anything else, goes the full way (the full path pairs them among siblings, inline-element-pairing.ts; with text
 * alone between them the pair is the same).
 */
function inlineElementEnd(tokens: Token[], at: number): number {
  const open = htmlNode(tokens[at]!);
  const pairing = buttonPairing.mark(open)?.kind === 'open' ? buttonPairing : iconPairing.mark(open)?.kind === 'open' ? iconPairing : undefined;
  if (pairing === undefined || markPairing.mark(open) !== undefined) throw new FastPathUnsupported(`inline HTML ${open.value}`);
  let close = at + 1;
  while (tokens[close]?.type === 'text') close++;
  const end = tokens[close];
  if (end?.type !== 'html_inline' || pairing.mark(htmlNode(end))?.kind !== 'close') throw new FastPathUnsupported(`inline HTML ${open.value} around something else than text`);
  return close;
}

/** The icon or button between the HTML tokens at `at` and `close`, built by the full path's reader and handler. */
function inlineElement(tokens: Token[], at: number, close: number): Element {
  const label = tokens.slice(at + 1, close).map((token) => token.content).join('');
  if (unsupportedText.test(label)) throw new FastPathUnsupported(`text ${JSON.stringify(label.slice(0, 40))}`);
  const children: PhrasingContent[] = label === '' ? [] : [{ type: 'text', value: label }];
  const open = htmlNode(tokens[at]!);
  const node = (open.value.startsWith('<a') ? buttonPairing : iconPairing).wrap(open, children, htmlNode(tokens[close]!));
  if (node?.type === 'button') return buttonElement(node, label === '' ? [] : [text(label)]);
  if (node?.type === 'icon') return iconElement(node);
  throw new FastPathUnsupported(`inline HTML ${open.value}`);
}

function htmlNode(token: Token): Html {
  return { type: 'html', value: token.content };
}

/**
 * The text of inline tokens as the full path reads it of the nodes micromark makes: with image alts as
 * mdast-util-to-string gives an image's `alt`, without them as a heading's label (`mdastText`).
 */
function plainText(tokens: Token[], withAlts = true): string {
  let value = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline') value += token.content;
    else if (token.type === 'softbreak') value += '\n';
    else if (token.type === 'image' && withAlts) value += plainText(token.children ?? []);
  }
  return value;
}
