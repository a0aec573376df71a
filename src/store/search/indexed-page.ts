import { searchTerms, type SearchablePage } from '../../content/index.ts';
import type { SearchIndexPage } from './search.ts';

/** A section's body beyond this many characters is not indexed (PostgreSQL caps a tsvector at 1 MB). */
export const maxIndexedBody = 100_000;
/** A page's text beyond this many characters is not in its page-level row. */
export const maxIndexedPageBody = 400_000;

/** A page of an index update with the terms of its rows, made before the write. */
export interface IndexedPage {
  page: SearchIndexPage;
  /** Its page-level row's terms: its title and description, all its headings, all its text (capped). */
  terms: { title: string; headings: string; body: string };
  /** Its sections' rows (the title terms are the page's, in every row). */
  sections: Array<{ section: number; title: string; anchor: string; body: string; headingTerms: string; bodyTerms: string }>;
}

/**
 * The terms of a page's rows in the search index: its page-level row and a row per section.
 *
 * @example
 * indexedPage(page).terms.headings // → 'install usage'
 */
export function indexedPage(page: SearchIndexPage): IndexedPage {
  const sections = page.sections.map((section, index) => {
    const body = section.body.slice(0, maxIndexedBody);
    return { section: index, title: section.title, anchor: section.anchor, body, headingTerms: searchTerms(section.title), bodyTerms: searchTerms(body) };
  });
  // A word never spans a space, so the terms of texts joined by spaces are their terms joined (search-text.test.ts):
  // the page's headings, and its text when not cut at the cap, reuse the sections' terms instead of being read again.
  const joined = (terms: string[]) => terms.filter((term) => term !== '').join(' ');
  const fullLength = sections.reduce((length, section) => length + section.body.length + 1, 0);
  const terms = {
    title: searchTerms(pageText(page)),
    headings: joined(sections.map((section) => section.headingTerms)),
    body: fullLength <= maxIndexedPageBody ? joined(sections.map((section) => section.bodyTerms)) : searchTerms(pageBody(page)),
  };
  return { page, terms, sections };
}

/**
 * A page's text for its page-level row: its sections' (each capped, each followed by a space), up to the cap.
 *
 * @example
 * pageBody(page) // → 'Run the installer. Then restart. '
 */
export function pageBody(page: SearchIndexPage): string {
  let body = '';
  for (const section of page.sections) {
    if (body.length >= maxIndexedPageBody) break;
    body += `${section.body.slice(0, maxIndexedBody)} `;
  }
  return body.slice(0, maxIndexedPageBody);
}

/** The title and description of a page: what its rows index in their title column. */
export function pageText(page: SearchablePage): string {
  return page.description === '' ? page.title : `${page.title} ${page.description}`;
}
