// GFM tables: the header row gives the column titles and alignments; each cell is a fragment of paragraphs
// (GitBook writes a cell of several paragraphs as `<p>…</p><p>…</p>` in the cell).
import type { DocumentBlock, DocumentBlockTable } from '@gitbook/api';
import type { Nodes, Table, TableCell as MdastTableCell } from 'mdast';
import type { ConversionState } from './conversion-state.ts';
import { paragraph } from './document-nodes.ts';
import { documentText } from './document-text.ts';
import { phrasingInlines } from './phrasing-to-inlines.ts';
import { tableBlock, textColumn, type TableCell } from './table-block.ts';

const paragraphTag = /^<\/?p(?:\s[^>]*)?>$/i;

/**
 * The table block of a GFM table. A header row of empty cells is a hidden header.
 *
 * @example
 * gfmTable(parseMarkdown('| A |\n| - |\n| 1 |').children[0], state) // → a grid table, column "A", one record
 */
export function gfmTable(node: Table, state: ConversionState): DocumentBlockTable {
  const [head, ...body] = node.children;
  const width = Math.max(1, ...node.children.map((row) => row.children.length));
  const titles = Array.from({ length: width }, (_, index) => {
    const cell = head?.children[index];
    return cell ? documentText(paragraph(phrasingInlines(cell.children, state))).replace(/\s+/g, ' ').trim() : '';
  });
  const definitions = titles.map((title, index) => textColumn(index, title, node.align?.[index] ?? 'left'));
  const rows = body.map((row) => row.children.map((cell): TableCell => ({ kind: 'text', blocks: cellBlocks(cell, state) })));
  return tableBlock(definitions, rows, (columns) => ({ type: 'grid', columns, hideHeader: titles.every((title) => title === '') }));
}

/** A cell's paragraphs: its content split where `<p>` and `</p>` are. */
function cellBlocks(cell: MdastTableCell, state: ConversionState): DocumentBlock[] {
  const groups: Nodes[][] = [[]];
  for (const child of cell.children) {
    if (child.type === 'html' && paragraphTag.test(child.value.trim())) groups.push([]);
    else groups[groups.length - 1]!.push(child);
  }
  const filled = groups.filter((group) => group.some((node) => !(node.type === 'text' && node.value.trim() === '')));
  return filled.map((group) => paragraph(phrasingInlines(group, state)));
}
