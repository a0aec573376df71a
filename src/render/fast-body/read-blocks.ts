// The block tree of the fast body path: markdown-it's block tokens (src/markdown/fast-markdown.ts) nested as their
// opening and closing tokens nest them, refused where markdown-it and micromark may read the blocks differently.
// The renderer (tokens-to-hast.ts) and the page's tag reader (page-tags.ts) both read it.
import type { Token } from 'markdown-it';
import { parseFast } from '../../markdown/fast-markdown.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';
import type { BlockNode } from './pair-blocks.ts';

/**
 * The block tree of a document, each block knowing its source lines, or a `FastPathUnsupported` where markdown-it
 * and micromark may disagree on the blocks. `parse` reads the tokens: `parseFast` for a renderer, which reads the
 * inline content too; `parseFastBlocks` for a reader of the blocks alone (page-tags.ts).
 */
export function readBlocks(markdown: string, parse: (markdown: string) => Token[] = parseFast): BlockNode[] {
  const tokens = parse(markdown);
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
