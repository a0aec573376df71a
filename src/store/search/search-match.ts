import type { SearchClause, SearchQuery } from '../../content/index.ts';

/*
 * A parsed query (src/content/search-text.ts) in each engine's own query language. Terms are ASCII letters and
 * digits by construction (the normaliser spells everything else), so they need no escaping beyond quoting.
 * All clauses must hold (AND). Besides the whole query, the index asks three restricted forms, to rank: every
 * clause in the page title, every clause in the section heading, every clause in the heading or body.
 */

/** Where the clauses must be found. */
export type MatchScope = 'all' | 'title' | 'heading' | 'content';

/** The FTS5 columns of each scope (src/store/migrations/0012-search.ts). */
const ftsColumns: Record<Exclude<MatchScope, 'all'>, string> = {
  title: '{title_terms}',
  heading: '{heading_terms}',
  content: '{heading_terms body_terms}',
};

/** The tsvector weights of each scope: title A, heading B, body D. */
const tsWeights: Record<Exclude<MatchScope, 'all'>, string> = { title: 'A', heading: 'B', content: 'BD' };

/**
 * An FTS5 MATCH expression for `query` (which must have clauses) in `scope`.
 *
 * @example
 * ftsMatch(parseSearchQuery('install cli'), 'title') // → '{title_terms} : ("install" "cli")'
 */
export function ftsMatch(query: SearchQuery, scope: MatchScope): string {
  const expression = query.clauses.map(ftsClause).join(' ');
  return scope === 'all' ? expression : `${ftsColumns[scope]} : (${expression})`;
}

function ftsClause(clause: SearchClause): string {
  switch (clause.kind) {
    case 'term':
      return `"${clause.term}"`;
    case 'phrase':
      return `"${clause.terms.join(' ')}"`;
    case 'char':
      return `("${clause.term}" OR "${clause.prefix}" *)`;
  }
}

/**
 * A PostgreSQL `to_tsquery` text for `query` (which must have clauses) in `scope`.
 *
 * @example
 * tsQuery(parseSearchQuery('install cli'), 'title') // → 'install:A & cli:A'
 */
export function tsQuery(query: SearchQuery, scope: MatchScope): string {
  const weight = scope === 'all' ? '' : tsWeights[scope];
  const mark = (term: string, prefix = false) => (weight === '' && !prefix ? term : `${term}:${prefix ? '*' : ''}${weight}`);
  return query.clauses
    .map((clause) => {
      switch (clause.kind) {
        case 'term':
          return mark(clause.term);
        case 'phrase':
          return `(${clause.terms.map((term) => mark(term)).join(' <-> ')})`;
        case 'char':
          return `(${mark(clause.term)} | ${mark(clause.prefix, true)})`;
      }
    })
    .join(' & ');
}
