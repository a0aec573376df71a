// A table where its container takes none (a quote, a tab, a step): a bulleted list, one item per row, each
// cell a paragraph led by its column's title in bold. Titles of columns without any value lead the list.
import type {
  ContentRef,
  DocumentBlock,
  DocumentBlockListItem,
  DocumentBlockListUnordered,
  DocumentBlockTable,
  DocumentMarkBold,
  DocumentTableRecord,
} from '@gitbook/api';
import { inlinesAmongTexts, linkParagraph, paragraph, textNode, textParagraph } from './document-nodes.ts';

const bold: DocumentMarkBold = { object: 'mark', type: 'bold' };

type RecordValue = DocumentTableRecord['values'][string];

/**
 * The rows of `table` as a list; `fitItem` fits what a cell holds into a list item.
 *
 * @example
 * tableAsList(table, labels, (nodes) => fitBlocks(nodes, 'list-item', labels))
 */
export function tableAsList(
  table: DocumentBlockTable,
  labels: WeakMap<object, string>,
  fitItem: (nodes: DocumentBlock[]) => DocumentBlockListItem['nodes'],
): DocumentBlock[] {
  const { view, definition, records } = table.data;
  const showTitles = !(view.type === 'grid' && view.hideHeader);
  const titled = new Set<string>();
  const rows = Object.values(records).sort((left, right) => (left.orderIndex < right.orderIndex ? -1 : left.orderIndex > right.orderIndex ? 1 : 0));
  const items = rows.map((record): DocumentBlockListItem => {
    const nodes = view.columns.flatMap((column) => {
      const value = record.values[column];
      if (value === undefined || value === null) return [];
      const blocks = valueBlocks(table, value, definition[column]?.type, labels);
      const title = showTitles ? (definition[column]?.title ?? '') : '';
      titled.add(column);
      return title === '' ? blocks : withTitle(title, blocks);
    });
    return { object: 'block', type: 'list-item', data: {}, nodes: fitItem(nodes.length === 0 ? [paragraph([])] : nodes) };
  });
  const untitled = view.columns.filter((column) => !titled.has(column)).map((column) => definition[column]?.title ?? '').filter((title) => title !== '');
  const list: DocumentBlockListUnordered = { object: 'block', type: 'list-unordered', data: {}, nodes: items };
  return [...(untitled.length > 0 ? [textParagraph(untitled.join(' | '), [bold])] : []), ...(items.length > 0 ? [list] : [])];
}

function valueBlocks(table: DocumentBlockTable, value: NonNullable<RecordValue>, type: string | undefined, labels: WeakMap<object, string>): DocumentBlock[] {
  if (type === 'text' && typeof value === 'string') return table.fragments.find((part) => part.fragment === value)?.nodes ?? [];
  if (Array.isArray(value)) {
    const label = labels.get(value);
    return value.map((file) => linkParagraph({ kind: 'file', file }, label ?? file));
  }
  if (typeof value === 'object') {
    const ref: ContentRef = 'kind' in value ? value : value.ref;
    if (type === 'image' && (ref.kind === 'file' || ref.kind === 'url')) {
      return [paragraph(inlinesAmongTexts([{ object: 'inline', type: 'inline-image', data: { ref }, isVoid: true }]))];
    }
    return [linkParagraph(ref, labels.get(value) ?? (ref.kind === 'url' ? ref.url : ''))];
  }
  return [textParagraph(String(value))];
}

/** The column title, bold, at the start of the cell's first paragraph (or before its blocks). */
function withTitle(title: string, blocks: DocumentBlock[]): DocumentBlock[] {
  const [first, ...rest] = blocks;
  if (first?.type === 'paragraph') return [paragraph([textNode(`${title}: `, [bold]), ...first.nodes]), ...rest];
  return [textParagraph(title, [bold]), ...blocks];
}
