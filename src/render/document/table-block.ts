// The published table: columns are definitions, rows are records keyed by definition id, and a text cell's
// value names one of the block's fragments, which holds the cell's blocks (as GitBook's renderer reads it:
// `getNodeFragmentByName(block, value)`).
import type { DocumentBlock, DocumentBlockTable, DocumentTableDefinition, DocumentTableRecord } from '@gitbook/api';
import { documentText } from './document-text.ts';
import { fragment } from './document-nodes.ts';

/** One cell: blocks for a text column, a value for the others. */
export type TableCell = { kind: 'text'; blocks: DocumentBlock[] } | { kind: 'value'; value: DocumentTableRecord['values'][string] };

/** The id of the column at `index`: ids only need to be unique within their table. */
export function columnId(index: number): string {
  return `column-${index + 1}`;
}

/**
 * A table block from its column definitions (ids from `columnId`) and its rows of cells, in order. Empty text
 * cells hold no value, as in a table filled in the editor.
 *
 * @example
 * tableBlock([textColumn(0, 'Name', 'left')], [[{ kind: 'text', blocks: [textParagraph('Ada')] }]], (columns) => ({ type: 'grid', columns, hideHeader: false }))
 */
export function tableBlock(
  definitions: readonly DocumentTableDefinition[],
  rows: readonly (readonly TableCell[])[],
  view: (columns: string[]) => DocumentBlockTable['data']['view'],
): DocumentBlockTable {
  const records: Record<string, DocumentTableRecord> = {};
  const fragments: DocumentBlockTable['fragments'] = [];
  rows.forEach((cells, rowIndex) => {
    const recordId = `record-${rowIndex + 1}`;
    const values: DocumentTableRecord['values'] = {};
    cells.forEach((cell, columnIndex) => {
      const definition = definitions[columnIndex];
      if (definition === undefined) return;
      if (cell.kind === 'value') {
        if (cell.value !== null) values[definition.id] = cell.value;
        return;
      }
      if (isEmpty(cell.blocks)) return;
      const name = `${recordId}-${definition.id}`;
      fragments.push(fragment(name, cell.blocks));
      values[definition.id] = name;
    });
    records[recordId] = { orderIndex: orderIndex(rowIndex), values };
  });
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: {
      view: view(definitions.map((definition) => definition.id)),
      records,
      definition: Object.fromEntries(definitions.map((definition) => [definition.id, definition])),
    },
    fragments,
  };
}

/** A text column. */
export function textColumn(index: number, title: string, alignment: 'left' | 'center' | 'right'): DocumentTableDefinition {
  return { id: columnId(index), title, type: 'text', textAlignment: alignment };
}

/** Order indexes sort as strings, so they have one width: `a0000`, `a0001`, ... (36⁴ rows). */
function orderIndex(index: number): string {
  return `a${index.toString(36).padStart(4, '0')}`;
}

function isEmpty(blocks: readonly DocumentBlock[]): boolean {
  return blocks.every((block) => block.type === 'paragraph' && block.nodes.every((node) => node.object === 'text') && documentText(block).trim() === '');
}
