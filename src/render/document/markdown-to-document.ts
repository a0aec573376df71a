import type { JSONDocument } from '@gitbook/api';
import type { Definition, Nodes } from 'mdast';
import { parseMarkdown } from '../../markdown/index.ts';
import { assignKeys } from './block-keys.ts';
import type { ConversionState } from './conversion-state.ts';
import { referenceResolver, type DocumentContext } from './document-context.ts';
import { fitBlocks } from './fit-blocks.ts';
import { flowBlocks } from './flow-to-blocks.ts';

/**
 * A page body (or a reusable content's) as the published `JSONDocument`: what
 * `GET …/page/{pageId}?format=document` answers in `document`. `markdown` is the body after the frontmatter
 * and the title line; `context` resolves the references it writes (a missing resolver, or one answering
 * `undefined`, keeps the target as a URL). Never throws: what the model has no node for keeps its text.
 *
 * @example
 * ```ts
 * const document = markdownToDocument('Read [the guide](guide.md).\n', {
 *   resolveLink: (target) => (target === 'guide.md' ? { kind: 'page', page: 'pg_guide' } : undefined),
 * });
 * document.nodes[0]; // { object: 'block', type: 'paragraph', nodes: [text 'Read ', link → page pg_guide, text '.'] }
 * ```
 */
export function markdownToDocument(markdown: string, context: DocumentContext = {}): JSONDocument {
  const tree = parseMarkdown(markdown);
  const definitions = new Map<string, Definition>();
  collectDefinitions(tree, definitions);
  const labels = new WeakMap<object, string>();
  const state: ConversionState = {
    refs: referenceResolver(context),
    definitions,
    headingIds: new Set(),
    labels,
    blocks: (nodes, container) => fitBlocks(flowBlocks(nodes, state), container, labels),
  };
  const nodes = state.blocks(tree.children, 'document') as JSONDocument['nodes'];
  // A fresh tree: the conversion shares constant marks between nodes, and keys are written in place.
  const document: JSONDocument = structuredClone({ object: 'document', data: {}, nodes });
  assignKeys(document);
  return document;
}

/** CommonMark: the first definition of a label wins, wherever it is in the page. */
function collectDefinitions(node: Nodes, into: Map<string, Definition>): void {
  if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node);
  if ('children' in node) for (const child of node.children) collectDefinitions(child as Nodes, into);
}
