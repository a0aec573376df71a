// An HTML table on the fast body path. The full path parses raw HTML with the rest of the page (hast-util-raw, a
// parse5 fragment parser); a table that opens the HTML block and closes at its end, leaving the parser as it found
// it, parses the same on its own (hast-util-from-html, the same parser and context), so the fast path builds it so.
// A table left open, or HTML around it, would take what follows in the page into it: that goes the full way.
// A plain table is read without parse5 (`simpleHtmlFragment`, the same nodes).
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { simpleHtmlFragment } from '../body/simple-html-fragment.ts';
import { FastPathUnsupported } from '../../markdown/fast-path-unsupported.ts';

const tableStart = /^<table[\s>]/i;
/** Parsed after the table: found beside it only if the table left nothing open (else it lands inside, or before it). */
const probe = '<hr>';

/**
 * The `<table>` element an HTML block that is one table holds, as the full path's HTML parse gives it (before
 * the sanitizer, which the page then needs); `FastPathUnsupported` for anything else.
 *
 * @example
 * htmlTable('<table><tr><td>a</td></tr></table>') // → <table><tbody><tr><td>a</td></tr></tbody></table>
 */
export function htmlTable(html: string): Element {
  if (!tableStart.test(html)) throw new FastPathUnsupported('HTML');
  const [table, after, ...rest] = simpleHtmlFragment(html + probe) ?? fromHtml(html + probe, { fragment: true }).children;
  if (table?.type !== 'element' || table.tagName !== 'table' || after?.type !== 'element' || after.tagName !== 'hr' || rest.length > 0) {
    throw new FastPathUnsupported('an HTML table that does not close where its block ends');
  }
  return table;
}
