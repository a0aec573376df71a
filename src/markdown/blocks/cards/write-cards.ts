import { writeHtmlTag } from '../../html/write-html-tag.ts';
import type { Cards } from './types.ts';

/** The table on one line, as GitBook writes it. */
export function writeCards(node: Cards): string {
  const header = node.columns.map((column) => `${writeHtmlTag({ kind: 'open', name: 'th', attributes: column.attributes, selfClosing: false })}${column.title}</th>`);
  const rows = node.rows.map((row) => `<tr>${row.cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`);
  const table = writeHtmlTag({ kind: 'open', name: 'table', attributes: node.attributes, selfClosing: false });
  return `${table}<thead><tr>${header.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
