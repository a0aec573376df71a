import type { DocumentBlock, DocumentFragment, DocumentInline, DocumentText, JSONDocument } from '@gitbook/api';

type AnyNode = JSONDocument | DocumentBlock | DocumentInline | DocumentText | DocumentFragment;

/**
 * The text a reader sees in a document or a node: the text of its leaves, and the text the model keeps in data
 * (a table's column titles, a button's label), blocks separated by line ends.
 *
 * @example
 * documentText(markdownToDocument('Hello **world**')) // → 'Hello world'
 */
export function documentText(node: AnyNode): string {
  if (node.object === 'text') return node.leaves.map((leaf) => leaf.text).join('');
  const parts: string[] = [];
  if (node.object === 'inline' && node.type === 'button') parts.push(node.data.label);
  if (node.object === 'block' && node.type === 'table') {
    const { view, definition } = node.data;
    parts.push(view.columns.map((column) => definition[column]?.title ?? '').join(' '));
  }
  if ('fragments' in node) for (const fragment of node.fragments) parts.push(documentText(fragment));
  if ('nodes' in node) {
    const separator = node.object === 'inline' || (node.object === 'block' && isTextBlock(node)) ? '' : '\n';
    parts.push((node.nodes as readonly AnyNode[]).map(documentText).join(separator));
  }
  return parts.filter((part) => part !== '').join('\n');
}

function isTextBlock(block: DocumentBlock): boolean {
  return block.type === 'paragraph' || block.type === 'heading-1' || block.type === 'heading-2' || block.type === 'heading-3' || block.type === 'code-line';
}
