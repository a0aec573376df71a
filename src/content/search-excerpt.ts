import { searchTokens, type SearchQuery } from './search-text.ts';

/** How long an excerpt is at most, in characters, and how much comes before the first match. */
const excerptLength = 240;
const leadLength = 60;
const ascii = /^[a-z0-9]+$/;

/**
 * A part of a section's text around the first word that matches the query, cut at spaces, with `…` where text
 * was left out; the start of the text when no word matches (the page matched on its title). English words
 * match by a shared stem-like prefix, since the engines stem them (`installing` finds `install`).
 *
 * @example
 * searchExcerpt('Quire runs anywhere. To install it, run npm i quire.', parseSearchQuery('installing'))
 * // → 'Quire runs anywhere. To install it, run npm i quire.'
 */
export function searchExcerpt(body: string, query: SearchQuery, maxLength = excerptLength): string {
  if (body.length <= maxLength) return body;
  const first = searchTokens(body).find((token) => query.clauses.some((clause) => matches(clause, token.term)));
  let start = first === undefined ? 0 : Math.max(0, first.start - leadLength);
  if (start > 0) {
    const space = body.indexOf(' ', start);
    start = space !== -1 && first !== undefined && space < first.start ? space + 1 : start;
  }
  let end = Math.min(body.length, start + maxLength);
  if (end < body.length) {
    const space = body.lastIndexOf(' ', end);
    if (space > start + maxLength / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${body.slice(start, end).trim()}${end < body.length ? '…' : ''}`;
}

function matches(clause: SearchQuery['clauses'][number], term: string): boolean {
  switch (clause.kind) {
    case 'term':
      return term === clause.term || (ascii.test(term) && ascii.test(clause.term) && sameStem(term, clause.term));
    case 'phrase':
      return term === clause.terms[0];
    case 'char':
      return term === clause.term || term.startsWith(clause.prefix);
  }
}

function sameStem(a: string, b: string): boolean {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared >= Math.max(3, Math.min(a.length, b.length) - 3);
}
