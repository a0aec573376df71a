// The Liquid blocks of a page without parsing it in full: the fast body path's block reader (markdown-it's block
// pass, its block tree and its pairing) finds the tag lines as the full parse finds them (not in code, not inside a
// line), and each tag is read by the full parse's own tag readers (`readGitbookTag`). Planning a site asks this of
// every page that mentions an OpenAPI or integration block (the sidebar's method badge, the specifications and
// integration blocks to load before rendering); page-tags.test.ts holds it to the full parse.
import type { RootContent } from 'mdast';
import { readGitbookTag } from '../../markdown/index.ts';
import { parseFastBlocks } from '../../markdown/fast-markdown.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';
import { pairBlocks, type FlowItem } from './pair-blocks.ts';
import { readBlocks } from './read-blocks.ts';

/**
 * The top-level flow of `markdown` as the fast path pairs it (Liquid pairs, `<details>`, Markdown blocks), or
 * `undefined` when the full parse must read the page (front matter, or what the fast path leaves to the full path).
 */
export function pageFlow(markdown: string): FlowItem[] | undefined {
  // Front matter is read by the full parse only.
  if (markdown.startsWith('---')) return undefined;
  // The blocks only: what a tag's reader and the sidebar's badge look at (no inline content).
  return unlessUnsupported(() => pairBlocks(readBlocks(markdown, parseFastBlocks)));
}

function unlessUnsupported<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof FastPathUnsupported || error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * The node the full parse makes of a tag or pair of the flow (`readGitbookTag`), or `undefined` for Markdown,
 * `<details>` and tags no block family takes. A pair is read as holding nothing: only for families whose reader
 * does not look at what the pair holds (not the legacy `{% swagger %}`).
 */
export function tagNode(item: FlowItem): RootContent | undefined {
  if (item.kind === 'tag') return readGitbookTag(item.value);
  if (item.kind === 'pair') return readGitbookTag(item.open, []);
  return undefined;
}

/**
 * The nodes of every tag of `markdown` whose name `wanted` accepts, at any depth, in document order, as the full
 * parse makes them (see `tagNode`), or `undefined` when the full parse must read the page (see `pageFlow`).
 *
 * @example
 * tagNodes('Text.\n\n{% openapi-operation spec="pets" path="/pets" method="get" %}\n', (name) => name.startsWith('openapi'))
 * // → [{ type: 'openapiOperation', spec: 'pets', path: '/pets', method: 'get', children: [] }]
 */
export function tagNodes(markdown: string, wanted: (name: string) => boolean): RootContent[] | undefined {
  const flow = pageFlow(markdown);
  if (flow === undefined) return undefined;
  const nodes: RootContent[] = [];
  const visit = (items: FlowItem[]) => {
    for (const item of items) {
      if (item.kind === 'block') {
        if (item.node.children.length > 0) visit(pairBlocks(item.node.children));
        continue;
      }
      if (item.kind === 'tag' || item.kind === 'pair') {
        const node = wanted(item.name) ? tagNode(item) : undefined;
        if (node !== undefined) nodes.push(node);
      }
      if (item.kind !== 'tag') visit(item.children);
    }
  };
  return unlessUnsupported(() => {
    visit(flow);
    return nodes;
  });
}
