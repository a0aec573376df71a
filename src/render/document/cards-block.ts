// Cards (`<table data-view="cards">`): a table with the cards view. A column's `data-type` gives its definition
// when every cell fits it (a link for `content-ref`, a file for `files`, a number for `number`); a column
// whose cells do not fit is a text column, so that nothing written in it is lost.
import type { DocumentBlockTable, DocumentTableDefinition, DocumentTableViewCards } from '@gitbook/api';
import type { ElementContent } from 'hast';
import type { Cards, CardsColumn } from '../../markdown/index.ts';
import { attributeValue } from '../../markdown/html/attribute-value.ts';
import type { ConversionState } from './conversion-state.ts';
import { fitBlocks } from './fit-blocks.ts';
import { htmlBlocks, parseHtml } from './html-to-blocks.ts';
import { columnId, tableBlock, type TableCell } from './table-block.ts';

/**
 * The table block of a cards node.
 *
 * @example
 * cardsBlock(cards, state) // → { type: 'table', data: { view: { type: 'cards', ... }, ... } }
 */
export function cardsBlock(cards: Cards, state: ConversionState): DocumentBlockTable {
  const has = (attributes: CardsColumn['attributes'], name: string) => attributes.some((attribute) => attribute.name === name);
  const columns = cards.columns.map((column, index) => readColumn(column, index, cards.rows.map((row) => row.cells[index] ?? ''), state));
  const rows = cards.rows.map((_, rowIndex) => columns.map((column) => column.cells[rowIndex]!));
  const idWhere = (name: string, types?: readonly string[]) => {
    const index = cards.columns.findIndex((column, at) => has(column.attributes, name) && (types === undefined || types.includes(columns[at]!.definition.type)));
    return index < 0 ? undefined : columnId(index);
  };
  const coverTypes = ['files', 'image'];
  const target = idWhere('data-card-target', ['content-ref']);
  const cover = idWhere('data-card-cover', coverTypes);
  const coverDark = idWhere('data-card-cover-dark', coverTypes);
  const size = attributeValue(cards.attributes, 'data-card-size');
  const view = (ids: string[]): DocumentTableViewCards => ({
    type: 'cards',
    cardSize: size === 'large' ? 'large' : 'medium',
    columns: ids.filter((_, index) => !has(cards.columns[index]!.attributes, 'data-hidden')),
    ...(target ? { targetDefinition: target } : {}),
    ...(cover ? { coverDefinition: cover } : {}),
    ...(coverDark ? { coverDefinitionDark: coverDark } : {}),
  });
  const block = tableBlock(
    columns.map((column) => column.definition),
    rows,
    view,
  );
  if (attributeValue(cards.attributes, 'data-full-width') === 'true') block.data.fullWidth = true;
  return block;
}

interface ReadColumn {
  definition: DocumentTableDefinition;
  cells: TableCell[];
}

function readColumn(column: CardsColumn, index: number, cells: readonly string[], state: ConversionState): ReadColumn {
  const base = { id: columnId(index), title: textOf(parseHtml(column.title)).replace(/\s+/g, ' ').trim() };
  const type = attributeValue(column.attributes, 'data-type');
  const filled = cells.map((cell) => (cell.trim() === '' ? undefined : parseHtml(cell)));
  const links = filled.map((nodes) => (nodes === undefined ? undefined : onlyLink(nodes)));
  const allLinks = filled.every((nodes, row) => nodes === undefined || links[row] !== undefined);

  if (type === 'content-ref' && allLinks) {
    return {
      definition: { ...base, type: 'content-ref' },
      cells: links.map((link): TableCell => {
        if (link === undefined) return { kind: 'value', value: null };
        const ref = state.refs.link(link.href);
        state.labels.set(ref, link.text);
        return { kind: 'value', value: ref };
      }),
    };
  }
  if ((type === 'files' || type === 'image') && allLinks) {
    const refs = links.map((link) => (link === undefined ? undefined : { ref: state.refs.file(link.href), text: link.text }));
    const allFiles = type === 'files' && refs.every((entry) => entry === undefined || entry.ref.kind === 'file');
    return {
      definition: { ...base, type: allFiles ? 'files' : 'image' },
      cells: refs.map((entry): TableCell => {
        if (entry === undefined) return { kind: 'value', value: null };
        // An image value as `{ ref }`: a bare URL or file ref also matches `ContentRef` in the published oneOf.
        const value = allFiles && entry.ref.kind === 'file' ? [entry.ref.file] : { ref: entry.ref };
        state.labels.set(value, entry.text);
        return { kind: 'value', value };
      }),
    };
  }
  if (type === 'number') {
    const numbers = filled.map((nodes) => (nodes === undefined ? undefined : Number(textOf(nodes).trim())));
    if (numbers.every((value) => value === undefined || Number.isFinite(value))) {
      return { definition: { ...base, type: 'number' }, cells: numbers.map((value): TableCell => ({ kind: 'value', value: value ?? null })) };
    }
  }
  return {
    definition: { ...base, type: 'text', textAlignment: 'left' },
    cells: cells.map((cell): TableCell => ({ kind: 'text', blocks: fitBlocks(htmlBlocks(cell, state), 'table-cell', state.labels) })),
  };
}

/** The one link a cell holds (whitespace around it aside), with its text. */
function onlyLink(nodes: readonly ElementContent[]): { href: string; text: string } | undefined {
  const meaningful = nodes.filter((node) => !(node.type === 'text' && node.value.trim() === '') && node.type !== 'comment');
  const [link] = meaningful;
  if (meaningful.length !== 1 || link?.type !== 'element') return undefined;
  const href = link.properties.href;
  if (link.tagName !== 'a' || typeof href !== 'string') return undefined;
  return { href, text: textOf(link.children).trim() };
}

function textOf(nodes: readonly ElementContent[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');
}
