// Pairing on the fast body path, as the full path pairs the flat blocks micromark gives (src/markdown/tree/
// read-gitbook-tree.ts, `pairFlow`): among siblings, Liquid tags first (`{% name %}` with its `{% endname %}`), then
// `<details>` with `</details>`, each close taking the nearest open of its name (pair-siblings.ts), then the same
// inside every pair. What is left unpaired stays a tag (or an HTML block), for the renderer to read or refuse.
import type { Token } from 'markdown-it';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';
import { pairMarkers } from '../../markdown/tree/pair-siblings.ts';

/** A block token with the tokens between it and its closing token. */
export interface BlockNode {
  token: Token;
  children: BlockNode[];
}

/** Sibling flow content once paired. */
export type FlowItem =
  | { kind: 'block'; node: BlockNode }
  /** A Liquid tag left alone: a void tag, an open tag never closed, or a stray end tag. */
  | { kind: 'tag'; name: string; value: string }
  | { kind: 'pair'; name: string; open: string; children: FlowItem[] }
  /** `<details>` … `</details>`: `open` is the opening HTML block as written (without its final newline). */
  | { kind: 'details'; open: string; children: FlowItem[] };

type Marker = { kind: 'open' | 'close'; key: string } | undefined;

/** Tags whose reader takes no end tag (`end: 'none'`): the pairing never opens a block at them. */
const voidTag = /^(?:include|page-ref|@[^/\s]+\/\S+)$/;
/** `<details>` or `<details open>`, with the summary on the next line or not (blocks/details/from-markdown.ts). */
export const detailsOpen = /^<details( open)?>(?:\r?\n<summary>([\s\S]*?)<\/summary>)?$/;

/** The flow content of `nodes`, paired as the full path pairs it. */
export function pairBlocks(nodes: BlockNode[]): FlowItem[] {
  return pairInside(pairSiblings(pairSiblings(nodes.map(itemOf), liquidMarker), detailsMarker), 0);
}

/**
 * Blocks nested deeper than this in each other are left to the full path, which flattens what goes past
 * `maxMarkdownDepth` (each block is up to two levels of its tree, `tabs` > `tab`; the fast path's own limit on
 * Markdown nesting is half of `maxMarkdownDepth`, so the two stay under it together).
 */
export const maxBlockDepth = 8;

function pairInside(items: FlowItem[], depth: number): FlowItem[] {
  for (const item of items) {
    if (item.kind !== 'pair' && item.kind !== 'details') continue;
    if (depth >= maxBlockDepth) throw new FastPathUnsupported('blocks nested deep in each other');
    item.children = pairInside(pairSiblings(pairSiblings(item.children, liquidMarker), detailsMarker), depth + 1);
  }
  return items;
}

/** The name of a Liquid tag and its arguments, as parse-tag.ts splits them; `undefined` for what it does not read. */
export function splitTag(value: string): { name: string; args: string } | undefined {
  const name = /^\{%[ \t]*([^\s"'%{}=-][^\s"'%{}=]*)/.exec(value)?.[1];
  if (!name || !value.endsWith('%}')) return undefined;
  const rest = value.slice(value.indexOf(name) + name.length, -2);
  if (rest !== '' && !/^\s/.test(rest)) return undefined;
  return { name, args: rest.trim() };
}

function itemOf(node: BlockNode): FlowItem {
  if (node.token.type !== 'liquid_tag') return { kind: 'block', node };
  return { kind: 'tag', name: splitTag(node.token.content)?.name ?? '', value: node.token.content };
}

function liquidMarker(item: FlowItem): Marker {
  if (item.kind !== 'tag') return undefined;
  const tag = splitTag(item.value);
  if (!tag) return undefined;
  if (tag.name.startsWith('end') && tag.name.length > 3 && tag.args === '') return { kind: 'close', key: tag.name.slice(3) };
  return voidTag.test(tag.name) ? undefined : { kind: 'open', key: tag.name };
}

/** The HTML of an HTML block as micromark gives it: without the line ending that ends it. */
export function htmlOf(node: BlockNode): string | undefined {
  return node.token.type === 'html_block' ? node.token.content.replace(/\n$/, '') : undefined;
}

function detailsMarker(item: FlowItem): Marker {
  if (item.kind !== 'block') return undefined;
  const html = htmlOf(item.node);
  if (html === undefined) return undefined;
  if (detailsOpen.test(html)) return { kind: 'open', key: 'details' };
  return html === '</details>' ? { kind: 'close', key: 'details' } : undefined;
}

/** `pairMarkers` (src/markdown/tree/pair-siblings.ts) on flow items; a pair is built whatever its content (readers judge it later). */
function pairSiblings(items: FlowItem[], mark: (item: FlowItem) => Marker): FlowItem[] {
  return pairMarkers(items, {
    mark,
    wrap: (open, children, close) =>
      open.kind === 'tag' ? { kind: 'pair', name: mark(close)!.key, open: open.value, children } : { kind: 'details', open: htmlOf((open as { node: BlockNode }).node)!, children },
  });
}
