import { sql, type RawBuilder } from 'kysely';
import { mapInTurns } from '../../disk/map-in-turns.ts';
import { type SearchablePage, type SearchQuery, type SearchSection } from '../../content/index.ts';
import { QuireError } from '../../errors/index.ts';
import { ftsMatch, tsQuery, type MatchScope } from './search-match.ts';
import type { StoreContext } from '../store-context.ts';
import { indexedPage, type IndexedPage } from './indexed-page.ts';

/*
 * Full-text search of spaces, in the database, behind one interface on both stores.
 *
 * Rows: a `search_pages` row per document page holds what its rows were made of (documentId, title,
 * description), where it stands (path, ancestors, order), and its page-level terms (title and description,
 * all its headings, all its text): pages are found and ranked on those, in one pass of the engine's index. A
 * `search_sections` row per section (the text under one heading; src/content/search-sections.ts), with the
 * page's title and description indexed in every row, says which sections of the pages shown match (checked for
 * those pages only). A page that only moved is updated in `search_pages` without touching anything else.
 * `search_index_state` records, per space, the revision the index reflects; every update is a compare-and-set
 * on it in the transaction that writes the rows, so two processes refreshing at once never write twice (the
 * loser changes nothing) and a crash leaves the index as it was, with the old revision recorded, to be healed
 * by the next refresh. Rows are written 500 to a statement, in that one transaction.
 *
 * Measured with bench/search/run.ts on a 10,000-page space (~8,300 pages match a query on average), on a 2-core
 * machine shared with other work (load average 2.3 to 3.2, 5 rounds of 50 queries):
 *   SQLite     initial index 8.6 s (1,160 pages/s); query p50 31 ms, p99 101 ms; one-page merge 19 ms, its refresh 14 ms
 *   PostgreSQL initial index 25 s (400 pages/s); query p50 65 ms, p99 111 ms; one-page merge 111 ms, its refresh 73 ms
 * (before: initial index 349 s / 108 s, query p50 470 / 400 ms, p99 1.4 / 8.4 s, a one-page merge with refresh
 * ~300 ms at load 12). The sections are read from markdown-it's tokens (src/content/search-sections-fast.ts)
 * unless a page needs the full parse; the refresh after a merge skips the page subtrees both revisions share
 * (src/content/search-pages.ts `changedSearchablePages`).
 *
 * Engines:
 * - SQLite: two FTS5 tables (`porter unicode61`, contentless with `contentless_delete`, so the text is stored once,
 *   in `search_sections`), each with three columns (title, heading, body): `search_page_fts` (rowid: the page's
 *   `seq`) ranked by `bm25` weighted 20 / 5 / 1, and `search_fts` (rowid: the section's id).
 * - PostgreSQL: `tsvector` columns on `search_pages` and `search_sections` (title weight A, heading B, body D)
 *   with GIN indexes, in the text search configuration `quire_english` (English snowball stems, no stop words:
 *   both engines must match the same words), pages ranked by `ts_rank` weighted A 1.0 / B 0.4 / D 0.1. Queries
 *   are built as `to_tsquery` text from the parsed query (`websearch_to_tsquery` would re-tokenise terms the
 *   normaliser already made).
 * Terms are the normaliser's (src/content/search-text.ts): CJK bigrams and every non-ASCII word spelled in ASCII,
 * so both engines, whatever their locale, see the same tokens; each stems English words its own way (Porter on
 * SQLite, Porter2 on PostgreSQL), which agree on the common cases (`installing` → `install`).
 *
 * Ranking: the engine's rank of the page with those column weights, then the space and the page's place in the
 * page tree, so ties are deterministic; only the window asked for is read. This replaces strict tiers (every
 * word in the title, then in one heading, then elsewhere), which took three more passes: the weights put a title
 * match before a heading match before a text match for the same words, but a page whose text repeats the words
 * can pass one whose heading holds them once. A page's tier (2: every word in its title; 1: in one section's
 * heading; 0: otherwise) is still reported. Sections of a page rank by heading match, content match, then place.
 * The score reported is r / (1 + r) for the engine rank r ≥ 0: it orders as the ranking does.
 */

/** A page's rows in the index: the page, and its sections in order. */
export interface SearchIndexPage extends SearchablePage {
  sections: SearchSection[];
}

/** A change of a space's index from the revision it reflects (`from`, undefined when never indexed) to `to`. */
export interface SearchIndexUpdate {
  spaceId: string;
  from: string | undefined;
  to: string;
  /** Pages whose rows are written anew (replacing any they had). */
  put: readonly SearchIndexPage[];
  /** Pages whose path, ancestors or place changed (their sections stay). */
  relocate: readonly SearchablePage[];
  /** Ids of pages whose rows go. */
  remove: readonly string[];
}

/** A section of a page that matched. */
export interface SearchSectionHit {
  /** Its place in the page, from 0. */
  section: number;
  title: string;
  anchor: string;
  body: string;
  /** Every query word is in its heading. */
  headingMatch: boolean;
  /** Every query word is in its heading or body (else it matched through the page's title or description). */
  contentMatch: boolean;
  score: number;
}

/** A page that matched, with its best sections. */
export interface SearchPageHit {
  spaceId: string;
  page: SearchablePage;
  /** 2: title match, 1: heading match, 0: body match. */
  tier: 0 | 1 | 2;
  score: number;
  /** One-based position in the whole ranked result. */
  rank: number;
  sections: SearchSectionHit[];
}

/** One window of a ranked result. */
export interface SearchHits {
  /** How many pages match in all. */
  total: number;
  pages: SearchPageHit[];
}

export interface SearchStore {
  /** The revision a space's search index reflects, or undefined when it was never indexed. */
  getSearchIndexRevision(spaceId: string): Promise<string | undefined>;
  /** The pages a space's index holds (without their sections), in page order. */
  listSearchIndexPages(spaceId: string): Promise<SearchablePage[]>;
  /**
   * Applies an update to a space's index in one transaction, if the index still reflects `update.from`
   * (compare-and-set): false, and nothing written, when another writer moved it first.
   *
   * @example
   * await store.applySearchIndexUpdate({ spaceId, from: undefined, to: space.revisionId, put: pages, relocate: [], remove: [] });
   */
  applySearchIndexUpdate(update: SearchIndexUpdate): Promise<boolean>;
  /** Of `spaceIds`, the live spaces whose index does not reflect their head revision. */
  listStaleSearchIndexes(spaceIds: readonly string[]): Promise<string[]>;
  /**
   * The pages of live spaces among `spaceIds` that match `query` (every clause), ranked, `offset` and `limit`
   * choosing the window; each with up to `sectionsPerPage` (default 5) best sections. A query without
   * clauses matches nothing.
   *
   * @example
   * const { total, pages } = await store.searchIndex(parseSearchQuery('install'), [space.id], { offset: 0, limit: 20 });
   */
  searchIndex(query: SearchQuery, spaceIds: readonly string[], window: { offset: number; limit: number; sectionsPerPage?: number }): Promise<SearchHits>;
}

/** Rows per insert statement (well under both engines' limits on bound parameters). */
const batchRows = 500;

interface HitRow {
  space_id: string;
  page_id: string;
  engine: number | string;
  total: number | string;
  title: string;
  description: string;
  path: string;
  ancestors: string;
  page_order: number | string;
  document_id: string | null;
  section: number | string;
  in_all: number | boolean;
  in_title: number | boolean;
  in_heading: number | boolean;
  in_content: number | boolean;
  section_title: string;
  anchor: string;
  body: string;
}

/**
 * The search methods of a Store.
 *
 * @example
 * const search = searchStore(context);
 */
export function searchStore(context: StoreContext): SearchStore {
  const db = () => context.db();

  const insertPages = async (spaceId: string, pages: readonly IndexedPage[]): Promise<void> => {
    // On SQLite a page's `seq` is given here (under the write lock the transaction holds): the rowid of its FTS row.
    let seq = 0;
    if (context.dialect === 'sqlite' && pages.length > 0) {
      const { next } = await db().selectFrom('search_pages').select(sql<number>`coalesce(max(seq), 0) + 1`.as('next')).executeTakeFirstOrThrow();
      seq = Number(next);
    }
    for (let start = 0; start < pages.length; start += batchRows) {
      const batch = pages.slice(start, start + batchRows).map((indexed) => ({ ...indexed, seq: seq++ }));
      await db()
        .deleteFrom('search_pages')
        .where('space_id', '=', spaceId)
        .where('page_id', 'in', batch.map(({ page }) => page.pageId))
        .execute();
      if (context.dialect === 'sqlite') {
        await db()
          .insertInto('search_pages')
          .values(batch.map(({ page, seq }) => ({ space_id: spaceId, ...pageColumns(page), seq })))
          .execute();
        const terms = batch.map(({ terms, seq }) => sql`(${seq}, ${terms.title}, ${terms.headings}, ${terms.body})`);
        await sql`insert into search_page_fts (rowid, title_terms, heading_terms, body_terms) values ${sql.join(terms)}`.execute(db());
        continue;
      }
      const values = batch.map(({ page, terms }) => {
        const columns = pageColumns(page);
        return sql`(${spaceId}, ${columns.page_id}, ${columns.document_id}, ${columns.title}, ${columns.description}, ${columns.path}, ${columns.ancestors}, ${columns.page_order}, ${terms.title}, ${terms.headings}, ${terms.body})`;
      });
      await sql`insert into search_pages (space_id, page_id, document_id, title, description, path, ancestors, page_order, terms)
        select space_id, page_id, document_id, title, description, path, ancestors, page_order::integer, ${tsvector}
        from (values ${sql.join(values)}) as v (space_id, page_id, document_id, title, description, path, ancestors, page_order, title_terms, heading_terms, body_terms)`.execute(db());
    }
    const sections = pages.flatMap(({ page, terms, sections }) => sections.map((section) => ({ page, titleTerms: terms.title, ...section })));
    if (context.dialect === 'sqlite') {
      // The FTS rows take the sections' ids as rowids: ids are given here, under the write lock the transaction holds.
      const { next } = await db().selectFrom('search_sections').select(sql<number>`coalesce(max(id), 0) + 1`.as('next')).executeTakeFirstOrThrow();
      let id = Number(next);
      for (let start = 0; start < sections.length; start += batchRows) {
        const batch = sections.slice(start, start + batchRows).map((row) => ({ ...row, id: id++ }));
        const rows = batch.map((row) => sql`(${row.id}, ${spaceId}, ${row.page.pageId}, ${row.section}, ${row.title}, ${row.anchor}, ${row.body})`);
        await sql`insert into search_sections (id, space_id, page_id, section, title, anchor, body) values ${sql.join(rows)}`.execute(db());
        const terms = batch.map((row) => sql`(${row.id}, ${row.titleTerms}, ${row.headingTerms}, ${row.bodyTerms})`);
        await sql`insert into search_fts (rowid, title_terms, heading_terms, body_terms) values ${sql.join(terms)}`.execute(db());
      }
      return;
    }
    for (let start = 0; start < sections.length; start += batchRows) {
      const values = sections.slice(start, start + batchRows).map(
        (row) => sql`(${spaceId}, ${row.page.pageId}, ${row.section}, ${row.title}, ${row.anchor}, ${row.body}, ${row.titleTerms}, ${row.headingTerms}, ${row.bodyTerms})`,
      );
      // The tsvectors are made by the server from the terms, once per row (title A, heading B, body D).
      await sql`insert into search_sections (space_id, page_id, section, title, anchor, body, terms)
        select space_id, page_id, section::integer, title, anchor, body, ${tsvector}
        from (values ${sql.join(values)}) as v (space_id, page_id, section, title, anchor, body, title_terms, heading_terms, body_terms)`.execute(db());
    }
  };

  return {
    async getSearchIndexRevision(spaceId) {
      const row = await db().selectFrom('search_index_state').select('revision_id').where('space_id', '=', spaceId).executeTakeFirst();
      return row?.revision_id;
    },
    async listSearchIndexPages(spaceId) {
      const rows = await db().selectFrom('search_pages').selectAll().where('space_id', '=', spaceId).orderBy('page_order').execute();
      return rows.map((row) => toSearchablePage(row));
    },
    async applySearchIndexUpdate(update) {
      // The terms are made before the transaction, in slices between which the event loop answers other requests:
      // at 10,000 pages they are about a second of CPU, and on SQLite the transaction holds the only connection.
      const put = await mapInTurns(update.put, indexedPage);
      return context.transaction(async () => {
        const now = context.timestamp();
        // The compare-and-set first: it takes the row's lock (PostgreSQL), so a racing refresh waits here and then
        // finds the revision moved.
        if (update.from === undefined) {
          const inserted = await db()
            .insertInto('search_index_state')
            .values({ space_id: update.spaceId, revision_id: update.to, indexed_at: now })
            .onConflict((conflict) => conflict.column('space_id').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
        } else {
          const updated = await db()
            .updateTable('search_index_state')
            .set({ revision_id: update.to, indexed_at: now })
            .where('space_id', '=', update.spaceId)
            .where('revision_id', '=', update.from)
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return false;
        }
        for (let start = 0; start < update.remove.length; start += batchRows) {
          await db()
            .deleteFrom('search_pages')
            .where('space_id', '=', update.spaceId)
            .where('page_id', 'in', update.remove.slice(start, start + batchRows))
            .execute();
        }
        for (const page of update.relocate) {
          await db()
            .updateTable('search_pages')
            .set({ path: page.path, ancestors: JSON.stringify(page.ancestors), page_order: page.order })
            .where('space_id', '=', update.spaceId)
            .where('page_id', '=', page.pageId)
            .execute();
        }
        await insertPages(update.spaceId, put);
        return true;
      });
    },
    async listStaleSearchIndexes(spaceIds) {
      const stale: string[] = [];
      const wanted = [...new Set(spaceIds)];
      for (let start = 0; start < wanted.length; start += 500) {
        const rows = await db()
          .selectFrom('spaces')
          .leftJoin('search_index_state', 'search_index_state.space_id', 'spaces.id')
          .select('spaces.id')
          .where('spaces.id', 'in', wanted.slice(start, start + 500))
          .where('spaces.deleted_at', 'is', null)
          .where('spaces.revision_id', 'is not', null)
          .where((eb) => eb.or([eb('search_index_state.revision_id', 'is', null), eb('search_index_state.revision_id', '!=', eb.ref('spaces.revision_id'))]))
          .orderBy('spaces.id')
          .execute();
        stale.push(...rows.map((row) => row.id));
      }
      return stale;
    },
    async searchIndex(query, spaceIds, window) {
      const { offset, limit } = window;
      const sectionsPerPage = window.sectionsPerPage ?? 5;
      if (!Number.isInteger(offset) || offset < 0) throw new QuireError('INVALID_ARGUMENT', `offset must be a whole number, not ${offset}`, { field: 'offset' });
      if (!Number.isInteger(limit) || limit < 0) throw new QuireError('INVALID_ARGUMENT', `limit must be a whole number, not ${limit}`, { field: 'limit' });
      if (query.clauses.length === 0 || spaceIds.length === 0 || limit === 0) return { total: 0, pages: [] };
      const search = (from: number, size: number) => (context.dialect === 'sqlite' ? sqliteSearch(query, spaceIds, from, size) : postgresSearch(query, spaceIds, from, size)).execute(db());
      const { rows } = await search(offset, limit);
      if (rows.length === 0) {
        if (offset === 0) return { total: 0, pages: [] };
        // A window beyond the end: the count alone.
        const { rows: first } = await search(0, 1);
        return { total: Number(first[0]?.total ?? 0), pages: [] };
      }
      return { total: Number(rows[0]!.total), pages: groupHits(rows, offset, sectionsPerPage) };
    },
  };
}

/** The weighted tsvector of a row of terms (title A, heading B, body D), made by the server. */
const tsvector = sql`setweight(to_tsvector('quire_english', title_terms), 'A') || setweight(to_tsvector('quire_english', heading_terms), 'B') || setweight(to_tsvector('quire_english', body_terms), 'D')`;

function pageColumns(page: SearchablePage) {
  return {
    page_id: page.pageId,
    document_id: page.documentId ?? null,
    title: page.title,
    description: page.description,
    path: page.path,
    ancestors: JSON.stringify(page.ancestors),
    page_order: page.order,
  };
}

function toSearchablePage(row: { page_id: string; document_id: string | null; title: string; description: string; path: string; ancestors: string; page_order: number | string }): SearchablePage {
  return {
    pageId: row.page_id,
    ...(row.document_id === null ? {} : { documentId: row.document_id }),
    title: row.title,
    description: row.description,
    path: row.path,
    ancestors: JSON.parse(row.ancestors) as string[],
    order: Number(row.page_order),
  };
}

/** FTS5 `bm25` weights of the title, heading and body columns. */
const ftsWeights = sql.raw('20.0, 5.0, 1.0');
/** `ts_rank` weights of D (body), C (unused), B (heading), A (title). */
const tsWeights = '{0.1, 0.1, 0.4, 1.0}';

/*
 * One statement per search, on either engine: the pages that match (one pass of the page-level index, ranked
 * there with its column weights), the window of them in rank order (and how many there are), then the sections
 * of those pages only, each with which forms of the query its row matches (tested on that row alone: FTS5 by
 * rowid, PostgreSQL on the row's tsvector).
 */

/** The search statement on SQLite. */
function sqliteSearch(query: SearchQuery, spaceIds: readonly string[], offset: number, limit: number): RawBuilder<HitRow> {
  // A row's own check (`rowid =`) is quick where matches are dense (the whole query, heading and body); the
  // rare forms (title, heading alone) are read once as a set: FTS5 seeks slowly through column-filtered misses.
  const own = (scope: MatchScope) => sql`exists (select 1 from search_fts where search_fts match ${ftsMatch(query, scope)} and rowid = ss.id)`;
  return sql<HitRow>`
    with live as (select id from spaces where id in (select value from json_each(${JSON.stringify(spaceIds)})) and deleted_at is null),
    matched as materialized (
      select sp.seq, sp.space_id, sp.page_order, -bm25(search_page_fts, ${ftsWeights}) as engine
      from search_page_fts join search_pages sp on sp.seq = search_page_fts.rowid
      where search_page_fts match ${ftsMatch(query, 'all')} and sp.space_id in (select id from live)
    ),
    ranked as (
      select m.seq, m.engine, (select count(*) from matched) as total from matched m
      order by m.engine desc, m.space_id, m.page_order limit ${limit} offset ${offset}
    )
    select r.engine, r.total, sp.space_id, sp.page_id, sp.title, sp.description, sp.path, sp.ancestors, sp.page_order, sp.document_id,
      ss.section, ss.title as section_title, ss.anchor, ss.body,
      r.seq in (select rowid from search_page_fts where search_page_fts match ${ftsMatch(query, 'title')}) as in_title,
      ss.id in (select rowid from search_fts where search_fts match ${ftsMatch(query, 'heading')}) as in_heading,
      ${own('content')} as in_content, ${own('all')} as in_all
    from ranked r join search_pages sp on sp.seq = r.seq join search_sections ss on ss.space_id = sp.space_id and ss.page_id = sp.page_id
    order by r.engine desc, sp.space_id, sp.page_order, ss.section
  `;
}

/** The search statement on PostgreSQL. */
function postgresSearch(query: SearchQuery, spaceIds: readonly string[], offset: number, limit: number): RawBuilder<HitRow> {
  const ts = (scope: MatchScope) => sql`to_tsquery('quire_english', ${tsQuery(query, scope)})`;
  return sql<HitRow>`
    with q as materialized (select ${ts('all')} as q),
    matched as materialized (
      select sp.space_id, sp.page_id, sp.page_order, ts_rank(${tsWeights}::real[], sp.terms, q.q) as engine
      from search_pages sp cross join q
      join spaces on spaces.id = sp.space_id and spaces.deleted_at is null
      where sp.terms @@ q.q and sp.space_id = any(${[...spaceIds]}::text[])
    ),
    ranked as (
      select m.space_id, m.page_id, m.engine, (select count(*) from matched) as total from matched m
      order by m.engine desc, m.space_id, m.page_order limit ${limit} offset ${offset}
    )
    select r.engine, r.total, sp.space_id, sp.page_id, sp.title, sp.description, sp.path, sp.ancestors, sp.page_order, sp.document_id,
      ss.section, ss.title as section_title, ss.anchor, ss.body,
      ss.terms @@ ${ts('all')} as in_all, ss.terms @@ ${ts('title')} as in_title, ss.terms @@ ${ts('heading')} as in_heading, ss.terms @@ ${ts('content')} as in_content
    from ranked r join search_pages sp on sp.space_id = r.space_id and sp.page_id = r.page_id
    join search_sections ss on ss.space_id = r.space_id and ss.page_id = r.page_id
    order by r.engine desc, r.space_id, sp.page_order, ss.section
  `;
}

/**
 * The window's pages from the rows (one per section of each page, in rank order): a page's tier is the best of its sections'
 * (every section row holds the page's title), its sections those whose row matches the whole query, best first
 * (heading match, then content match, then place), or its first section when the words are spread over several.
 */
function groupHits(rows: HitRow[], offset: number, sectionsPerPage: number): SearchPageHit[] {
  const pages = new Map<string, SearchPageHit & { all: SearchSectionHit[] }>();
  for (const row of rows) {
    const key = `${row.space_id}/${row.page_id}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = { spaceId: row.space_id, page: toSearchablePage(row), tier: 0, score: squash(Number(row.engine)), rank: offset + pages.size + 1, sections: [], all: [] };
      pages.set(key, page);
    }
    const headingMatch = truthy(row.in_heading);
    const contentMatch = truthy(row.in_content);
    page.tier = Math.max(page.tier, truthy(row.in_title) ? 2 : headingMatch ? 1 : 0) as 0 | 1 | 2;
    const section = Number(row.section);
    const hit = { section, title: row.section_title, anchor: row.anchor, body: row.body, headingMatch, contentMatch, score: (headingMatch ? 2 : 0) + (contentMatch ? 1 : 0) + 0.5 / (1 + section) };
    page.all.push(hit);
    if (truthy(row.in_all)) page.sections.push(hit);
  }
  return [...pages.values()].map(({ all, ...page }) => {
      const sections = page.sections.length > 0 ? page.sections : all.sort((a, b) => a.section - b.section).slice(0, 1);
      return { ...page, sections: sections.sort((a, b) => b.score - a.score || a.section - b.section).slice(0, sectionsPerPage) };
    });
}

/** An engine rank r ≥ 0 as a number in [0, 1) that orders the same way. */
function squash(rank: number): number {
  const r = Math.max(0, rank);
  return r / (1 + r);
}

function truthy(value: number | boolean): boolean {
  return value === true || value === 1;
}
