import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../store-dialect.ts';

/**
 * The full-text search index of spaces (src/store/search/search.ts says how it is used):
 * - `search_index_state`: per space, the revision the index reflects (the compare-and-set of every refresh);
 * - `search_pages`: per indexed document page, what its rows were made of and where it stands;
 * - `search_sections`: one row per section of a page, with its plain text for excerpts;
 * - the engine's index of the terms, per page (to find and rank pages) and per section (to say which sections
 *   match): on SQLite two FTS5 tables (`porter unicode61`, contentless, rows deleted by triggers, so cascades
 *   reach them too; a page's FTS rowid is its `seq`); on PostgreSQL weighted `tsvector` columns with GIN
 *   indexes, in a text search configuration `quire_english` (English snowball stemming, no stop words, so both
 *   engines match the same words).
 * Everything goes with its space when the space is purged (ON DELETE CASCADE).
 *
 * @example
 * const migration = searchMigration('sqlite');
 */
export function searchMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('search_index_state')
        .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('indexed_at', 'text', (c) => c.notNull())
        .execute();

      if (dialect === 'sqlite') {
        // `seq` is the rowid: the page-level FTS row's rowid, so finding a matched page's row is a rowid lookup.
        await sql`create table search_pages (
          seq integer primary key,
          space_id text not null references spaces (id) on delete cascade,
          page_id text not null,
          document_id text,
          title text not null,
          description text not null,
          path text not null,
          ancestors text not null,
          page_order integer not null,
          unique (space_id, page_id)
        )`.execute(db);
      } else {
        await db.schema
          .createTable('search_pages')
          .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
          .addColumn('page_id', 'text', (c) => c.notNull())
          .addColumn('document_id', 'text')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('ancestors', 'text', (c) => c.notNull())
          .addColumn('page_order', 'integer', (c) => c.notNull())
          .addColumn('seq', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
          .addPrimaryKeyConstraint('search_pages_pk', ['space_id', 'page_id'])
          .execute();
      }

      if (dialect === 'sqlite') {
        await sql`create table search_sections (
          id integer primary key,
          space_id text not null,
          page_id text not null,
          section integer not null,
          title text not null,
          anchor text not null,
          body text not null,
          foreign key (space_id, page_id) references search_pages (space_id, page_id) on delete cascade
        )`.execute(db);
        await sql`create virtual table search_fts using fts5(title_terms, heading_terms, body_terms, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 0')`.execute(db);
        await sql`create trigger search_sections_deleted after delete on search_sections begin delete from search_fts where rowid = old.id; end`.execute(db);
        await sql`create virtual table search_page_fts using fts5(title_terms, heading_terms, body_terms, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 0')`.execute(db);
        await sql`create trigger search_pages_deleted after delete on search_pages begin delete from search_page_fts where rowid = old.seq; end`.execute(db);
      } else {
        await sql`create text search dictionary quire_english_stem (template = snowball, language = english)`.execute(db);
        await sql`create text search configuration quire_english (copy = english)`.execute(db);
        await sql`alter text search configuration quire_english alter mapping for asciiword, asciihword, hword_asciipart, word, hword, hword_part with quire_english_stem`.execute(db);
        await sql`create table search_sections (
          id bigint generated always as identity primary key,
          space_id text not null,
          page_id text not null,
          section integer not null,
          title text not null,
          anchor text not null,
          body text not null,
          terms tsvector not null,
          foreign key (space_id, page_id) references search_pages (space_id, page_id) on delete cascade
        )`.execute(db);
        await sql`create index search_sections_terms on search_sections using gin (terms)`.execute(db);
        await sql`alter table search_pages add column terms tsvector not null default ''::tsvector`.execute(db);
        await sql`create index search_pages_terms on search_pages using gin (terms)`.execute(db);
      }
      await db.schema.createIndex('search_sections_by_page').on('search_sections').columns(['space_id', 'page_id', 'section']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`drop table search_fts`.execute(db);
        await sql`drop table search_page_fts`.execute(db);
      }
      await db.schema.dropTable('search_sections').execute();
      if (dialect === 'postgres') {
        await sql`drop text search configuration quire_english`.execute(db);
        await sql`drop text search dictionary quire_english_stem`.execute(db);
      }
      await db.schema.dropTable('search_pages').execute();
      await db.schema.dropTable('search_index_state').execute();
    },
  };
}
