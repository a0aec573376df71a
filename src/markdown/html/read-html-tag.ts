// Reading HTML tags with the grammar CommonMark uses for raw HTML (spec 6.6): what micromark keeps
// as an `html` node is made of these.
import type { Attribute } from '../attributes/attribute.ts';
import type { HtmlTag } from './html-tag.ts';

const openTag = /^<([A-Za-z][A-Za-z0-9-]*)((?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^"'=<>`\s]+|'[^']*'|"[^"]*"))?)*)\s*(\/?)>/;
const closeTag = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>/;
const attribute = /\s+([A-Za-z_:][A-Za-z0-9_.:-]*)(?:\s*=\s*(?:([^"'=<>`\s]+)|'([^']*)'|"([^"]*)"))?/g;

/** The tag at the start of `source`, and its length; `undefined` when `source` does not start with one. */
export function readHtmlTag(source: string): { tag: HtmlTag; length: number } | undefined {
  const close = closeTag.exec(source);
  if (close) return { tag: { kind: 'close', name: close[1]! }, length: close[0].length };
  const open = openTag.exec(source);
  if (!open) return undefined;
  const attributes: Attribute[] = [];
  for (const [, name, bare, single, double] of open[2]!.matchAll(attribute)) {
    if (double !== undefined) attributes.push({ name: name!, value: double, quote: '"' });
    else if (single !== undefined) attributes.push({ name: name!, value: single, quote: "'" });
    else if (bare !== undefined) attributes.push({ name: name!, value: bare, quote: '' });
    else attributes.push({ name: name!, value: null, quote: '' });
  }
  return { tag: { kind: 'open', name: open[1]!, attributes, selfClosing: open[3] === '/' }, length: open[0].length };
}
