import type { RootContent } from 'mdast';
import type { Token } from 'markdown-it';
import { slugify, uniqueSlug } from '../format/slug.ts';
import { parseFast } from '../markdown/fast-markdown.ts';
import { readFigure, readGitbookTag } from '../markdown/index.ts';
import { FastPathUnsupported } from '../markdown/fast-path-unsupported.ts';
import type { SearchSection } from './search-sections.ts';
import { withoutTags } from './search-visible-text.ts';

/*
 * The sections of a page for search, read from markdown-it's tokens (the fast body path's reader, about twenty
 * times faster than the full parse) instead of the mdast document. It gives exactly what `searchSections` gives
 * from the full parse, or `undefined` when the page uses something it does not read the same way (raw HTML,
 * Liquid tags other than hints, code options, tabs, steppers, columns and includes, math, footnotes, task lists,
 * front matter, …), and the caller
 * takes the full path. The differential test (search-sections-fast.test.ts) holds it to that.
 */

/** In text, what the full parse reads as something else than text: inline Liquid, math, one-tilde strikethrough, code spans markdown-it pairs differently, footnotes. */
const unsupportedText = /\{%|[$~`]|\[\^/;
/** GitBook's explicit heading anchor (as in search-sections.ts). */
const explicitAnchor = /^<a\s[^>]*\bid\s*=\s*["']([^"']+)["'][^>]*>$/i;
/**
 * The Liquid blocks the fast path reads: their tags add no text (a tab adds its title, as the full parse's
 * `visibleFields` does), their content is read as flow content.
 */
const pairedTags = new Set(['hint', 'code', 'tabs', 'tab', 'stepper', 'step', 'columns', 'column']);
/** Liquid tags without an end tag that hold no text of the page (an include names another file). */
const voidTags = new Set(['include']);
/** Blocks that hold only blocks of one kind; anything else, or a part outside its block, is left to the full parse. */
const partOf: Record<string, string> = { tabs: 'tab', stepper: 'step', columns: 'column' };
const containerOf: Record<string, string> = { tab: 'tabs', step: 'stepper', column: 'columns' };

/**
 * The sections of `markdown`, as `searchSections` gives them, or `undefined` when the full parse must read it.
 *
 * @example
 * fastSearchSections('Intro.\n\n## Install\n\nRun `npm i`.\n')
 * // → [{ title: '', anchor: '', body: 'Intro.' }, { title: 'Install', anchor: 'install', body: 'Run npm i.' }]
 */
export function fastSearchSections(markdown: string): SearchSection[] | undefined {
  try {
    return sectionsOf(markdown);
  } catch (error) {
    if (error instanceof FastPathUnsupported || error instanceof RangeError) return undefined;
    throw error;
  }
}

function sectionsOf(markdown: string): SearchSection[] {
  // Front matter is read by the full parse only.
  if (markdown.startsWith('---')) throw new FastPathUnsupported('front matter');
  const tokens = parseFast(markdown);
  checkLines(tokens, markdown);
  const sections: { title: string; anchor: string; parts: string[] }[] = [{ title: '', anchor: '', parts: [] }];
  const anchors = new Set<string>();
  const open: string[] = [];
  let parts = sections[0]!.parts;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type !== 'liquid_tag' && partOf[open.at(-1) ?? ''] !== undefined) throw new FastPathUnsupported(`content between the parts of {% ${open.at(-1)} %}`);
    switch (token.type) {
      case 'heading_open': {
        if (token.level !== 0 || open.length > 0) break;
        const { title, explicit } = headingText(tokens[index + 1]!);
        const anchor = uniqueSlug(explicit ?? slugify(title), (slug) => anchors.has(slug));
        anchors.add(anchor);
        sections.push({ title, anchor, parts: [] });
        parts = sections[sections.length - 1]!.parts;
        index += 2;
        continue;
      }
      case 'inline':
        parts.push(inlineText(token));
        continue;
      case 'fence':
      case 'code_block':
        parts.push(token.content, ' ');
        continue;
      case 'html_block': {
        // The one HTML block read here: a figure on one line, exactly as GitBook writes it (its caption is text).
        const html = token.content.replace(/\n$/, '');
        const figure = html.includes('\n') ? undefined : readFigure({ type: 'html', value: html });
        if (figure === undefined) throw new FastPathUnsupported('HTML');
        if (figure.caption !== undefined) parts.push(withoutTags(figure.caption), ' ');
        parts.push(' ');
        continue;
      }
      case 'math_block':
        throw new FastPathUnsupported('math');
      case 'liquid_tag': {
        const name = /^\{%\s*([\w-]+)/.exec(token.content)?.[1] ?? '';
        if (pairedTags.has(name)) {
          if (containerOf[name] !== undefined && open.at(-1) !== containerOf[name]) throw new FastPathUnsupported(`{% ${name} %} outside {% ${containerOf[name]} %}`);
          if (partOf[open.at(-1) ?? ''] !== undefined && partOf[open.at(-1)!] !== name) throw new FastPathUnsupported(`{% ${open.at(-1)} %} holding {% ${name} %}`);
          open.push(name);
          if (name === 'tab') parts.push(tabTitle(token.content), ' ');
        } else if (name.startsWith('end') && open.at(-1) === name.slice(3)) open.pop();
        else if (!voidTags.has(name)) throw new FastPathUnsupported(`Liquid tag ${name}`);
        parts.push(' ');
        continue;
      }
      default:
        break;
    }
    if (token.nesting !== 1) parts.push(' ');
  }
  if (open.length > 0) throw new FastPathUnsupported('a Liquid block without its end tag');
  const result = sections.map((section) => ({ title: section.title, anchor: section.anchor, body: squeeze(section.parts.join('')) }));
  const [intro, ...rest] = result;
  return intro!.body === '' && rest.length > 0 ? rest : result;
}

/** A tab's title as the full parse reads it (the repository's tag reader: quoting and escapes alike). */
function tabTitle(tag: string): string {
  const skeleton = [{ type: 'liquidBlock', name: 'tab', open: tag, close: '{% endtab %}', children: [] }] as unknown as RootContent[];
  const tabs = readGitbookTag('{% tabs %}', skeleton) as { type?: string; children?: Array<{ type?: string; title?: unknown }> } | undefined;
  const tab = tabs?.type === 'tabs' ? tabs.children?.[0] : undefined;
  if (tab?.type !== 'tab') throw new FastPathUnsupported(`a tab tag the reader does not take: ${tag}`);
  return typeof tab.title === 'string' ? tab.title : '';
}

/** What the fast body path also leaves to the full parse, where markdown-it and micromark disagree on structure. */
function checkLines(tokens: Token[], markdown: string): void {
  const lines = markdown.split('\n');
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'table_open' && token.map) {
      const [header, end] = token.map;
      if (!(lines[header + 1] ?? '').includes('|')) throw new FastPathUnsupported('a table whose delimiter row has no pipe');
      // markdown-it drops the cells of a row beyond its header's; the full parse keeps them, and their text.
      const columns = cellCount(lines[header] ?? '');
      for (let row = header + 2; row < end; row++) if (cellCount(lines[row] ?? '') > columns) throw new FastPathUnsupported('a table row with more cells than its header');
    }
    if (token.type === 'list_item_open' && token.map) {
      if (/^[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$))+$/.test(lines[token.map[0]] ?? '')) throw new FastPathUnsupported('a list item that starts empty');
      const first = tokens[index + 2];
      if (tokens[index + 1]?.type === 'paragraph_open' && first?.type === 'inline' && /^\[[ xX]\]/.test(first.content)) throw new FastPathUnsupported('task list item');
    }
  }
}

/**
 * How many cells a table line has, counted so as never to fall short of either parser's count: its quote markers,
 * indentation and list markers left out, a leading and a trailing pipe taken as the row's edges, and every other pipe
 * not escaped by a backslash a cell boundary (markdown-it also takes the pipe of `\\|` as escaped; micromark does
 * not, and counting it gives more cells, so a doubtful row goes to the full parse).
 */
function cellCount(line: string): number {
  const row = line.replace(/^[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])[ \t]+)*/, '').trim();
  let pipes = 0;
  let last = -1;
  for (let at = 0; at < row.length; at++) {
    if (row[at] === '\\') at++;
    else if (row[at] === '|') {
      pipes++;
      last = at;
    }
  }
  const leading = row.startsWith('|') ? 1 : 0;
  const trailing = last === row.length - 1 && last > 0 ? 1 : 0;
  return pipes - leading - trailing + 1;
}

function headingText(inline: Token): { title: string; explicit: string | undefined } {
  let explicit: string | undefined;
  const parts: string[] = [];
  for (const child of inline.children ?? []) {
    if (child.type === 'html_inline') {
      const match = explicitAnchor.exec(child.content.trim());
      if (match) explicit ??= match[1];
      else if (!/^<\/a\s*>$/i.test(child.content.trim())) throw new FastPathUnsupported('HTML in a heading');
      continue;
    }
    parts.push(childText(child));
  }
  return { title: squeeze(parts.join('')), explicit };
}

/** The text of an inline token: text and code, links' text; images, emphasis marks and breaks give none. */
function inlineText(inline: Token): string {
  let value = '';
  for (const child of inline.children ?? []) value += childText(child);
  return value;
}

function childText(child: Token): string {
  switch (child.type) {
    case 'text':
      if (unsupportedText.test(child.content)) throw new FastPathUnsupported('text the full parse reads otherwise');
      return child.content;
    case 'code_inline':
      return child.content;
    case 'softbreak':
      return '\n';
    case 'hardbreak':
      return ' ';
    case 'image':
    case 'em_open':
    case 'em_close':
    case 'strong_open':
    case 'strong_close':
    case 's_open':
    case 's_close':
    case 'link_open':
    case 'link_close':
      return '';
    default:
      throw new FastPathUnsupported(`inline ${child.type}`);
  }
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
