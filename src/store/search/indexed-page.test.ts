import { describe, expect, it } from 'vitest';
import { searchSections, searchTerms } from '../../content/index.ts';
import { indexedPage, maxIndexedBody, maxIndexedPageBody, pageBody } from './indexed-page.ts';
import type { SearchIndexPage } from './search.ts';

function page(title: string, markdown: string, description = ''): SearchIndexPage {
  return { pageId: 'p', documentId: 'd', title, description, path: 'p', ancestors: [], order: 0, sections: searchSections(markdown) };
}

/** The page-level terms read from the whole texts, as the index made them before it reused the sections' terms. */
function readAgain(indexed: SearchIndexPage) {
  return { title: searchTerms(indexed.description === '' ? indexed.title : `${indexed.title} ${indexed.description}`), headings: searchTerms(indexed.sections.map((section) => section.title).join(' ')), body: searchTerms(pageBody(indexed)) };
}

describe('indexedPage', () => {
  const filler = (words: number) => 'lorem ipsum 日本語 café '.repeat(words);
  const pages = {
    ordinary: page('Install Quire', 'Intro text.\n\n## Usage\n\nBefore installing, read the notes.\n\n## 日本語の見出し\n\n本文です。\n', 'The guide'),
    'empty sections and headings': page('Empty', '## \n\n## Only a heading\n\n## Third\n\nText.\n'),
    'a section past its own cap': page('Long section', `${filler(6000)}\n`),
    // Four sections of 99,999 characters, each followed by a space: 400,000 exactly.
    'exactly at the page cap': { ...page('At the cap', ''), sections: [1, 2, 3, 4].map((index) => ({ title: `Part ${index}`, anchor: `part-${index}`, body: `w${index} `.repeat(33_333) })) },
    'past the page cap': page('Long page', [1, 2, 3, 4, 5].map((index) => `## Part ${index}\n\n${filler(4000)}\n`).join('\n')),
  };

  for (const [name, indexed] of Object.entries(pages)) {
    it(`gives the terms of the whole texts: ${name}`, () => {
      const rows = indexedPage(indexed);
      expect(rows.terms).toEqual(readAgain(indexed));
      expect(rows.sections.map((section) => section.bodyTerms)).toEqual(indexed.sections.map((section) => searchTerms(section.body.slice(0, maxIndexedBody))));
      expect(rows.sections.map((section) => section.headingTerms)).toEqual(indexed.sections.map((section) => searchTerms(section.title)));
    });
  }

  it('covers both ways of making the page text: joined section terms, and the capped text read again', () => {
    const length = (indexed: SearchIndexPage) => indexed.sections.reduce((sum, section) => sum + Math.min(section.body.length, maxIndexedBody) + 1, 0);
    expect(length(pages['exactly at the page cap'])).toBe(maxIndexedPageBody);
    expect(length(pages['past the page cap'])).toBeGreaterThan(maxIndexedPageBody);
    expect(pages['a section past its own cap'].sections[0]!.body.length).toBeGreaterThan(maxIndexedBody);
  });
});
