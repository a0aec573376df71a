// markdown-it tokens → the hast tree the full path builds (mdast-util-to-hast with Quire's block handlers), node
// for node: the same elements, the same `\n` text between blocks (`wrap`), the same list looseness, and every
// GitBook block through the same element builders as its handler in src/render/blocks. What it cannot build
// exactly throws `FastPathUnsupported`, and the page goes the full way.
import type { Element, ElementContent } from 'hast';
import type { Token } from 'markdown-it';
import { readFigure, readGitbookTag } from '../../markdown/index.ts';
import { element, text } from '../body/hast-builder.ts';
import type { BodyContext } from '../body/body-context.ts';
import { codeFrame } from '../blocks/code.ts';
import { headingElement } from '../blocks/heading.ts';
import { hintElement } from '../blocks/hint.ts';
import { figureElement } from '../blocks/images.ts';
import { includedPath, reusableContentElement } from '../blocks/include.ts';
import { parseFast } from '../../markdown/fast-markdown.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';

/** A block token with the tokens between it and its closing token. */
interface BlockNode {
  token: Token;
  children: BlockNode[];
}

/**
 * In text, what micromark reads as something markdown-it does not (GFM autolink literals, strikethrough with one
 * tilde (two are read by both), math, backticks left unmatched (markdown-it and micromark pair them differently
 * after a `[`), Liquid tags inside a line, footnote calls), or what may be HTML an editor wrote as text.
 */
const unsupportedText = /\{%|[$~@`]|www\.|:\/\/|mailto:|xmpp:|\[\^/i;

/** A caption GitBook writes: one paragraph of plain text. */
const plainCaption = /^<p>([^<>&]*)<\/p>$/;

/** The hast children of a page body (or a reusable content) read by markdown-it, as the root's `wrap` lays them. */
export function markdownToHast(markdown: string, context: BodyContext): ElementContent[] {
  return wrap(flow(read(markdown), context), false);
}

/** The block tree of a document, each block knowing its source lines. */
function read(markdown: string): BlockNode[] {
  const tokens = parseFast(markdown);
  const lines = markdown.split('\n');
  for (const token of tokens) {
    // micromark keeps the spaces that end a paragraph's last line (src/markdown/layout/paragraph-trailing-space.ts),
    // markdown-it drops them.
    if (token.type === 'paragraph_open' && token.map && /[ \t]$/.test(lines[token.map[1] - 1] ?? '')) throw new FastPathUnsupported('a paragraph ending with spaces');
    // Items that start empty (`*` alone on its line) are where markdown-it and micromark disagree on list ends.
    // GFM wants a pipe in a table's delimiter row when it has one column; markdown-it does not.
    if (token.type === 'table_open' && token.map && !(lines[token.map[0] + 1] ?? '').includes('|')) throw new FastPathUnsupported('a table whose delimiter row has no pipe');
    if (token.type === 'list_item_open' && token.map && /^[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$))+$/.test(lines[token.map[0]] ?? '')) throw new FastPathUnsupported('a list item that starts empty');
  }
  return blockTree(tokens);
}

function blockTree(tokens: Token[]): BlockNode[] {
  const root: BlockNode = { token: undefined as unknown as Token, children: [] };
  const stack = [root];
  for (const token of tokens) {
    if (token.nesting === -1) {
      stack.pop();
      continue;
    }
    const node: BlockNode = { token, children: [] };
    stack[stack.length - 1]!.children.push(node);
    if (token.nesting === 1) stack.push(node);
  }
  return root.children;
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

/** Flow content, as `state.all` gives it: one after the other, Liquid pairs read as their blocks. */
function flow(nodes: BlockNode[], context: BodyContext): ElementContent[] {
  const out: ElementContent[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    if (node.token.type !== 'liquid_tag') {
      out.push(block(node, context));
      continue;
    }
    const value = node.token.content;
    const name = /^\{%\s*([\w-]+)/.exec(value)?.[1];
    if (name === 'include') {
      const include = readTag(value);
      if (include?.type !== 'include') throw new FastPathUnsupported(`include tag ${value}`);
      const included = includeElement(include.path, context);
      if (included) out.push(included);
      continue;
    }
    if (name !== 'hint' && name !== 'code') throw new FastPathUnsupported(`Liquid tag ${name ?? value}`);
    const end = nodes.findIndex((other, at) => at > index && other.token.type === 'liquid_tag' && /^\{%\s*([\w-]+)/.exec(other.token.content)?.[1] === `end${name}`);
    if (end < 0) throw new FastPathUnsupported(`{% ${name} %} without its end tag`);
    const inside = nodes.slice(index + 1, end);
    if (inside.some((other) => other.token.type === 'liquid_tag' && !/^\{%\s*include\b/.test(other.token.content))) throw new FastPathUnsupported(`a Liquid tag inside {% ${name} %}`);
    if (!/^\{%\s*end(?:hint|code)\s*%\}$/.test(nodes[end]!.token.content)) throw new FastPathUnsupported(`end tag ${nodes[end]!.token.content}`);
    out.push(name === 'hint' ? hintBlock(value, inside, context) : codeOptionsBlock(value, inside));
    index = end;
  }
  return out;
}

function hintBlock(value: string, inside: BlockNode[], context: BodyContext): Element {
  const hint = readTag(value, []);
  if (hint?.type !== 'hint') throw new FastPathUnsupported(`hint tag ${value}`);
  return hintElement(hint.style, flow(inside, context), hint.icon);
}

function codeOptionsBlock(value: string, inside: BlockNode[]): Element {
  const [only, ...rest] = inside;
  if (only === undefined || rest.length > 0 || (only.token.type !== 'fence' && only.token.type !== 'code_block')) throw new FastPathUnsupported('{% code %} around something else than one code block');
  const code = codeNode(only.token);
  const options = readGitbookTag(value, [{ type: 'code', lang: code.lang ?? null, meta: null, value: code.value }]);
  if (options?.type !== 'codeOptions') throw new FastPathUnsupported(`code tag ${value}`);
  return codeFrame(code, options);
}

function includeElement(written: string, context: BodyContext): Element | undefined {
  const base = context.including.at(-1) ?? context.source;
  const path = includedPath(context, base, written);
  if (path === undefined) return undefined;
  context.including.push(path);
  const children = flow(read(context.space.includes[path]!), context);
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
    case 'table_open':
      return table(node);
    case 'html_block':
      return figure(token.content.replace(/\n$/, ''));
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
  const key = children === undefined ? value : `${value}\0pair`;
  if (!tagCache.has(key)) {
    if (tagCache.size > 10_000) tagCache.clear();
    tagCache.set(key, readGitbookTag(value, children));
  }
  return tagCache.get(key);
}

/** The one HTML block the fast path reads: a figure exactly as GitBook writes it, with a plain-text caption. */
function figure(html: string): Element {
  const node = readFigure({ type: 'html', value: html });
  if (node === undefined) throw new FastPathUnsupported('HTML');
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
  const root: ElementContent[] = [];
  /** The children lists of the elements open at this point, innermost last. */
  const stack: ElementContent[][] = [root];
  let siblings = root;
  let autolink = false;
  for (const child of token.children ?? []) {
    let node: ElementContent | undefined;
    let opens = false;
    switch (child.type) {
      case 'text':
      case 'softbreak': {
        const value = child.type === 'text' ? child.content : '\n';
        // An autolink's text is its URL, which no literal-autolink rule reads again.
        if (child.type === 'text' && !autolink && unsupportedText.test(value)) throw new FastPathUnsupported(`text ${JSON.stringify(value.slice(0, 40))}`);
        const last = siblings[siblings.length - 1];
        if (last?.type === 'text') last.value += value;
        else siblings.push(text(value));
        continue;
      }
      case 'hardbreak':
        siblings.push(element('br'), text('\n'));
        continue;
      case 'code_inline':
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
        if (child.type === 'link_close') autolink = false;
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
