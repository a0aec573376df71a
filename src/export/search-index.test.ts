import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../render/index.ts';
import { searchIndexOptions, searchIndexScript, SiteSearchIndex } from './search-index.ts';

const page = (id: number, text: string): SearchDocument => ({ id, title: `Page ${id}`, headings: '', text, href: `p${id}/index.html` });
const options = { ...searchIndexOptions, fields: [...searchIndexOptions.fields], storeFields: [...searchIndexOptions.storeFields] };

/** The `index` value of a search-index script. */
function indexOf(script: string): { index: Array<[string, unknown]> } & Record<string, unknown> {
  const json = /^window\.__quireSearch=(.*);\n$/s.exec(script)![1]!;
  return (JSON.parse(json) as { index: { index: Array<[string, unknown]> } & Record<string, unknown> }).index;
}

/** What MiniSearch itself serializes for the same documents (with the excerpts SiteSearchIndex stores). */
function miniSearchJson(documents: readonly SearchDocument[]): ReturnType<typeof indexOf> {
  const reference = new MiniSearch<SearchDocument & { excerpt: string }>(options);
  const excerpts = indexOf(searchIndexScript(documents)).storedFields as Record<string, { excerpt: string }>;
  documents.forEach((document, position) => reference.add({ ...document, excerpt: excerpts[position]!.excerpt }));
  return JSON.parse(JSON.stringify(reference)) as ReturnType<typeof indexOf>;
}

const word = fc.constantFrom('agent', 'Agent', 'AGENT', 'keys', 'key', 'rotate', 'déjà', 'vu', 'naïve', '東京', 'x', '__proto__', 'constructor', '42', 'v1.2', 'e-mail');
const separator = fc.constantFrom(' ', '  ', '\n', ', ', '. ', '-', '—', '!', '\u00a0', '/', '(', ')', '"', '');
const text = fc.array(fc.tuple(word, separator), { maxLength: 40 }).map((parts) => parts.map(([w, s]) => w + s).join(''));
const documents = fc.array(
  fc.record({ title: text, headings: text, text, section: fc.option(fc.constantFrom('Guides', 'API'), { nil: undefined }), variant: fc.option(fc.constantFrom('v1', 'v2'), { nil: undefined }) }),
  { maxLength: 12 },
);

describe('SiteSearchIndex', () => {
  it('writes the same script as searchIndexScript over the documents in page order, whatever order the pages finish in', () => {
    const documents = [page(0, 'install the agent'), page(2, 'rotate the keys'), page(3, 'agent keys and more words than an excerpt keeps '.repeat(5))];
    const search = new SiteSearchIndex();
    // Page 1 has no document; pages arrive as worker threads would hand them.
    search.add(3, documents[2]);
    search.add(1, undefined);
    search.add(2, documents[1]);
    search.add(0, documents[0]);
    expect(search.script()).toBe(searchIndexScript(documents));
  });

  it('indexes the pages still waiting for an earlier one when the script is written', () => {
    const search = new SiteSearchIndex();
    search.add(2, page(2, 'second'));
    search.add(1, page(1, 'first'));
    expect(search.script()).toBe(searchIndexScript([page(1, 'first'), page(2, 'second')]));
  });

  it('serializes what MiniSearch serializes for the same documents: every field equal, the same terms with the same postings', () => {
    fc.assert(
      fc.property(documents, (drawn) => {
        const docs = drawn.map((fields, id): SearchDocument => ({ id: id * 3, href: `p${id}/index.html`, ...fields }));
        const ours = indexOf(searchIndexScript(docs));
        const theirs = miniSearchJson(docs);
        const { index: ourTerms, ...ourRest } = ours;
        const { index: theirTerms, ...theirRest } = theirs;
        expect(ourRest).toEqual(theirRest);
        // Term order is the radix tree's in MiniSearch and first use here; loadJS does not depend on it.
        expect(new Map(ourTerms)).toEqual(new Map(theirTerms));
        expect(ourTerms.length).toBe(theirTerms.length);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the same script however often it writes the postings of the documents so far as JSON', () => {
    fc.assert(
      fc.property(documents, fc.integer({ min: 1, max: 5 }), fc.array(fc.nat(), { maxLength: 12 }), (drawn, settleEvery, order) => {
        const docs = drawn.map((fields, id): SearchDocument => ({ id, href: `p${id}/index.html`, ...fields }));
        // Pages handed over out of order, as worker threads finish them.
        const arrival = docs.map((_, position) => position).sort((a, b) => (order[a] ?? a) - (order[b] ?? b));
        const search = new SiteSearchIndex(settleEvery);
        for (const position of arrival) search.add(position, docs[position]);
        expect(search.script()).toBe(searchIndexScript(docs));
      }),
      { numRuns: 300 },
    );
  });

  it('answers every search as an index MiniSearch built, once loaded with MiniSearch.loadJS', () => {
    const docs = Array.from({ length: 60 }, (_, id): SearchDocument => ({
      id,
      title: `Rotate key ${id % 7}`,
      headings: id % 3 === 0 ? 'Install the agent' : '',
      text: `The agent ${'rotates keys '.repeat(id % 5)}every ${id} days; déjà vu for Page-${id}.`,
      href: `p${id}/index.html`,
      ...(id % 2 === 0 ? { section: 'Guides' } : {}),
    }));
    const ours = MiniSearch.loadJS(indexOf(searchIndexScript(docs)) as never, options);
    const theirs = MiniSearch.loadJS(miniSearchJson(docs) as never, options);
    for (const query of ['agent', 'rotate', 'key', 'rot', 'déjà', 'page 12', 'install agent', 'ajent', 'days vu']) {
      for (const searchOptions of [{}, { prefix: true }, { fuzzy: 0.2 }, { prefix: true, fuzzy: 0.2, combineWith: 'AND' as const }]) {
        const answer = (index: MiniSearch) => index.search(query, searchOptions).map((result) => [result.id, result.score.toFixed(9), result.href]).sort();
        expect(answer(ours), `${query} ${JSON.stringify(searchOptions)}`).toEqual(answer(theirs));
      }
    }
    expect(ours.search('agent').length).toBeGreaterThan(10);
  });
});
