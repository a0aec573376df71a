import { sql, type RawBuilder } from 'kysely';
import { searchTerms, type SearchablePage, type SearchQuery, type SearchSection } from '../content/index.ts';
import { QuireError } from '../errors/index.ts';
import { ftsMatch, tsQuery } from './search-match.ts';
import type { StoreContext } from './store-context.ts';

/*
 * Full-text search of spaces, in the database, behind one interface on both stores.
 *
 * Rows: one per section of a document page (the text under one heading; src/content/search-sections.ts), with
 * the page's title and description indexed in every row, so a query whose words are split between the title and
 * a section still matches that section. A `search_pages` row per page holds what the rows were made of
 * (documentId, title, description) and where the page stands (path, ancestors, order): a page that only moved
 * is updated there without touching its sections. `search_index_state` records, per space, the revision the
 * index reflects; every update is a compare-and-set on it in the transaction that writes the rows, so two
 * processes refreshing at once never write twice (the loser changes nothing) and a crash leaves the index as it
 * was, with the old revision recorded, to be healed by the next refresh.
 *
 * Engines (measured on a 10,000-page space with bench/search/run.ts, on a 2-core machine at load 12: initial index
 * 349 s SQLite / 108 s PostgreSQL, parsing dominating; query p50 470 / 400 ms when ~7,500 pages match, since every
 * match is ranked; a one-page merge re-indexes one page. Ranking only a top-k and parsing in workers are the next
 * steps):
 * - SQLite: an FTS5 table (`porter unicode61`, contentless with `contentless_delete`, so the text is stored once,
 *   in `search_sections`), three columns (title, heading, body) ranked by `bm25` weighted 10 / 4 / 1.
 * - PostgreSQL: a `tsvector` column on `search_sections` (title weight A, heading B, body D) with a GIN index, in
 *   the text search configuration `quire_english` (English snowball stems, no stop words: both engines must
 *   match the same words), ranked by `ts_rank`. Queries are built as `to_tsquery` text from the parsed query
 *   (`websearch_to_tsquery` would re-tokenise terms the normaliser already made).
 * Terms are the normaliser's (src/content/search-text.ts): CJK bigrams and every non-ASCII word spelled in ASCII,
 * so both engines, whatever their locale, see the same tokens; each stems English words its own way (Porter on
 * SQLite, Porter2 on PostgreSQL), which agree on the common cases (`installing` → `install`).
 *
 * Ranking: a page's tier first (2: every query word is in its title; 1: every word is in one section's heading;
 * 0: otherwise), then the engine's best rank among its sections, then the space and the page's place in the page
 * tree, so ties are deterministic. Sections of a page rank by heading match, engine rank, then place. The score
 * reported is tier + r / (1 + r) for an engine rank r ≥ 0: it orders exactly as the ranking does.
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

/** A section's body beyond this many characters is not indexed (PostgreSQL caps a tsvector at 1 MB). */
const maxIndexedBody = 100_000;
const batchRows = 100;

interface HitRow {
  space_id: string;
  page_id: string;
  tier: number | string;
  engine: number | string;
  position: number | string;
  total: number | string;
  title: string;
  description: string;
  path: string;
  ancestors: string;
  page_order: number | string;
  document_id: string | null;
  section: number | string;
  section_engine: number | string;
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

  const insertPages = async (spaceId: string, pages: readonly SearchIndexPage[]): Promise<void> => {
    for (let start = 0; start < pages.length; start += batchRows) {
      const batch = pages.slice(start, start + batchRows);
      await db()
        .deleteFrom('search_pages')
        .where('space_id', '=', spaceId)
        .where('page_id', 'in', batch.map((page) => page.pageId))
        .execute();
      await db()
        .insertInto('search_pages')
        .values(batch.map((page) => ({ space_id: spaceId, ...pageColumns(page) })))
        .execute();
    }
    const sections = pages.flatMap((page) =>
      page.sections.map((section, index) => ({ page, section: index, title: section.title, anchor: section.anchor, body: section.body.slice(0, maxIndexedBody) })),
    );
    if (context.dialect === 'sqlite') {
      // The FTS rows take the sections' ids as rowids: ids are given here, under the write lock the transaction holds.
      const { next } = await db().selectFrom('search_sections').select(sql<number>`coalesce(max(id), 0) + 1`.as('next')).executeTakeFirstOrThrow();
      let id = Number(next);
      for (let start = 0; start < sections.length; start += batchRows) {
        const batch = sections.slice(start, start + batchRows).map((row) => ({ ...row, id: id++ }));
        await db()
          .insertInto('search_sections')
          .values(batch.map((row) => ({ id: row.id, space_id: spaceId, page_id: row.page.pageId, section: row.section, title: row.title, anchor: row.anchor, body: row.body })))
          .execute();
        const values = batch.map((row) => sql`(${row.id}, ${searchTerms(pageText(row.page))}, ${searchTerms(row.title)}, ${searchTerms(row.body)})`);
        await sql`insert into search_fts (rowid, title_terms, heading_terms, body_terms) values ${sql.join(values)}`.execute(db());
      }
      return;
    }
    for (let start = 0; start < sections.length; start += batchRows) {
      const values = sections.slice(start, start + batchRows).map(
        (row) =>
          sql`(${spaceId}, ${row.page.pageId}, ${row.section}, ${row.title}, ${row.anchor}, ${row.body}, ${weighted(searchTerms(pageText(row.page)), 'A')} || ${weighted(searchTerms(row.title), 'B')} || ${weighted(searchTerms(row.body), 'D')})`,
      );
      await sql`insert into search_sections (space_id, page_id, section, title, anchor, body, terms) values ${sql.join(values)}`.execute(db());
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
        await insertPages(update.spaceId, update.put);
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
      const hits = context.dialect === 'sqlite' ? sqliteHits(query, spaceIds) : postgresHits(query, spaceIds);
      const { rows } = await sql<HitRow>`
        with ${hits},
        pages as (
          select space_id, page_id, max(case when in_title then 2 when in_heading then 1 else 0 end) as tier, max(engine) as engine
          from hits group by space_id, page_id
        ),
        ordered as (
          select p.space_id, p.page_id, p.tier, p.engine, sp.title, sp.description, sp.path, sp.ancestors, sp.page_order, sp.document_id,
            row_number() over (order by p.tier desc, p.engine desc, p.space_id, sp.page_order) as position,
            count(*) over () as total
          from pages p join search_pages sp on sp.space_id = p.space_id and sp.page_id = p.page_id
        ),
        ranked as (select * from ordered where position > ${offset} and position <= ${offset + limit})
        select r.*, h.section, h.engine as section_engine, h.in_heading, h.in_content, ss.title as section_title, ss.anchor, ss.body
        from ranked r
        join hits h on h.space_id = r.space_id and h.page_id = r.page_id
        join search_sections ss on ss.id = h.id
      `.execute(db());
      if (rows.length === 0) {
        if (offset === 0) return { total: 0, pages: [] };
        const { rows: counted } = await sql<{ total: number | string }>`with ${hits} select count(distinct space_id || '/' || page_id) as total from hits`.execute(db());
        return { total: Number(counted[0]?.total ?? 0), pages: [] };
      }
      return { total: Number(rows[0]!.total), pages: groupHits(rows, sectionsPerPage) };
    },
  };
}

/** The title and description of a page: what its rows index in their title column. */
function pageText(page: SearchablePage): string {
  return page.description === '' ? page.title : `${page.title} ${page.description}`;
}

function weighted(terms: string, weight: 'A' | 'B' | 'D'): RawBuilder<unknown> {
  return sql`setweight(to_tsvector('quire_english', ${terms}), ${sql.lit(weight)})`;
}

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

/** The `hits` CTE on SQLite: matching sections of live spaces, with the engine's rank and the restricted matches. */
function sqliteHits(query: SearchQuery, spaceIds: readonly string[]): RawBuilder<unknown> {
  const restricted = (scope: 'title' | 'heading' | 'content') => sql`s.id in (select rowid from search_fts where search_fts match ${ftsMatch(query, scope)})`;
  return sql`hits as materialized (
    select s.id, s.space_id, s.page_id, s.section, -bm25(search_fts, 10.0, 4.0, 1.0) as engine,
      ${restricted('title')} as in_title, ${restricted('heading')} as in_heading, ${restricted('content')} as in_content
    from search_fts
    join search_sections s on s.id = search_fts.rowid
    join spaces on spaces.id = s.space_id and spaces.deleted_at is null
    where search_fts match ${ftsMatch(query, 'all')} and s.space_id in (select value from json_each(${JSON.stringify(spaceIds)}))
  )`;
}

/** The `hits` CTE on PostgreSQL. */
function postgresHits(query: SearchQuery, spaceIds: readonly string[]): RawBuilder<unknown> {
  const ts = (scope: 'all' | 'title' | 'heading' | 'content') => sql`to_tsquery('quire_english', ${tsQuery(query, scope)})`;
  return sql`hits as materialized (
    select s.id, s.space_id, s.page_id, s.section, ts_rank(s.terms, ${ts('all')}) as engine,
      s.terms @@ ${ts('title')} as in_title, s.terms @@ ${ts('heading')} as in_heading, s.terms @@ ${ts('content')} as in_content
    from search_sections s
    join spaces on spaces.id = s.space_id and spaces.deleted_at is null
    where s.terms @@ ${ts('all')} and s.space_id = any(${[...spaceIds]}::text[])
  )`;
}

function groupHits(rows: HitRow[], sectionsPerPage: number): SearchPageHit[] {
  const pages = new Map<string, SearchPageHit>();
  for (const row of rows) {
    const key = `${row.space_id}/${row.page_id}`;
    let page = pages.get(key);
    if (page === undefined) {
      const tier = Number(row.tier) as 0 | 1 | 2;
      page = { spaceId: row.space_id, page: toSearchablePage(row), tier, score: tier + squash(Number(row.engine)), rank: Number(row.position), sections: [] };
      pages.set(key, page);
    }
    const headingMatch = truthy(row.in_heading);
    page.sections.push({
      section: Number(row.section),
      title: row.section_title,
      anchor: row.anchor,
      body: row.body,
      headingMatch,
      contentMatch: truthy(row.in_content),
      score: (headingMatch ? 1 : 0) + squash(Number(row.section_engine)),
    });
  }
  const ranked = [...pages.values()].sort((a, b) => a.rank - b.rank);
  for (const page of ranked) {
    page.sections.sort((a, b) => b.score - a.score || a.section - b.section);
    page.sections = page.sections.slice(0, sectionsPerPage);
  }
  return ranked;
}

/** An engine rank r ≥ 0 as a number in [0, 1) that orders the same way. */
function squash(rank: number): number {
  const r = Math.max(0, rank);
  return r / (1 + r);
}

function truthy(value: number | boolean): boolean {
  return value === true || value === 1;
}
