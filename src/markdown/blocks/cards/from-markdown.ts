import type { Html } from 'mdast';
import { attributeValue } from '../../html/attribute-value.ts';
import { readHtmlTag } from '../../html/read-html-tag.ts';
import type { Cards, CardsColumn } from './types.ts';
import { writeCards } from './write-cards.ts';

const body = /^<thead><tr>((?:<th\b[^>]*>[\s\S]*?<\/th>)*)<\/tr><\/thead><tbody>((?:<tr>[\s\S]*?<\/tr>)*)<\/tbody><\/table>$/;
const headerCell = /<th\b[^>]*>([\s\S]*?)<\/th>/g;
const row = /<tr>([\s\S]*?)<\/tr>/g;
const cell = /<td>([\s\S]*?)<\/td>/g;

/** Reads an HTML block that is exactly one cards table as GitBook writes it; anything else stays HTML. */
export function readCards(node: Html): Cards | undefined {
  const table = readHtmlTag(node.value);
  if (table?.tag.kind !== 'open' || table.tag.name !== 'table' || attributeValue(table.tag.attributes, 'data-view') !== 'cards') return undefined;
  const match = body.exec(node.value.slice(table.length));
  if (!match) return undefined;
  const columns: CardsColumn[] = [];
  for (const [whole, title] of match[1]!.matchAll(headerCell)) {
    const th = readHtmlTag(whole);
    if (th?.tag.kind !== 'open') return undefined;
    columns.push({ attributes: th.tag.attributes, title: title! });
  }
  const rows = [...match[2]!.matchAll(row)].map(([, cells]) => ({ cells: [...cells!.matchAll(cell)].map(([, content]) => content!) }));
  const cards: Cards = { type: 'cards', attributes: table.tag.attributes, columns, rows };
  // Only when it writes back the same: markup we did not expect stays raw HTML.
  return writeCards(cards) === node.value ? cards : undefined;
}
